"""The Jinja2 environment of the fragments both runtimes render (templates under
scoring/pocket/templates/). The page's language is not the environment's: each render passes
`lang` (scoring.pocket.lang.Lang) in its context, and the filters and the i18n extension's
gettext calls read it there, so one environment serves every language, on the server (one per
process) as in the worker."""

from pathlib import Path

import jinja2

from scoring.pocket import filters

TEMPLATES = Path(__file__).resolve().parent / "templates"


def _with_lang(function):
    """A filter or global of the page's language: `function(lang, ...)` with the context's lang."""
    @jinja2.pass_context
    def bound(context, *args):
        return function(context["lang"], *args)
    return bound


def configure(env: jinja2.Environment) -> jinja2.Environment:
    env.add_extension("jinja2.ext.i18n")
    env.filters.update({
        "unit": _with_lang(filters.unit), "translated": _with_lang(filters.localize),
        "local_name": _with_lang(filters.local_name),
        "chinese_beside": _with_lang(filters.chinese_beside),
        "seat": _with_lang(filters.seat), "seat_letter": _with_lang(filters.seat_letter),
        "context_label": _with_lang(filters.context_label),
        "amount": _with_lang(filters.amount), "gain": _with_lang(filters.gain),
        "unpaid": _with_lang(filters.unpaid),
        "groups": filters.groups, "signed": filters.signed,
        "plural_count": filters.plural_count, "score_line": filters.score_line,
        "money_said": _with_lang(filters.money_said), "grouped": _with_lang(filters.grouped),
    })
    env.globals["tile"] = _with_lang(filters.tile)
    return env


def environment(**options) -> jinja2.Environment:
    """The worker's environment (and the tests'): the templates from the pack's own folder."""
    options.setdefault("loader", jinja2.FileSystemLoader(TEMPLATES))
    options.setdefault("autoescape", True)
    options.setdefault("auto_reload", False)
    return configure(jinja2.Environment(**options))


def lang_context(lang) -> dict:
    """The render context's language: the Lang for the filters, its calls for {% trans %}."""
    return {"lang": lang, "gettext": lang.gettext, "ngettext": lang.ngettext,
            "pgettext": lang.pgettext, "npgettext": lang.npgettext}
