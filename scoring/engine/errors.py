"""The one exception the engine raises on bad input; doors turn it into the error shape."""


class HandError(Exception):
    """A request the engine cannot score: `code` from the contract, `message` for a player."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_result(self) -> dict:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}
