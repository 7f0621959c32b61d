"""Words the engine says to a player, as codes with parameters that each door renders.

A `Message` is the English text every door has always received (it *is* a `str`, so the JSON API
and the command line's `--json` send exactly the same `message`, `text` and `reason` as before),
and it also carries the English `template` (a `str.format` string with named placeholders) and
its `params`, so that a door can render it in the reader's language: translate the template,
then format it with the params, each param that is itself a Message (a tile's name, a seat, a
field, a nested error) rendered the same way.

`gettext_noop` builds one. Its name is the one Django's `makemessages` (xgettext) already looks
for, so every template written as `gettext_noop("...", ...)` lands in the catalogs under
`locale/`, while the engine itself never imports Django. `pgettext_noop`... is not a keyword of
makemessages, so a word that needs a context says so in its template instead.

A pattern's name and definition are catalog entries like any other word, whose msgid is the
English the variant module gives and whose msgctxt is the pattern's own (`pattern_context`):
makemessages adds them (scoring/management/commands/makemessages.py: xgettext cannot see them,
their context being made of the variant and the id), and tests/test_catalogs.py fails while one
lacks a translation. `translate` is the one lookup, with Python's gettext and no Django, from the
same compiled catalogs the pages read.

A Message is built only where words are made (an error, a note, a reason), never in a loop over
decompositions, so it costs nothing measurable.
"""

import os
from collections.abc import Callable
from functools import cache

from . import tiles


class Message(str):
    """English text that remembers how it was made: `template.format(**params)`."""

    template: str
    params: dict
    context: str  # the catalog's msgctxt, for a short word that means several things
    plural: str  # the English plural template, for a count said in the language's plural forms
    count: int  # the number that chooses between the plural forms (with `plural` only)

    def __new__(cls, template: str, params: dict | None = None, context: str = "",
                plural: str = "", count: int = 1):
        if plural and count != 1:  # English has two forms: one, and every other number
            template, singular = plural, template
        else:
            singular = template
        if not params:
            self = str.__new__(cls, template)
            params = {}
        else:
            for value in params.values():
                if isinstance(value, (list, tuple)):  # rare: a list param, joined by ", "
                    text = template.format(**{
                        name: ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else v
                        for name, v in params.items()})
                    break
            else:  # the usual message: its params as they are, no copy of them
                text = template.format_map(params)
            self = str.__new__(cls, text)
        self.template = singular
        self.params = params
        self.context = context
        self.plural = plural
        self.count = count
        return self

    @classmethod
    def of_text(cls, text: str, template: str, params: dict) -> "Message":
        """The Message of `template` and `params` whose English, `text`, the caller worked out."""
        self = str.__new__(cls, text)
        self.template, self.params = template, params
        self.context, self.plural, self.count = "", "", 1
        return self

    def __reduce__(self):  # pickle and deepcopy keep the template, not only the English
        return (Message, (self.template, self.params, self.context, self.plural, self.count))

    def render(self, translate: Callable[[str], str], language: str = "") -> str:
        """The text with `translate` applied to the template and to every word param."""
        return render(self, translate, language)


def gettext_noop(template: str, **params) -> Message:
    """A Message from an English template (marked for the catalogs) and its params."""
    return Message(template, params)


def pgettext(context: str, template: str, **params) -> Message:
    """A Message whose template means something only in `context` (a seat's letter 'W'), marked
    for the catalogs with its msgctxt (makemessages knows this name too). It translates nothing
    itself: the doors do, as for gettext_noop."""
    return Message(template, params, context)


def ngettext(singular: str, plural: str, count: int, **params) -> Message:
    """A Message said with a number: `singular` for one in English, `plural` for any other,
    and in the reader's language the catalog's plural form for `count` (French says 0 and 1 in
    the singular, Chinese has one form). makemessages knows this name too (ngettext:1,2)."""
    return Message(singular, params, "", plural, count)


