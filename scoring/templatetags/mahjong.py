"""Tiles drawn by the project (HTML + CSS, no artwork) and their translated accessible names."""

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from scoring.definitions_fr import definition_fr
from scoring.definitions_zh import definition_zh
from scoring.engine import tiles
from scoring.engine.errors import HandError
from scoring.engine.messages import FACET_WORDS, Message, unit_word
from scoring.engine.notation import parse
from scoring.i18n import localize, localize_data

register = template.Library()

WIND_CHARS = "東南西北"
DRAGON_CHARS = ("白", "發", "中")
FLOWER_CHARS = "梅蘭菊竹春夏秋冬"


def tile_name(tile: int) -> str:
    """tiles.name() in the page's language: '5 of circles', 'East wind', 'joker'."""
    if tiles.is_suited(tile):
        suit = {"m": _("characters"), "p": _("circles"), "s": _("bamboo")}[tiles.suit_of(tile)]
        return _("%(rank)s of %(suit)s") % {"rank": tiles.rank_of(tile), "suit": suit}
    if tiles.is_wind(tile):
        return {0: _("East wind"), 1: _("South wind"), 2: _("West wind"),
                3: _("North wind")}[tile - tiles.EAST]
    if tiles.is_dragon(tile):
        return {0: _("White dragon"), 1: _("Green dragon"), 2: _("Red dragon")}[tile - tiles.WHITE]
    if tiles.is_flower(tile):
        number = tiles.rank_of(tile)
        if number <= 4:
            return _("flower %(number)s") % {"number": number}
        return _("season %(number)s") % {"number": number - 4}
    return pgettext("tile", "joker")


def wind_letter(index: int) -> str:
    """The letter under a wind's character, as the page's players say it (French: E S O N)."""
    return (pgettext("wind letter", "E"), pgettext("wind letter", "S"),
            pgettext("wind letter", "W"), pgettext("wind letter", "N"))[index]


def face(tile: int) -> str:
    """The inner markup of one tile: a big mark and a small one, coloured by suit via CSS."""
    suit = tiles.suit_of(tile)
    rank = tiles.rank_of(tile)
    if suit == "m":
        return format_html('<b>{}</b><i>萬</i>', rank)
    if suit in "ps":
        return format_html('<b>{}</b><i class="mark"></i>', rank)
    if tiles.is_wind(tile):
        return format_html('<b>{}</b><i>{}</i>', WIND_CHARS[rank - 1], wind_letter(rank - 1))
    if tiles.is_dragon(tile):
        return format_html('<b>{}</b>', DRAGON_CHARS[tile - tiles.WHITE])
    if suit == "f":
        return format_html('<b>{}</b><i>{}</i>', FLOWER_CHARS[rank - 1], (rank - 1) % 4 + 1)
    return format_html('<b>J</b><i>{}</i>', pgettext("tile", "joker"))


def classes(tile: int) -> str:
    suit = tiles.suit_of(tile)
    extra = ""
    if tiles.is_dragon(tile):
        extra = " dragon-" + "wgr"[tile - tiles.WHITE]
    elif tiles.is_wind(tile):
        extra = " wind"
    return f"tile t-{suit}{extra}"


@register.simple_tag
def tile(tile_or_code, extra=""):
    """A tile as an image with its accessible name."""
    kind = tile_or_code if isinstance(tile_or_code, int) else parse(tile_or_code).concealed[0]
    return format_html('<span class="{}{}" role="img" aria-label="{}" title="{}">{}</span>',
                       classes(kind), f" {extra}" if extra else "", tile_name(kind),
                       tiles.code(kind), face(kind))


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
    red_fives = getattr(variant, "red_fives", None)
    if suit not in tiles.SUITS or red_fives is None or not red_fives(variant.default_rules):
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


@register.simple_tag
def pocket_script():
    """The data of the pocket engine's script tag (templates/pocket/_script.html), or None when
    its pack was not built (`make pocket`)."""
    from scoring.pocket.assets import script_data

    return script_data()


@register.filter
def groups(text):
    """A hand or one group as written, for drawing: [{'kind': 'concealed'|'exposed'|'kong',
    'tiles': [...]}] and the winning tile when '+' names it; no group when it does not parse."""
    try:
        parsed = parse(text)
    except HandError:
        return {"groups": [], "winning": None}
    out = []
    if parsed.concealed:
        out.append({"kind": "concealed", "tiles": list(parsed.concealed)})
    for group in parsed.groups:
        out.append({"kind": "exposed" if group.bracket == "[" else "kong",
                    "tiles": list(group.tiles)})
    explicit = "+" in text
    return {"groups": out, "winning": parsed.winning if explicit else None}


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
    return localize(unit_word(name))


