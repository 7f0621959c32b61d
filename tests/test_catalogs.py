"""Every catalog complete: no fuzzy entry, no empty translation, the same entries in every
language, and the compiled catalog holding every message of its .po.

Pattern names and definitions are catalog entries like the rest (msgid: the English of the
variant module, msgctxt: the pattern's own, 'mcr pattern 9'): every one of every variant is
translated in each language, so that an English name or definition edited without its
translations fails here (makemessages then shows the old translation as fuzzy), and an entry
left for a text no pattern has any more fails too.
"""

import dataclasses
import gettext
import re
from pathlib import Path

import pytest

from scoring.engine.messages import pattern_context, translate
from scoring.engine.variants import VARIANTS
from scoring.i18n import pattern_messages
from scoring.management.commands.makemessages import pattern_entries

LOCALE = Path(__file__).resolve().parent.parent / "locale"
CATALOGS = sorted(LOCALE.glob("*/LC_MESSAGES/django.po"))
LANGUAGES = {"fr": "fr", "zh_Hans": "zh_hans", "zh_Hant": "zh_hant"}  # folder: the doors' name
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
PATTERN_CONTEXT = re.compile(r"^\S+ pattern \S+$")


@dataclasses.dataclass
class Entry:
    translations: list[str]
    fuzzy: bool


def unquoted(lines: list[str]) -> str:
    text = "".join(STRING.search(line).group(1) for line in lines)
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def read_po(text: str) -> dict[tuple[str, str], Entry]:
    """{(msgctxt, msgid): Entry} of a .po file's text, without its header and obsolete (#~)
    entries: each field is its keyword line and the string lines that follow it."""
    entries = {}
    for block in text.strip().split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        if not lines or block.lstrip().startswith("#~"):
            continue
        fields: dict[str, list[str]] = {}
        for line in lines:
            if not line.startswith('"'):
                keyword = line.split(" ", 1)[0]
                fields[keyword] = []
            fields[keyword].append(line)
        msgid = unquoted(fields["msgid"])
        if not msgid:  # the header
            continue
        context = unquoted(fields["msgctxt"]) if "msgctxt" in fields else ""
        translations = [unquoted(v) for k, v in fields.items() if k.startswith("msgstr")]
        flags = [line for line in block.splitlines() if line.startswith("#,")]
        entries[(context, msgid)] = Entry(translations, any("fuzzy" in f for f in flags))
    return entries


CATALOG_ENTRIES = {c.parts[-3]: read_po(c.read_text(encoding="utf-8")) for c in CATALOGS}


def untranslated(entries: dict, messages) -> list[tuple[str, str]]:
    """The (msgctxt, msgid) of `messages` that `entries` lacks, has empty or marks fuzzy."""
    return [(context, msgid) for context, msgid in messages
            if (found := entries.get((context, msgid))) is None or found.fuzzy
            or not all(found.translations)]


def every_pattern():
    return [(variant.id, p) for variant in VARIANTS.values()
            for p in getattr(variant, "table", None) or ()]


@pytest.mark.parametrize("catalog", CATALOGS, ids=[c.parts[-3] for c in CATALOGS])
def test_no_fuzzy_and_no_empty_entry(catalog):
    text = catalog.read_text(encoding="utf-8")
    blocks = text.split("\n\n")[1:]  # the header may be marked fuzzy by makemessages
    assert not [b for b in blocks if "#, fuzzy" in b and not b.startswith("#~")]
    entries = CATALOG_ENTRIES[catalog.parts[-3]]
    assert untranslated(entries, entries) == []


@pytest.mark.parametrize("catalog", CATALOGS, ids=[c.parts[-3] for c in CATALOGS])
def test_the_compiled_catalog_holds_every_message(catalog):
    compiled = gettext.GNUTranslations(catalog.with_suffix(".mo").open("rb"))
    keys = [f"{context}\x04{msgid}" if context else msgid
            for context, msgid in CATALOG_ENTRIES[catalog.parts[-3]]]
    missing = [key for key in keys if key not in compiled._catalog
               and (key, 0) not in compiled._catalog]
    assert missing == []


def test_there_are_the_four_languages():
    assert {c.parts[-3] for c in CATALOGS} >= set(LANGUAGES)


def test_every_language_has_the_same_entries():
    english = {folder: set(entries) for folder, entries in CATALOG_ENTRIES.items()}
    for folder, keys in english.items():
        assert keys == english["fr"], (folder, sorted(keys ^ english["fr"])[:5])


# Pattern names and definitions -----------------------------------------------------------------

@pytest.mark.parametrize("folder", sorted(LANGUAGES))
@pytest.mark.parametrize("variant, pattern", every_pattern(),
                         ids=[f"{v}-{p.id}" for v, p in every_pattern()])
def test_every_pattern_name_and_definition_is_translated(folder, variant, pattern):
    messages = [(pattern.context, pattern.english), (pattern.context, pattern.definition)]
    assert untranslated(CATALOG_ENTRIES[folder], messages) == []
    for _, english in messages:  # and compiled: the doors find it
        assert translate(LANGUAGES[folder], english, pattern.context)


def test_each_pattern_is_in_the_context_of_its_own_variant():
    for variant, pattern in every_pattern():
        assert pattern.variant == variant
        assert pattern.context == pattern_context(variant, pattern.id) == \
            f"{variant} pattern {pattern.id}"
    contexts = [p.context for _, p in every_pattern()]
    assert len(contexts) == len(set(contexts))  # one context per pattern


@pytest.mark.parametrize("field", ["definition", "english"])
def test_an_english_text_edited_without_its_translations_fails(field):
    """The check above, given a pattern whose English changed: its entry is missing in every
    language (the catalogs are keyed by the English itself, not by the pattern's id alone)."""
    pattern = VARIANTS["shanghai"].table.by_id["1A"]
    edited = dataclasses.replace(pattern, **{field: getattr(pattern, field) + " Edited."})
    assert edited.context == pattern.context
    for folder, entries in CATALOG_ENTRIES.items():
        text = getattr(edited, field)
        assert untranslated(entries, [(edited.context, text)]) == [(edited.context, text)]
        assert translate(LANGUAGES[folder], text, edited.context) is None
        assert edited.translated(LANGUAGES[folder], text) == ""
    french = edited.describe()
    assert french["french" if field == "english" else "french_definition"] == ""


def test_a_fuzzy_entry_counts_as_untranslated():
    text = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n#, fuzzy\nmsgctxt "mcr pattern 9"\n'
            'msgid "Little Four Winds"\nmsgstr "Petits quatre vents"\n')
    entries = read_po(text)
    assert untranslated(entries, [("mcr pattern 9", "Little Four Winds")]) != []


def test_no_catalog_keeps_an_entry_for_a_pattern_text_that_is_gone():
    current = {(context, text) for _, context, text in pattern_messages()}
    for folder, entries in CATALOG_ENTRIES.items():
        stale = [key for key in entries if PATTERN_CONTEXT.match(key[0]) and key not in current]
        assert stale == [], folder


def test_makemessages_adds_every_pattern_text_once():
    """What the project's makemessages appends to the template (xgettext cannot see these)."""
    pot = read_po('msgid ""\nmsgstr ""\n' + pattern_entries())
    assert set(pot) == {(context, text) for _, context, text in pattern_messages()}
    assert all(entry.translations == [""] for entry in pot.values())
    assert len(pot) == 2 * len(every_pattern())  # a name and a definition each
