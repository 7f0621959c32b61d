"""The context of the scorer's fragments (templates pocket/*.jinja) from a Reading: the same
function for the server (a Reading made from its ScoreForm, scoring.pocket.server) and for the
phone (a Reading made by scoring.pocket.reading), so both render the same thing."""

import uuid

from scoring.engine.messages import gettext_noop
from scoring.engine.variants import VARIANTS
from scoring.pocket.env import lang_context
from scoring.pocket.lang import Lang
from scoring.pocket.reading import Reading


def fragment_context(reading: Reading, lang: Lang, urls: dict, table: dict | None = None) -> dict:
    """`urls`: index, compare, table_new and table_from_scorer (with TOKEN for the table's edit
    token), as the server's URLconf writes them. `table`: the table the result can be added to
    ({"token": its edit token, "name"}), or None."""
    return {
        **lang_context(lang), "urls": urls, **table_context(table),
        "result": reading.result, "analysis": reading.analysis,
        "hand_errors": reading.hand_errors, "context_errors": reading.context_errors,
        "rule_errors": [(name, reading.rule_errors.get(name, []))
                        for name in reading.rule_names.values()],
        "no_score": reading.no_score, "card_line": reading.card_line,
        "permalink": reading.permalink,
        "printed_ids": VARIANTS[reading.variant_id].printed_ids,
        # a result a table or the compare page can take: its tiles, or its ticked fans
        "tabled": bool(reading.result and (reading.result.get("hand") or reading.fans)),
    }


def table_context(table: dict | None) -> dict:
    """The "Add to <table>" button's context (pocket/add_to_table.jinja): the table, its
    from-scorer URL's TOKEN to replace, and the one-time key of the tap (a new one each time the
    button is drawn, so a double tap stores one hand and an undone hand can be added again)."""
    if not table or not table.get("token"):
        return {"table": None, "table_token": "", "once": ""}
    return {"table": {"token": table["token"], "name": table.get("name") or ""},
            "table_token": table["token"], "once": uuid.uuid4().hex}


FANS_NOT_TILES = gettext_noop("This hand was counted by its fans, without its tiles: this "
                              "variant scores the tiles.")


def compare_rows(asked: dict) -> list[dict]:
    """The same hand scored in every variant, side by side: each with the context fields it
    reads and its own house rules at their defaults; a variant that does not take the hand
    (honors in Sichuan, a hand on no line of the American card) says why. A hand counted by
    its fans (`asked["fans"]`, MCR's "Count by fans") is scored by them where the variant takes
    them (the engine checks the exclusions and the minimum); the others say they score tiles."""
    from scoring import engine
    from scoring.engine.api import score_fans

    rows = []
    fans = asked.get("fans")
    for variant_id, variant in VARIANTS.items():
        context = {name: value for name, value in asked.get("context", {}).items()
                   if name in variant.context_fields}
        if fans and variant.entry_fans():  # a hand counted by its fans: the variants taking them
            result = score_fans({"variant": variant_id, "fans": fans, "context": context,
                                 "flowers": asked.get("flowers", 0)})
        elif fans:  # ... the others score tiles, which this hand was not entered with
            result = {"ok": False, "by_fans": True, "error": {"code": "bad_request",
                                                               "message": FANS_NOT_TILES}}
        else:
            result = engine.score({"variant": variant_id, "hand": asked.get("hand"),
                                   "context": context})
        main = sorted(result.get("patterns") or [], key=lambda p: -p["value"] * p["count"])
        rows.append({"variant": variant, "result": result, "patterns": main[:3]})
    if fans:  # the variants that scored the fans first, the others after
        rows.sort(key=lambda row: not row["result"]["ok"])
    return rows


def compare_context(asked: dict, back: str, lang: Lang, urls: dict) -> dict:
    """The compare page's content (pocket/compare.jinja); `back`: the query it was asked with."""
    return {**lang_context(lang), "urls": urls, "hand": asked.get("hand", ""),
            "rows": compare_rows(asked), "back": back, "by_fans": bool(asked.get("fans"))}


def compare_asked(reading: Reading) -> dict:
    """What the compare page asks every variant: the scorer form's engine request, less what
    the form refused (Django's form drops a field with an error from its cleaned data)."""
    asked = dict(reading.request or {})
    if reading.hand_errors:
        asked["hand"] = ""
    if reading.fans and reading.result is not None:  # counted by its fans (`compare_rows`)
        asked.update({"hand": "", "fans": dict(reading.fans), "flowers": reading.flowers})
    return asked
