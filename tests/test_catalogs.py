"""Every catalog complete: no fuzzy entry, no empty translation, and the compiled catalog newer
than nothing it was made from (each .mo holds every msgid of its .po)."""

import gettext
import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parent.parent / "locale"
CATALOGS = sorted(LOCALE.glob("*/LC_MESSAGES/django.po"))
ENTRY = re.compile(r'^(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"\n((?:".*"\n)*)'
                   r'(?:msgid_plural .*\n(?:".*"\n)*)?((?:msgstr(?:\[\d\])? .*\n(?:".*"\n)*)+)',
                   re.M)


def entries(text):
    for context, first, rest, translations in ENTRY.findall(text):
        msgid = first + "".join(line[1:-1] for line in rest.splitlines())
        if msgid:  # the header
            yield context, msgid, translations


@pytest.mark.parametrize("catalog", CATALOGS, ids=[c.parts[-3] for c in CATALOGS])
def test_no_fuzzy_and_no_empty_entry(catalog):
    text = catalog.read_text(encoding="utf-8")
    blocks = text.split("\n\n")[1:]  # the header may be marked fuzzy by makemessages
    assert not [b for b in blocks if "#, fuzzy" in b and not b.startswith("#~")]
    empty = [msgid for _, msgid, translations in entries(text)
             if all(re.fullmatch(r'msgstr(?:\[\d\])? ""', line) for line in
                    translations.strip().splitlines() if line.startswith("msgstr"))
             and not re.search(r'^"', translations, re.M)]
    assert empty == []


@pytest.mark.parametrize("catalog", CATALOGS, ids=[c.parts[-3] for c in CATALOGS])
def test_the_compiled_catalog_holds_every_message(catalog):
    compiled = gettext.GNUTranslations(catalog.with_suffix(".mo").open("rb"))
    missing = [msgid for context, msgid, _ in entries(catalog.read_text(encoding="utf-8"))
               if (f"{context}\x04{msgid}" if context else msgid) not in compiled._catalog
               and (f"{context}\x04{msgid}" if context else msgid, 0) not in compiled._catalog]
    assert missing == []


def test_there_are_the_four_languages():
    assert {c.parts[-3] for c in CATALOGS} >= {"fr", "zh_Hans", "zh_Hant"}