def _translated(text: "Message", translate: Callable[[str], str], language: str = "") -> str:
    if text.plural:  # the catalog's plural forms: the same compiled files the pages read
        return plural_form(language, text.template, text.plural, text.count, text.context)
    if not text.context:
        return translate(text.template)
    # gettext's own encoding of a msgctxt; a catalog without the entry gives the key back
    found = translate(f"{text.context}\x04{text.template}")
    return text.template if "\x04" in found else found


def render(text, translate: Callable[[str], str], language: str = "") -> str:
    """`text` in the reader's language: a Message's translated template formatted with its
    params rendered in turn (a list param is rendered item by item and joined by ', '); any
    other value as it is. A translation that does not fit its params falls back to English.
    `language` ('fr', 'zh_hans', 'zh_hant'; '' for English) is the language `translate` reads."""
    if not isinstance(text, Message):
        return text if isinstance(text, str) else str(text)
    if not text.params:
        return _translated(text, translate, language) if text.template else ""
    params = {name: _param(value, translate, language) for name, value in text.params.items()}
    try:
        return _translated(text, translate, language).format(**params)
    except (KeyError, IndexError, ValueError):
        return english_form(text).format(**params)


def english_form(text: "Message") -> str:
    """The English template a Message was said with (its plural one for a count other than 1)."""
    return text.plural if text.plural and text.count != 1 else text.template


def _param(value, translate, language):
    if isinstance(value, Message):
        return render(value, translate, language)
    if isinstance(value, (list, tuple)):
        separator = render(LIST_SEPARATOR, translate, language)
        return separator.join(render(v, translate, language) for v in value)
    return value


def english(text) -> str:
    """The plain English of a Message (or any text): what the JSON carries."""
    return str.__str__(text) if isinstance(text, str) else str(text)


# The catalogs, read without Django ------------------------------------------------------------

# The compiled catalogs (locale/<folder>/LC_MESSAGES/django.mo, next to the scoring package),
# by the language names the doors use; Django's pages read the very same files.
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "locale")
CATALOG_FOLDERS = {"fr": "fr", "zh_hans": "zh_Hans", "zh_hant": "zh_Hant"}


class _NoEntry:
    """A catalog's fallback that says "no entry" (None) rather than give the English back."""

    def gettext(self, message):
        return None

    def pgettext(self, context, message):
        return None

    def ngettext(self, singular, plural, count):
        return None


@cache
def _catalog(language: str):
    folder = CATALOG_FOLDERS.get(language)
    if folder is None:
        return None
    import gettext  # here: a door that never translates never pays for it

    try:
        with open(os.path.join(LOCALE_DIR, folder, "LC_MESSAGES", "django.mo"), "rb") as file:
            catalog = gettext.GNUTranslations(file)
    except OSError:  # no compiled catalog: everything stays English
        return None
    catalog.add_fallback(_NoEntry())
    return catalog


def translate(language: str, english: str, context: str = "") -> str | None:
    """The one lookup of a catalog entry: `english` (the msgid) in `language` ('fr',
    'zh_hans', 'zh_hant'), with the msgctxt `context` when given. None when the catalog has
    no such entry, and for English ('') or a language without a catalog."""
    catalog = _catalog(language)
    if catalog is None or not english:
        return None
    return catalog.pgettext(context, english) if context else catalog.gettext(english)


def plural_form(language: str, singular: str, plural: str, count: int,
                context: str = "") -> str:
    """The catalog's form of an entry with plurals for the number `count`, in `language`
    (English's own two forms where the catalog has no such entry, and for English)."""
    catalog = _catalog(language)
    english_one = singular if count == 1 else plural
    if catalog is None:
        return english_one
    key = f"{context}\x04{singular}" if context else singular
    found = catalog.ngettext(key, plural, count)  # the fallback says None for no entry
    return english_one if found is None or "\x04" in found else found


