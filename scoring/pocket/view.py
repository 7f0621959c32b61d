"""The context of the scorer's fragments (templates pocket/*.jinja) from a Reading: the same
function for the server (a Reading made from its ScoreForm, scoring.pocket.server) and for the
phone (a Reading made by scoring.pocket.reading), so both render the same thing."""

from scoring.engine.variants import VARIANTS
from scoring.pocket.env import lang_context
from scoring.pocket.lang import Lang
from scoring.pocket.reading import Reading


def fragment_context(reading: Reading, lang: Lang, urls: dict, table_token: str = "") -> dict:
    """`urls`: index, compare, table_new and table_from_scorer (with TOKEN for the table's edit
    token), as the server's URLconf writes them."""
    return {
        **lang_context(lang), "urls": urls, "table_token": table_token,
        "result": reading.result, "analysis": reading.analysis,
        "hand_errors": reading.hand_errors, "context_errors": reading.context_errors,
        "rule_errors": [(name, reading.rule_errors.get(name, []))
                        for name in reading.rule_names.values()],
        "no_score": reading.no_score, "card_line": reading.card_line,
        "permalink": reading.permalink,
        "printed_ids": VARIANTS[reading.variant_id].printed_ids,
    }
