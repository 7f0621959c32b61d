"""The result of scoring one hand (contract §3): the one value every variant's pipeline returns
(`Variant.result`), serialised once (`Result.as_dict`) to the contract's JSON object.

Each field says what it holds (`doc`); the OpenAPI description of the result is generated from
these fields (scoring/openapi.py), so the two cannot drift. The standard fields are in every
result; the others (a default of None) belong to some variants and are left out of the JSON
where a variant does not fill them (`Variant.result_extras`).
"""

from dataclasses import MISSING, dataclass, field, fields
from functools import cache


def doc(text: str, optional: bool = False):
    """A field of the result and what it holds; `optional`: only some variants fill it."""
    if optional:
        return field(default=None, metadata={"doc": text})
    return field(metadata={"doc": text})


@dataclass(slots=True, kw_only=True)
class Result:
    """One scored hand, field by field in the contract's order (American orders its own).

    Filled once by the pipeline, then only read: a value. (Not frozen: a frozen dataclass is
    built field by field through object.__setattr__, which cost a scored hand 2 microseconds,
    some 2% of a Shanghai hand.)"""

    variant: str = doc("the variant's id")
    hand: str = doc("the hand in canonical notation")
    total: int | float = doc("the best total, after the variant's limit or cap (Riichi: the han)")
    raw_total: int | float = doc("the best reading's sum of patterns, before the limit")
    unit: str = doc("what the totals count: fan, faan, han, points")
    points: int | float = doc("what one paying player owes in the plain case, in the variant's "
                              "money, before any doubling")
    han: int | None = doc("Riichi: the han counted", True)
    fu: int | None = doc("Riichi: the fu of the reading counted (rounded up to 10; seven pairs "
                         "25)", True)
    fu_reasons: list[dict] | None = doc("Riichi: each fu and why ({fu, reason, text})", True)
    yakuman: int | None = doc("Riichi: how many times a yakuman is paid", True)
    explanation: list[dict] = doc("the steps from the patterns' sum to the money: {code, its "
                                  "numbers, text}")
    jokers: int | None = doc("American: the jokers in the hand", True)
    patterns: list[dict] = doc("the patterns counted for the best reading")
    excluded: list[dict] = doc("patterns that hold but are not counted, and what excludes them")
    form: str = doc("the best reading's form: standard, seven_pairs, ... (American: card or "
                    "temporary)")
    decomposition: list[str] = doc("the best reading's groups")
    winning_group: int | None = doc("the index in decomposition of the group the winning tile "
                                    "completed")
    match: dict | None = doc("American: the line matched and how each of its groups is filled",
                             True)
    alternatives: list[dict] = doc("the other readings, best first")
    waits: list[str] = doc("the tiles that would have completed the hand before the winning "
                           "tile")
    meets_minimum: bool = doc("whether the total reaches the minimum (under it, nobody pays)")
    minimum: int | float | None = doc("the variant's minimum total")
    limit: int | float | str | None = doc("the limit or cap applied, or the name of the limit "
                                          "reached (Riichi)")
    card: dict | None = doc("American: the card the hand was matched against ({name, lines})",
                            True)
    payments: dict = doc("the transfers between the seats and each seat's net")
    payment_reasons: list[str] = doc("why each transfer of payments is paid, in the same order")
    deposits: dict | None = doc("Riichi: the riichi sticks on the table, which the winner takes "
                                "({riichi_sticks, amount, to})", True)
    winner_receives: int | float | None = doc("Riichi: the transfers to the winner and the "
                                              "riichi sticks", True)
    context: dict = doc("how the hand was won: the context fields the variant reads")
    rules: dict = doc("the house options the hand was scored with")
    reading: str | None = doc("Hong Kong: which reading counts, ordinary or limit", True)

    def as_dict(self, keys: tuple[str, ...]) -> dict:
        """The contract's JSON object: "ok", then `keys` (`Variant.result_keys`) in order."""
        return serialiser(keys)(self)

    def summary(self) -> dict:
        """What analyse repeats of the result (contract §6); a hand nobody pays adds why
        (`unpaid`: its explanation note)."""
        found = {"total": self.total, "points": self.points, "meets_minimum": self.meets_minimum,
                 "patterns": [p["id"] for p in self.patterns], "net": self.payments["net"]}
        if not self.meets_minimum:
            note = unpaid_note(self.explanation)
            if note:
                found["unpaid"] = note
        return found


# The explanation notes that say why a scored hand is paid nothing: under the variant's minimum,
# or (Riichi) no yaku.
UNPAID_CODES = ("under_minimum", "no_yaku")


def unpaid_note(explanation) -> dict | None:
    """The note of a result's explanation that says why nobody pays, if there is one."""
    return next((note for note in explanation or () if note.get("code") in UNPAID_CODES), None)


STANDARD = tuple(f.name for f in fields(Result) if f.default is MISSING)
OPTIONAL = tuple(f.name for f in fields(Result) if f.default is not MISSING)


@cache
def serialiser(keys: tuple[str, ...]):
    """A function writing a result's JSON object for `keys` as one dict literal. It is generated
    once per key order (a variant's keys: a few tuples), as dataclasses generates `__init__`, so
    that serialising a hand costs what writing its dict out by hand did (a loop over the keys
    cost a Shanghai hand about 1% more)."""
    unknown = set(keys) - set(STANDARD) - set(OPTIONAL)
    if unknown:
        raise ValueError(f"not fields of Result: {sorted(unknown)}")
    return eval("lambda r: {'ok': True, " + ", ".join(f"{k!r}: r.{k}" for k in keys) + "}")


def keys_with(extras: tuple[str, ...]) -> tuple[str, ...]:
    """The result's keys: the standard fields and `extras` (optional fields), in field order."""
    unknown = set(extras) - set(OPTIONAL)
    if unknown:
        raise ValueError(f"not optional fields of Result: {sorted(unknown)}")
    return tuple(f.name for f in fields(Result) if f.name in STANDARD or f.name in extras)
