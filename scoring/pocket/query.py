"""The scoring page's query string, in pure Python: the server's form (scoring/forms.py) and the
pocket engine's reading of the same form (scoring/pocket/reading.py) both write and read it."""

from scoring.engine.context import FLAGS
from scoring.engine.variants import VARIANTS

DEFAULT_VARIANT = "shanghai"

# The context's fields other than the flags, in the order the page shows them.
CONTEXT_VALUES = ("seat_wind", "round_wind", "discarder", "dealer", "void_suit", "opponents",
                  "exchanger", "dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks")
# Riichi's indicators: tiles written in the notation ("3m 0p E"), sent to the engine as one text.
INDICATOR_FIELDS = ("dora_indicators", "ura_dora_indicators")


def context_for(variant_id: str) -> dict:
    """The flags and the other context fields the variant reads (its rules document), in the
    page's order."""
    reads = VARIANTS[variant_id].context_fields
    return {"flags": tuple(f for f in FLAGS if f in reads),
            "fields": tuple(f for f in CONTEXT_VALUES if f in reads)}


def rule_text(value) -> str:
    """An option's value as the query string writes it."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def query_pairs(variant_id: str, hand: str | None, context: dict,
                rules: dict) -> list[tuple[str, str]]:
    """The scoring page's GET query for a request: the one permalink shape (flags as 'on', the
    dealer as 1/0, each opponent once, rules under their variant's prefix); no hand, no 'hand'."""
    pairs = [("variant", variant_id)] + ([("hand", hand)] if hand is not None else [])
    for name, value in context.items():
        if name in FLAGS:
            if value:
                pairs.append((name, "on"))
        elif name == "dealer":
            pairs.append((name, rule_text(value)))
        elif name == "opponents":
            pairs += [(name, seat) for seat in value]
        elif name in INDICATOR_FIELDS:
            text = value if isinstance(value, str) else " ".join(value)
            if text:
                pairs.append((name, text))
        else:
            pairs.append((name, value))
    pairs += [(f"{variant_id}-{name}", rule_text(value)) for name, value in rules.items()]
    return pairs
