"""The scoring page's query string and its engine request, in pure Python: the server's form
(scoring/forms.py) and the pocket engine's reading of the same form (scoring/pocket/reading.py)
both write and read it through these, from the engine's one declaration of the context fields
(scoring/engine/context.py, CONTEXT_FIELDS)."""

from urllib.parse import urlencode

from scoring import engine
from scoring.engine.analyse import before_the_win
from scoring.engine.api import score_fans
from scoring.engine.context import (
    CONTEXT_FIELDS,
    COUNT,
    FIELDS_BY_NAME,
    FLAG,
    SEAT,
    SEATS,
    SUIT,
    TILES,
    WIND,
    YES_NO,
    ContextField,
)
from scoring.engine.messages import gettext_noop
from scoring.engine.notation import format_hand, parse
from scoring.engine.variants import VARIANTS

DEFAULT_VARIANT = "shanghai"

# Riichi's indicators are tiles written in the notation ("3m 0p E"), sent as one text.
INDICATOR_MAX_LENGTH = 40


def request_value(spec: ContextField, value):
    """A box's cleaned value as the engine request writes it."""
    if spec.kind is YES_NO:
        return value == "1"
    if spec.kind is SEATS:
        return list(value)
    return True if spec.kind is FLAG else value


def given(spec: ContextField, value) -> bool:
    """Whether the player gave a box's value: a ticked flag, a choice, a typed count (0
    included); an empty box is left out of the request, for the engine's default (Riichi's
    sticks: the winner's own one, when riichi is ticked)."""
    return value is not None if spec.kind is COUNT else bool(value)


# The engine request lists the context, and so the page's links their query, in this order of
# kinds (each kind's fields in the table's order): the flags, the seats, winds and suit, dealer,
# the opponents, then Riichi's tiles and counts.
REQUEST_ORDER = {FLAG: 0, WIND: 1, SEAT: 1, SUIT: 1, YES_NO: 2, SEATS: 3, TILES: 4, COUNT: 4}
REQUEST_FIELDS = sorted(CONTEXT_FIELDS, key=lambda spec: REQUEST_ORDER[spec.kind])


def context_for(variant_id: str) -> dict:
    """The flags and the other context fields the variant reads (its rules document), in the
    table's order."""
    reads = VARIANTS[variant_id].context_fields
    return {"flags": tuple(f.name for f in CONTEXT_FIELDS if f.kind is FLAG and f.name in reads),
            "fields": tuple(f.name for f in CONTEXT_FIELDS
                            if f.kind is not FLAG and f.name in reads)}


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
        spec = FIELDS_BY_NAME.get(name)
        kind = spec.kind if spec else None
        if kind is FLAG:
            if value:
                pairs.append((name, "on"))
        elif kind is YES_NO:
            pairs.append((name, rule_text(value)))
        elif kind is SEATS:
            pairs += [(name, seat) for seat in value]
        elif kind is TILES:
            text = value if isinstance(value, str) else " ".join(value)
            if text:
                pairs.append((name, text))
        else:
            pairs.append((name, value))
    pairs += [(f"{variant_id}-{name}", rule_text(value)) for name, value in rules.items()]
    return pairs


def analysis_listed(entered: dict) -> dict | None:
    """A hand one tile short (the form's engine request), as the page shows it (contract §6):
    {"shanten", "unit", "waits", "useful", "unseen", "note"}. Ready: its waits, each scored
    self-drawn and on a discard (the winning-tile flags left out: every wait is tried both
    ways), best first, each with the player's gain, its copies unseen and the hand it completes
    (`hand`, and `query`, the link to it). Not ready: the useful tiles, each with its copies unseen
    (`unseen`: all of them). None when the engine does not analyse it (its error)."""
    request = {**entered, "context": before_the_win(entered["context"])}
    request["hand"] = format_hand(parse(entered["hand"])._replace(winning=None))  # no +X
    answer = engine.analyse(request)
    if not answer["ok"]:
        return None
    seat = entered["context"].get("seat_wind", "E")
    unseen = answer["unseen"]

    def completed(tile):
        return f"{request['hand']} {tile} +{tile}"

    waits = sorted(
        ({**wait, "unseen": unseen[wait["tile"]], "hand": completed(wait["tile"]),
          "gain_self_drawn": wait["self_drawn"]["net"][seat],
          "gain_discard": wait["discard"]["net"][seat], "query": urlencode(query_pairs(
              entered["variant"], completed(wait["tile"]), entered["context"],
              entered["rules"]))} for wait in answer["waits"]),
        key=lambda w: -max(w["self_drawn"]["total"], w["discard"]["total"]))
    useful = [{"tile": tile, "unseen": unseen[tile]} for tile in answer["useful"]]
    return {"shanten": answer["shanten"], "unit": answer["unit"], "waits": waits,
            "useful": [] if waits else useful,
            "unseen": sum(item["unseen"] for item in useful),
            "note": (answer.get("furiten") or {}).get("text")}  # Riichi: furiten


# A hand counted at the table and entered by its fans (MCR, `Variant.entry_fans`): each fan a
# box "fan_<id>" (ticked, or for a fan counted per set how many times, 1 to 4) and the flowers a
# count; the server's form (scoring/forms.py, FanTicks) and the phone's reading read the same.
FAN_FIELD = "fan_"
MOST_PER_SET = 4
MOST_FLOWERS = 8
FANS_AND_HAND = gettext_noop("Score the tiles or the ticked fans, not both: clear the hand, or "
                             "untick the fans.")
FLOWERS_ALONE = gettext_noop("The flowers are counted with the ticked fans: tick the fans too, "
                             "or write the flowers in the hand (1f ... 8f).")


def fans_score(request: dict, fans: dict, flowers: int) -> dict:
    """The scorer's request scored by its ticked fans instead of its tiles (engine.score_fans):
    its context and rules, the fans and the flowers; a hand given too, or flowers without a fan
    ticked, is refused (the page scores one or the other)."""
    if request.get("hand"):
        return {"ok": False, "error": {"code": "bad_request", "message": FANS_AND_HAND,
                                       "fields": ["hand", "fans"]}}
    if not fans:
        return {"ok": False, "error": {"code": "bad_request", "message": FLOWERS_ALONE,
                                       "fields": ["flowers"]}}
    return score_fans({"variant": request["variant"], "fans": fans, "flowers": flowers,
                              "context": request["context"], "rules": request["rules"]})


def fan_pairs(fans: dict, flowers: int, per_set: set) -> list[tuple[str, str]]:
    """The ticks in the page's query: 'on' for a ticked fan, the count for one counted per set
    (`per_set`: their ids), the flowers when there are any."""
    pairs = [(FAN_FIELD + fan_id, str(count) if fan_id in per_set else "on")
             for fan_id, count in fans.items()]
    return pairs + ([("flowers", str(flowers))] if flowers else [])
