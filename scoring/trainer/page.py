"""A drill page's content, from its query: the context of pocket/drill.jinja, which the server
(scoring/trainer/views.py) and the phone (scoring/pocket/entry.py) render alike. No Django."""

import random
import secrets
from urllib.parse import urlencode

from scoring.engine.variants import VARIANTS
from scoring.pocket.env import lang_context
from scoring.pocket.lang import Lang
from scoring.pocket.query import query_pairs
from scoring.trainer import drills


def drill_context(variant_id: str, kind: str, pairs, lang: Lang, urls: dict) -> dict:
    """`pairs`: the query's (name, value) pairs in order (lists of two, from the phone's page);
    `urls`: index (the scorer) and learn (the trainer's root), as the URLconf writes them."""
    pairs = [(name, value) for name, value in pairs]
    asked = drills.read(pairs, variant_id, kind)
    seed = asked.seed if asked.seed is not None else secrets.randbelow(drills.SEED_MAX)
    drill = drills.make(variant_id, kind, asked.level, seed, asked.focus)
    marked = drills.mark(drill, asked.answer) if asked.answered and not asked.errors else None
    context = drill.request.get("context", {})
    variant = VARIANTS[variant_id]
    here = f"{urls['learn']}{variant_id}/{kind}/"
    return {
        **lang_context(lang), "variant": variant, "drill": drill, "asked": asked,
        "marked": marked, "rows": pattern_rows(drill, asked.answer) if kind == "worth" else [],
        "context_items": [(name, value) for name, value in context.items()
                          if not (value is False or value in ("", None, []))],
        "keyboard": drills.keyboard(variant_id), "seats": drills.SEATS,
        "here": here, "variant_page": f"{urls['learn']}{variant_id}/", "learn": urls["learn"],
        "asked_query": urlencode(pairs),
        # The next drill's seed follows from this one's, so the same page renders the same on
        # the server and in the phone; only a page asked with no seed draws one.
        "next_url": here + "?" + urlencode({"level": drill.level, "seed": random.Random(
            f"next/{seed}").randrange(drills.SEED_MAX)}),
        "scorer_url": urls["index"] + "?" + urlencode(query_pairs(
            variant_id, drill.hand, context, drill.request.get("rules") or {})),
    }


def pattern_rows(drill: drills.Drill, answer: dict) -> list[dict]:
    """Each pattern offered: whether the player ticked it and whether it counts (as counted),
    or why not (an exclusion's reason)."""
    counted = {p["id"]: p for p in drill.result["patterns"]}
    excluded = {p["id"]: p for p in drill.result["excluded"]}
    ticked = set(answer["patterns"])
    return [{"pattern": p, "ticked": p["id"] in ticked, "counted": counted.get(p["id"]),
             "excluded": excluded.get(p["id"])} for p in drill.choices]
