"""Tiles drawn by the project (HTML + CSS, no artwork) and their translated accessible names."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.engine import tiles
from scoring.engine.messages import (
    FACET_WORDS,
    Message,
    pattern_context,
    translate,
)
from scoring.i18n import localize, localize_data, page_language
from scoring.pocket import filters as pure

register = template.Library()

def _lang():
    """The request's language for the pure helpers (scoring/pocket/filters.py), which the
    fragments' Jinja2 templates use too."""
    from scoring.pocket.server import django_lang

    return django_lang()


def tile_name(tile: int) -> str:
    """tiles.name() in the page's language: '5 of circles', 'East wind', 'joker'."""
    return pure.tile_name(_lang(), tile)


def face(tile: int) -> str:
    """The inner markup of one tile: a big mark and a small one, coloured by suit via CSS."""
    return pure.face(_lang(), tile)


classes = pure.classes


@register.simple_tag
def tile(tile_or_code, extra=""):
    """A tile as an image with its accessible name (the fragments' markup, one for both)."""
    return pure.tile(_lang(), tile_or_code, extra)


@register.simple_tag
def key(kind, most):
    """A tile on the keyboard: a button that adds it to the hand."""
    return format_html('<button type="button" class="{} key" data-code="{}" data-max="{}" '
                       'aria-label="{}">{}</button>', classes(kind), tiles.code(kind), most,
                       tile_name(kind), face(kind))


@register.simple_tag
def red_key(suit, variant_id):
    """Riichi's red five of `suit` on the keyboard (written 0m, 0p, 0s; one in the set), where
    the variant plays red fives by default; "" otherwise."""
    from scoring.engine.variants import VARIANTS

    variant = VARIANTS[variant_id]
    if suit not in tiles.SUITS or not variant.red_fives(variant.default_rules):
        return ""
    five = tiles.make(5, suit)
    return format_html('<button type="button" class="{} red-five key" data-code="0{}" '
                       'data-max="1" aria-label="{}">{}</button>', classes(five), suit,
                       _("red %(tile)s") % {"tile": tile_name(five)}, face(five))


@register.simple_tag(takes_context=True)
def fragment(context, fragment_name, **extra):
    """One of the fragments the phone renders too (scoring/pocket/templates/pocket/<name>.jinja,
    docs/pocket.md), from the scorer page's form: `oob`, and `name` for a house rule's box."""
    from scoring.pocket.server import fragment_html

    return fragment_html(context.get("request"), context["form"], context.get("result"),
                         context.get("permalink", ""), fragment_name, **extra)


@register.simple_tag(takes_context=True)
def scorer_table(context):
    """The table the scorer's result is added to ({"token", "name"}, scoring.pocket.server), or
    None: on the page for the phone's own rendering of the result (static/js/pocket.js)."""
    from scoring.pocket.server import scorer_table as table_of

    return table_of(context.get("request"))


@register.simple_tag
def pocket_script():
    """The page's data for the pocket engine (templates/pocket/_script.html), or None when
    its pack was not built (`make pocket`)."""
    from scoring.pocket.assets import script_data

    return script_data()


register.filter("groups", pure.groups)


@register.filter
def translated(text):
    """An engine Message (an error, a note, a payment's reason, a card line's section) in the
    page's language; plain text as it is."""
    return localize(text)


@register.filter
def ledger_line(entry):
    """One line of a deal a table keeps, in the page's language (its words kept as JSON; a line
    kept before that, in English)."""
    if not hasattr(entry, "get"):
        return ""
    return localize_data(entry.get("message"), entry.get("what", ""))


@register.filter
def facet(name):
    """The part of a pattern an exclusion is about ('wind', 'seat', 'limit'), in words."""
    return localize(FACET_WORDS.get(name, name))


@register.filter
def unit(name):
    """A variant's unit ('fan', 'faan', 'points') as the page's players say it."""
    return pure.unit(_lang(), name)


register.filter("signed", pure.signed)


@register.filter
def pattern(patterns, pattern_id):
    """The counted pattern with this id, from a result's `patterns`."""
    return next((p for p in patterns if p.get("id") == pattern_id), None)


@register.filter
def item(values, index):
    """values[index], or "" past its end (a list beside another, read in the same loop)."""
    try:
        return values[index]
    except (IndexError, TypeError, KeyError):
        return ""


@register.filter
def seat(wind):
    return pure.seat(_lang(), wind)


@register.filter
def seat_letter(wind):
    """A seat in one letter, as the score line writes who pays whom (S/W/N→E 1000)."""
    return pure.seat_letter(_lang(), wind)


@register.filter
def flag_label(name, value):
    """One context entry of an example, in words: 'Self-drawn', 'Seat wind: South'."""
    return pure.context_label(_lang(), name, value)


@register.filter
def local_name(pattern):
    """A pattern's name in the page's language (scoring/pocket/filters.local_name)."""
    return pure.local_name(_lang(), pattern)


@register.filter
def chinese_beside(pattern):
    """The Chinese characters beside a pattern's other names, on a page not in Chinese."""
    return pure.chinese_beside(_lang(), pattern)


@register.filter
def local_definition(pattern, variant=""):
    """A pattern's definition in the page's language, from the catalogs in the pattern's own
    context (`variant`: its variant's id); a card line's definition is the engine's words,
    translated. Where the catalog has none yet, the English one, marked lang="en" so that a
    screen reader reads it as English."""
    if not hasattr(pattern, "get"):
        return ""
    definition = pattern.get("definition", "")
    if isinstance(definition, Message):  # a card line's, from the engine's words: translated
        return localize(definition)
    language = page_language()
    if not language or not definition:
        return definition
    found = translate(language, definition, pattern_context(variant, pattern.get("id", "")))
    return found or format_html('<span lang="en">{}</span>', definition)


@register.filter
def per_word(per: str) -> str:
    """What a pattern counts once per ('set', 'tile', 'suit'), in the page's language."""
    words = {"set": pgettext("counted once per", "set"),
             "tile": pgettext("counted once per", "tile"),
             "suit": pgettext("counted once per", "suit")}
    return words.get(per, per)
