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


def compare_rows(asked: dict) -> list[dict]:
    """The same hand scored in every variant, side by side: each with the context fields it
    reads and its own house rules at their defaults; a variant that does not take the hand
    (honors in Sichuan, a hand on no line of the American card) says why."""
    from scoring import engine

    rows = []
    for variant_id, variant in VARIANTS.items():
        context = {name: value for name, value in asked.get("context", {}).items()
                   if name in variant.context_fields}
        result = engine.score({"variant": variant_id, "hand": asked.get("hand"),
                               "context": context})
        main = sorted(result.get("patterns") or [], key=lambda p: -p["value"] * p["count"])
        rows.append({"variant": variant, "result": result, "patterns": main[:3]})
    return rows


def compare_context(asked: dict, back: str, lang: Lang, urls: dict) -> dict:
    """The compare page's content (pocket/compare.jinja); `back`: the query it was asked with."""
    return {**lang_context(lang), "urls": urls, "hand": asked.get("hand", ""),
            "rows": compare_rows(asked), "back": back}


def compare_asked(reading: Reading) -> dict:
    """What the compare page asks every variant: the scorer form's engine request, less what
    the form refused (Django's form drops a field with an error from its cleaned data)."""
    asked = dict(reading.request or {})
    if reading.hand_errors:
        asked["hand"] = ""
    return asked
