"""Example hands for the pattern library, one module per variant id: `EXAMPLES = {pattern_id:
(hand, context)}` or `(hand, context, rules)`. A variant without a module shows no examples (and a
test fails until it has one for every pattern)."""

from importlib import import_module
from urllib.parse import urlencode

from scoring.pocket.query import query_pairs


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
    return urlencode(query_pairs(variant_id, hand, context, rules or {}))
