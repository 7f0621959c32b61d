"""The trainer's pages: /learn/, a variant's drills, and one drill asked and marked (GET: marking
stores nothing; the answer and its marking are a link)."""

import secrets
from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring import engine
from scoring.engine.variants import VARIANTS
from scoring.examples import example_query
from scoring.trainer import drills
from scoring.trainer.forms import SEED_MAX, DrillForm


@require_safe
def learn(request):
    return render(request, "learn/index.html", {"variants": engine.catalog()["variants"]})


@require_safe
def variant(request, variant):
    described = described_variant(variant)
    return render(request, "learn/variant.html", {
        "variant": described, "kinds": drills.KINDS, "levels": drills.LEVELS,
        "patterns": list(drills.patterns_of(variant).values())})


@require_safe
def drill(request, variant, kind):
    described = described_variant(variant)
    if kind not in drills.KINDS:
        raise Http404(f"No drill {kind}")
    form = DrillForm(request.GET or None, kind, variant)
    valid = form.is_valid()
    name = {field: form.cleaned_data.get(field) if hasattr(form, "cleaned_data") else None
            for field in ("level", "seed", "focus")}
    level = name["level"] if name["level"] in drills.LEVELS else 1
    seed = name["seed"] if name["seed"] is not None else secrets.randbelow(SEED_MAX)
    asked = drills.make(variant, kind, level, seed, name["focus"] or "")
    marked = drills.mark(asked, form.answer()) if valid and form.cleaned_data["answered"] else None
    # What the player ticked comes back ticked, an answer with an error too.
    shown = form.answer() if valid else {"patterns": request.GET.getlist("patterns"),
                                         "tiles": request.GET.getlist("tiles"), "net": {}}
    return render(request, "learn/drill.html", {
        "variant": described, "drill": asked, "form": form, "marked": marked, "answer": shown,
        "rows": pattern_rows(asked, shown) if kind == "worth" else [],
        "context_items": context_items(asked.request.get("context", {})),
        "keyboard": drills.keyboard(variant), "seats": drills.SEATS,
        "next_query": urlencode({"level": level, "seed": secrets.randbelow(SEED_MAX)}),
        "scorer_query": example_query(variant, asked.hand, asked.request.get("context", {}),
                                      asked.request.get("rules")),
    })


def described_variant(variant_id: str) -> dict:
    if variant_id not in VARIANTS:
        raise Http404(f"No variant {variant_id}")
    return VARIANTS[variant_id].describe()


def pattern_rows(asked: drills.Drill, answer: dict) -> list[dict]:
    """Each pattern offered: whether the player ticked it and whether it counts (with its value
    as counted), or why it does not (an exclusion's reason)."""
    counted = {p["id"]: p for p in asked.result["patterns"]}
    excluded = {p["id"]: p for p in asked.result["excluded"]}
    ticked = set(answer["patterns"])
    return [{"pattern": p, "ticked": p["id"] in ticked, "counted": counted.get(p["id"]),
             "excluded": excluded.get(p["id"])} for p in asked.choices]


def context_items(context: dict) -> list[tuple]:
    """The hand's context as the page shows it: (field, value, tiles) where `tiles` says the
    value is a list of tiles (Riichi's indicators), drawn as tiles."""
    return [(name, value, isinstance(value, list)) for name, value in context.items()]
