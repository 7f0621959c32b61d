"""The engine's entry points, shared by every door (API, command line, web form)."""

from .context import parse_context
from .errors import HandError
from .messages import gettext_noop
from .variants import VARIANTS, get_variant

# The longest deal settled: a real deal has a few kongs and at most three wins.
MAX_EVENTS = 200


def variant_and_rules(request):
    """The request's variant and its checked house rules (a request with a hand, §2 and §6)."""
    if not isinstance(request, dict):
        raise HandError("bad_request", gettext_noop(
            "The request must be a JSON object with 'variant' and 'hand'."))
    variant = get_variant(request.get("variant"))
    return variant, variant.check_rules(request.get("rules"))


def score(request) -> dict:
    """Score one request of the contract (§2); bad input gives the error shape, never raises."""
    try:
        variant, rules = variant_and_rules(request)
        ctx = parse_context(request.get("context"))
        line = request.get("line")
        if line is not None and not variant.card_lines:
            raise HandError("bad_request", gettext_noop(
                "{variant} has no card: 'line' names a line of an American card.",
                variant=variant.name), ("line",))
        return variant.score(request.get("hand"), ctx, rules, line)
    except HandError as error:
        return error.as_result()


def score_fans(request) -> dict:
    """A hand entered by its fans rather than its tiles: {"variant", "fans": {fan id: count},
    "flowers": how many, "context", "rules"}, checked and paid by the variant
    (`Variant.score_fans`: MCR; the others refuse it); bad input gives the error shape."""
    try:
        variant, rules = variant_and_rules(request)
        ctx = parse_context(request.get("context"))
        return variant.score_fans(request.get("fans"), request.get("flowers", 0), ctx, rules)
    except HandError as error:
        return error.as_result()


def analyse(request) -> dict:
    """What wins a 13-tile hand, and for how much (contract §6); bad input gives the error
    shape, never raises."""
    try:
        variant, rules = variant_and_rules(request)
        return variant.analyse(request.get("hand"), request.get("context"), rules)
    except HandError as error:
        return error.as_result()


def settle(request) -> dict:
    """Settle a whole deal (contract §5) for the variants that have events to settle: those that
    pay during the deal (Sichuan: kongs, several winners, the wall's end) and American (its false
    wins), by `Variant.settle_deal`; the others answer unknown_variant."""
    try:
        if not isinstance(request, dict):
            raise HandError("bad_request", gettext_noop(
                "The request must be a JSON object with 'variant' and 'events'."))
        events = request.get("events")
        if isinstance(events, list) and len(events) > MAX_EVENTS:
            raise HandError("bad_request", gettext_noop(
                "The deal has {count} events; a deal may have at most {most}.",
                count=len(events), most=MAX_EVENTS))
        return get_variant(request.get("variant")).settle_deal(request)
    except HandError as error:
        return error.as_result()


def catalog() -> dict:
    """Every variant with its patterns and house options, for GET /api/variants."""
    return {"variants": [variant.describe() for variant in VARIANTS.values()]}