def translator(language: str) -> Callable[[str], str]:
    """The catalog's gettext, as `render` takes it (a msgctxt as 'context\\x04text'); the text
    as it is where the catalog has no entry, and for English."""
    catalog = _catalog(language)
    if catalog is None:
        return str
    return lambda text: found if (found := catalog.gettext(text)) is not None else text


# The catalogs' languages as the keys of a pattern's names in the JSON (Pattern.names).
NAME_KEYS = {"fr": "french", "zh_hans": "zh_hans", "zh_hant": "zh_hant"}


def pattern_context(variant: str, pattern_id: str) -> str:
    """The msgctxt of a pattern's name and definition ('mcr pattern 9'): one per pattern, so
    that the same English name in two variants can be said differently, and editing the English
    shows as an entry missing from the catalogs."""
    return f"{variant} pattern {pattern_id}"


def pattern_word(pattern) -> Message:
    """A pattern (engine Pattern) by its English name, translated in its own context."""
    return Message(pattern.english, None, pattern.context)


# Words the engine puts in its messages ----------------------------------------------------------

# Between the items of a list in a message ("1m, 2p"; Chinese 、).
LIST_SEPARATOR = pgettext("list separator", ", ")


SUIT_WORDS = {"m": gettext_noop("characters"), "p": gettext_noop("circles"),
              "s": gettext_noop("bamboo")}
WIND_WORDS = {"E": gettext_noop("East"), "S": gettext_noop("South"), "W": gettext_noop("West"),
              "N": gettext_noop("North")}
_WIND_TILE_WORDS = (gettext_noop("East wind"), gettext_noop("South wind"),
                    gettext_noop("West wind"), gettext_noop("North wind"))
_DRAGON_WORDS = (gettext_noop("White dragon"), gettext_noop("Green dragon"),
                 gettext_noop("Red dragon"))


@cache  # a few tile kinds; every scored hand names its winning tile (HandFacts)
def tile_word(tile: int) -> Message:
    """tiles.name(tile) as a Message: '5 of circles', 'East wind', 'flower 2', 'joker'."""
    if tiles.is_suited(tile):
        return gettext_noop("{rank} of {suit}", rank=tiles.rank_of(tile),
                            suit=SUIT_WORDS[tiles.suit_of(tile)])
    if tiles.is_wind(tile):
        return _WIND_TILE_WORDS[tile - tiles.EAST]
    if tiles.is_dragon(tile):
        return _DRAGON_WORDS[tile - tiles.WHITE]
    if tiles.is_flower(tile):
        number = tiles.rank_of(tile)
        if number <= 4:
            return gettext_noop("flower {number}", number=number)
        return gettext_noop("season {number}", number=number - 4)
    return gettext_noop("joker")


def tile_named(tile: int) -> Message:
    """'5p (5 of circles)': a tile as the engine's errors name it."""
    return gettext_noop("{code} ({name})", code=tiles.code(tile), name=tile_word(tile))


# A seat named by its letter in English ('E'), by its whole name in the other languages.
SEAT_LETTERS = {"E": pgettext("seat", "E"), "S": pgettext("seat", "S"),
                "W": pgettext("seat", "W"), "N": pgettext("seat", "N")}


def seat_letter(seat) -> Message | str:
    """A seat that English messages write as its letter: 'E' in English, 'Est' in French."""
    return SEAT_LETTERS.get(seat, seat) if isinstance(seat, str) else seat


def kong_note(kongs: int) -> Message | str:
    """' (counting each of the 2 kongs as 3)' after a tile count, when the hand has kongs."""
    if not kongs:
        return ""
    return ngettext(" (counting the kong as 3)", " (counting each of the {kongs} kongs as 3)",
                    kongs, kongs=kongs)


def joined(items, separator: str = ", ") -> Message | str:
    """Several texts (Messages or not) joined by `separator`, each rendered on its own; the
    usual ", " is the language's own (Chinese: 、)."""
    if not items:
        return ""
    own = separator == ", "  # the language's own list separator, a param of its own
    params = {"sep": LIST_SEPARATOR} if own else {}
    params.update(zip(_item_names(len(items)), items, strict=True))
    template = _joined_template(len(items), "{sep}" if own else separator)
    if not all(isinstance(item, str) for item in items):
        return Message(template, params)
    # Texts all: the English is their join (what formatting the template gives, for less).
    return Message.of_text(separator.join(items), template, params)


