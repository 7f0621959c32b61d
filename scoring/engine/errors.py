"""The one exception the engine raises on bad input; the doors turn it into the contract's error shape."""


class HandError(Exception):
    """A request the engine cannot score: `code` is the contract's error code, `message` is for a player."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_result(self) -> dict:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}
