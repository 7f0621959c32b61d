"""The trainer's pages: /learn/, a variant's drills, and one drill asked and marked (a GET:
marking stores nothing, so an answer and its marking are a link). The drill's content is the
fragment the phone renders too (pocket/drill.jinja, scoring/trainer/page.py)."""

from django.http import Http404
from django.shortcuts import render
from django.template import engines
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from scoring import engine
from scoring.engine.variants import VARIANTS
from scoring.pocket.server import django_lang
from scoring.trainer import drills
from scoring.trainer.page import drill_context


@require_safe
def learn(request):
    return render(request, "learn/index.html", {"variants": engine.catalog()["variants"]})


@require_safe
def variant(request, variant):
    known(variant)
    return render(request, "learn/variant.html", {
        "variant": VARIANTS[variant].describe(), "kinds": drills.KINDS, "levels": drills.LEVELS,
        "patterns": list(drills.patterns_of(variant).values())})


@require_safe
def drill(request, variant, kind):
    known(variant, kind)
    pairs = [(name, value) for name, values in request.GET.lists() for value in values]
    context = drill_context(variant, kind, pairs, django_lang(), trainer_urls())
    html = engines["jinja2"].env.get_template("pocket/drill.jinja").render(context)
    return render(request, "learn/drill.html", {"content": mark_safe(html), "kind": kind,
                                                "variant": VARIANTS[variant]})


def trainer_urls() -> dict:
    return {"index": reverse("index"), "learn": reverse("learn")}


def known(variant: str, kind: str = "worth") -> None:
    if variant not in VARIANTS or kind not in drills.KINDS:
        raise Http404(f"No drill {variant}/{kind}")