@cache  # a few item counts and separators: made once each
def _item_names(count: int) -> tuple[str, ...]:
    return tuple(f"p{i}" for i in range(count))


@cache
def _joined_template(count: int, separator: str) -> str:
    """'{p0} + {p1} + {p2}': `count` items joined by `separator`, as joined's template."""
    return separator.join(f"{{{name}}}" for name in _item_names(count))


# The values of house options that are words, as the page's choices show them (the request sends
# the value, the key here: the English word with '_' for its spaces).
CHOICE_WORDS = {
    "half_spicy": pgettext("house option value", "half spicy"),
    "full_spicy": pgettext("house option value", "full spicy"),
    "full_gun": pgettext("house option value", "full gun"),
    "half_gun": pgettext("house option value", "half gun"),
    "refund": pgettext("house option value", "refund"),
    "transfer": pgettext("house option value", "transfer"),
    "deduction": pgettext("house option value", "deduction"),  # Riichi's chombo
}


def choice_word(value) -> Message | str:
    return CHOICE_WORDS.get(value, str(value)) if isinstance(value, str) else str(value)


# The money units of the variants, as notes name them ("8 fan, capped at 6").
UNIT_WORDS = {"fan": gettext_noop("fan"), "faan": gettext_noop("faan"),
              "points": gettext_noop("points"), "han": gettext_noop("han")}


def unit_word(unit: str) -> Message | str:
    return UNIT_WORDS.get(unit, unit)


# The facets an exclusion names ("Honor tiles for its wind sets").
FACET_WORDS = {"wind": pgettext("sets", "wind"), "dragon": pgettext("sets", "dragon"),
               "seat": pgettext("sets", "seat"), "prevalent": pgettext("sets", "prevalent"),
               "limit": pgettext("sets", "limit"), "pairs": pgettext("sets", "pairs")}

# The kinds of a deal's events, as an event's label names them ("Event 1 (win by E)").
EVENT_WORDS = {"kong": pgettext("event", "kong"), "win": pgettext("event", "win"),
               "wall_end": pgettext("event", "wall end"),
               "false_win": pgettext("event", "false win")}


def count_of(n: int, word: str) -> Message:
    """'1 point', '3 fans': a number and its unit, in the reader's plural forms."""
    if word == "point":
        return ngettext("{n} point", "{n} points", n, n=n)
    if word == "fan":
        return ngettext("{n} fan", "{n} fans", n, n=n)
    return Message("{n} {word}" if n == 1 else "{n} {word}s", {"n": n, "word": word})


def to_data(text):
    """A Message as JSON (to store it, as a table keeps a deal's ledger lines): its template,
    params and context, each param that is a Message in turn; plain text as it is."""
    if isinstance(text, Message):
        data = {"template": text.template, "params": {
            name: [to_data(v) for v in value] if isinstance(value, (list, tuple))
            else to_data(value) for name, value in text.params.items()}}
        if text.context:
            data["context"] = text.context
        if text.plural:
            data["plural"], data["count"] = text.plural, text.count
        return data
    return text


def from_data(data):
    """The inverse of to_data: a Message again (None for data that holds none)."""
    if isinstance(data, dict) and isinstance(data.get("template"), str):
        params = data.get("params") or {}
        try:
            return Message(data["template"], {
                name: [_value(v) for v in value] if isinstance(value, list) else _value(value)
                for name, value in params.items()}, data.get("context", ""),
                data.get("plural", ""), data.get("count", 1))
        except (KeyError, IndexError, ValueError):
            return None
    return data if isinstance(data, str) else None


def _value(data):
    return from_data(data) if isinstance(data, dict) else data