@register.filter
def signed(amount):
    if isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount > 0:
        return f"+{amount}"
    return str(amount)


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
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}.get(wind, wind)


@register.filter
def seat_letter(wind):
    """A seat in one letter, as the score line writes who pays whom (S/W/N→E 1000), the way the
    page's players write it: French O for West, Chinese 东 南 西 北."""
    return {"E": pgettext("seat letter", "E"), "S": pgettext("seat letter", "S"),
            "W": pgettext("seat letter", "W"), "N": pgettext("seat letter", "N")}.get(wind, wind)


@register.filter
def flag_label(name, value):
    """One context entry of an example, in words: 'Self-drawn', 'Seat wind: South'."""
    from scoring.forms import FLAG_LABELS, ScoreForm

    if name in FLAG_LABELS:
        return str(FLAG_LABELS[name]) if value else ""
    field = ScoreForm.base_fields.get(name)
    label = field.label if field else name
    shown = seat(value) if isinstance(value, str) and value in "ESWN" else value
    return f"{label}: {shown}"


def _french_page() -> bool:
    return (get_language() or "").lower().startswith("fr")


_TRADITIONAL = ("zh-hant", "zh-tw", "zh-hk", "zh-mo")


def _chinese_script() -> str | None:
    """'zh_hant' on a Traditional Chinese page, 'zh_hans' on a Simplified one, None otherwise:
    the key of a pattern's name in that script."""
    language = (get_language() or "").lower()
    if not language.startswith("zh"):
        return None
    return "zh_hant" if language.startswith(_TRADITIONAL) else "zh_hans"


@register.filter
def local_name(pattern):
    """A pattern's name in the page's language: its `french` name on a French page when it has
    one, its `english` name otherwise (engine patterns, result entries and card lines alike).

    On a Chinese page, its Chinese name in the page's script (`zh_hans` or `zh_hant`), for a
    pattern that has one (card lines, American, have none and keep their English one).
    """
    if not hasattr(pattern, "get"):
        return ""
    script = _chinese_script()
    if script:
        return pattern.get(script) or localize(pattern.get("english", ""))
    french = pattern.get("french")
    return french if french and _french_page() else localize(pattern.get("english", ""))


@register.filter
def chinese_beside(pattern):
    """The Chinese characters printed beside a pattern's other names, on a page not in Chinese
    (a Chinese page already gives the name in its own script, as the local name)."""
    if not hasattr(pattern, "get") or _chinese_script():
        return ""
    return pattern.get("chinese", "")


@register.filter
def local_definition(pattern):
    """A pattern's definition in the page's language, like `local_name`: a French page shows
    the pattern's French definition (scoring/definitions_fr.py for a module that gives none), a
    Chinese page the one of scoring/definitions_zh.py (a card line's definition is the engine's
    words, translated). Where there is none yet, the English one, marked lang="en" so that a
    screen reader reads it as English."""
    if not hasattr(pattern, "get"):
        return ""
    definition = pattern.get("definition", "")
    if isinstance(definition, Message):  # a card line's, from the engine's words: translated
        return localize(definition)
    script = _chinese_script()
    if script:
        chinese = definition_zh(definition, script == "zh_hant")
        if chinese:
            return chinese
        return format_html('<span lang="en">{}</span>', definition) if definition else ""
    french = pattern.get("french_definition")
    if not _french_page():
        return definition
    if french:
        return french
    french = definition_fr(definition)  # a variant whose module gives none (scoring/definitions_fr)
    if french:
        return french
    # A pattern with no French definition yet (a variant just added): the English one, marked
    # as English, as on a Chinese page
    return format_html('<span lang="en">{}</span>', definition) if definition else ""


@register.filter
def per_word(per: str) -> str:
    """What a pattern counts once per ('set', 'tile', 'suit'), in the page's language."""
    words = {"set": pgettext("counted once per", "set"),
             "tile": pgettext("counted once per", "tile"),
             "suit": pgettext("counted once per", "suit")}
    return words.get(per, per)
