"""The server's side of the shared fragments (Django; not in the pack): the Jinja2 environment
Django's backend builds, and a Reading made from the scorer's ScoreForm."""

from django.urls import reverse
from django.utils.translation import get_language, gettext, ngettext, npgettext, pgettext

from scoring.pocket.env import configure
from scoring.pocket.lang import Lang
from scoring.pocket.reading import Reading

TABLE_COOKIE = "mahjong_table"


def server_environment(**options):
    """settings.TEMPLATES' Jinja2 environment: Django's loader and autoescape, our filters."""
    from jinja2 import Environment

    return configure(Environment(**options))


def django_lang() -> Lang:
    """The request's language, through Django's catalogs (the same .mo files as the phone's)."""
    return Lang(get_language() or "en", gettext, ngettext, pgettext, npgettext)


def page_urls() -> dict:
    return {"index": reverse("index"), "compare": reverse("compare"),
            "table_new": reverse("table-new"),
            "table_from_scorer": reverse("table-from-scorer", args=["TOKEN"]),
            "learn": reverse("learn")}


def scorer_table(request) -> dict | None:
    """The table the scorer's result can be added to: the one whose edit link the phone opened
    last (its cookie, TABLE_COOKIE), as {"token", "name"}; None without one. Read once per
    request (the page's data block and each fragment ask)."""
    if request is None:
        return None
    if not hasattr(request, "scorer_table"):
        from scoring.tables.services import scorer_table as table_of

        table = table_of(request.COOKIES.get(TABLE_COOKIE, ""))
        request.scorer_table = None if table is None else {"token": table.edit_token,
                                                           "name": table.name}
    return request.scorer_table


def add_button_html(table: dict, permalink: str) -> str:
    """The "Add to <table>" button alone (pocket/add_to_table.jinja), as the result's summary
    line shows it: after an undo, the table's answer puts it back."""
    from django.template import engines
    from django.utils.safestring import mark_safe

    from scoring.pocket.env import lang_context
    from scoring.pocket.view import table_context

    template = engines["jinja2"].env.get_template("pocket/add_to_table.jinja")
    return mark_safe(template.render({**lang_context(django_lang()), "urls": page_urls(),
                                      "permalink": permalink, **table_context(table)}))


def _shown(errors) -> list:
    return [(error.code, " ".join(str(m) for m in error.messages)) for error in errors]


def reading_from_form(form, result, permalink: str) -> Reading:
    """What the bound (or unbound) ScoreForm made of its query, as the fragments show it."""
    by_field = form.errors.as_data() if form.is_bound else {}
    reading = Reading(form.variant_id, dict(form.rule_names))
    reading.result, reading.analysis, reading.permalink = result, form.analysis, permalink
    if getattr(form, "by_fans", False):  # ScoreForm.clean_fans: scored by the ticked fans
        reading.fans, reading.flowers = form.ticked_fans(), form.cleaned_data.get("flowers") or 0
    reading.hand_errors = _shown(by_field.get("hand", []))
    reading.context_errors = _shown(by_field.get("__all__", []))
    reading.rule_errors = {name: _shown(by_field.get(name, []))
                           for name in form.rule_names.values()}
    known = {"hand", "__all__", *form.rule_names.values()}
    reading.other_errors = any(name not in known for name in by_field)
    if "line" in form.fields and form["hand"].value():
        reading.card_line = {
            "sections": [(str(section), [(value, str(label)) for value, label in lines])
                         for section, lines in form.fields["line"].choices[1:]],
            "value": form["line"].value() or ""}
    return reading


def fragment_html(request, form, result, permalink: str, fragment_name: str, **extra) -> str:
    """A shared fragment (templates pocket/<name>.jinja) of the scorer page, from its form:
    what the Django pages include, and the htmx answer (name "result")."""
    from django.template import engines
    from django.utils.safestring import mark_safe

    from scoring.pocket.view import fragment_context

    reading = reading_from_form(form, result, permalink)
    context = fragment_context(reading, django_lang(), page_urls(), scorer_table(request))
    if "name" in extra:  # one house rule's message box
        extra["errors"] = reading.rule_errors.get(extra["name"], [])
    template = engines["jinja2"].env.get_template(f"pocket/{fragment_name}.jinja")
    return mark_safe(template.render({**context, **extra}))


def compare_html(asked: dict, back: str) -> str:
    """The compare page's content (pocket/compare.jinja) for the form's engine request."""
    from django.template import engines
    from django.utils.safestring import mark_safe

    from scoring.pocket.view import compare_context

    template = engines["jinja2"].env.get_template("pocket/compare.jinja")
    return mark_safe(template.render(compare_context(asked, back, django_lang(), page_urls())))
