"""Example hands for the pattern library, one module per variant id: `EXAMPLES = {pattern_id:
(hand, context)}` or `(hand, context, rules)`. A variant without a module shows no examples (and a
test fails until it has one for every pattern)."""

from importlib import import_module
from urllib.parse import urlencode

from scoring.engine.context import FLAGS


def examples_for(variant_id: str) -> dict:
    try:
        module = import_module(f"scoring.examples.{variant_id}")
    except ModuleNotFoundError:
        return {}
    return module.EXAMPLES


def example_request(variant_id: str, example: tuple) -> dict:
    """The contract request (§2) of one example."""
    hand, context, *rules = example
    return {"variant": variant_id, "hand": hand, "context": context,
            "rules": rules[0] if rules else {}}


def example_query(variant_id: str, hand: str, context: dict, rules=None) -> str:
    """The scoring page's query for an example (the same shape as the page's permalinks)."""
    pairs = [("variant", variant_id), ("hand", hand)]
    for name, value in context.items():
        if name in FLAGS:
            if value:
                pairs.append((name, "on"))
        elif name == "dealer":
            pairs.append((name, "1" if value else "0"))
        elif name == "opponents":
            pairs += [(name, seat) for seat in value]
        else:
            pairs.append((name, value))
    for name, value in (rules or {}).items():
        if isinstance(value, bool):
            value = "1" if value else "0"
        pairs.append((f"{variant_id}-{name}", value))
    return urlencode(pairs)
