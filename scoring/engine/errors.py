"""The exceptions the engine raises on bad input; doors turn them into the error shape."""


class HandError(Exception):
    """A request the engine cannot score: `code` from the contract, `message` for a player, and
    `fields`, where known, the parts of the request at fault ("context.self_drawn",
    "rules.minimum_fan"), so that a form can show the message beside them."""

    def __init__(self, code: str, message: str, fields: tuple[str, ...] = ()):
        super().__init__(message)
        self.code = code
        self.message = message
        self.fields = fields

    def as_result(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.fields:
            error["fields"] = list(self.fields)
        return {"ok": False, "error": error}


class DealError(HandError):
    """An event a deal cannot take (the settle door, contract §5): the error names the event's
    index (also as `event`)."""

    def __init__(self, code: str, message: str, event: int):
        super().__init__(code, message)
        self.event = event

    def as_result(self) -> dict:
        result = super().as_result()
        result["error"]["event"] = self.event
        return result


# Every error code a door may answer with, and what it means (the OpenAPI description lists them;
# a test checks that each code the engine raises is here).
ERROR_CODES = {
    "bad_request": "The request is not JSON, not an object, or misses what it needs.",
    "too_large": "The request body is over the size limit (HTTP 413).",
    "bad_notation": "The hand is not written in the contract's notation, or is too long.",
    "too_many_copies": "The hand, or the hands of a deal together, need more copies of a tile "
                       "than the set holds.",
    "wrong_tile_count": "The hand has too many or too few tiles.",
    "not_a_winning_hand": "The tiles do not form a winning hand of the variant.",
    "tile_not_in_variant": "A tile the variant does not play with (honors in Sichuan).",
    "void_suit_present": "Sichuan: the hand holds its declared void suit.",
    "meld_not_allowed": "A claimed set the variant does not allow (a chow in Sichuan).",
    "bad_context": "A context the hand contradicts or the variant does not know.",
    "unknown_rule": "A house rule the variant does not have, or a value it does not take.",
    "unknown_variant": "No such variant, or one that does not settle whole deals.",
    "bad_card": "American: the card text cannot be read, or is too long.",
    "bad_event": "A deal event that is malformed or impossible; the message names its index.",
}
