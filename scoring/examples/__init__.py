"""Example hands for the pattern library, one module per variant id: `EXAMPLES = {pattern_id:
(hand, context)}`. A variant without a module simply shows no examples (a test lists them)."""

from importlib import import_module
from urllib.parse import urlencode

from scoring.engine.context import FLAGS


def examples_for(variant_id: str) -> dict:
    try:
        module = import_module(f"scoring.examples.{variant_id}")
    except ModuleNotFoundError:
        return {}
    return module.EXAMPLES


def example_query(variant_id: str, hand: str, context: dict) -> str:
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
    return urlencode(pairs)
