"""The engine's words are codes with parameters: the English every door sends is unchanged, and
each door can say the same in the reader's language (issue 18)."""

import copy
import json
import pickle
import re
from pathlib import Path

import pytest

from scoring.engine import api
from scoring.engine.messages import Message, from_data, render, to_data
from scoring.i18n import localize
from tests.helpers import run_command

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def french(text):
    from django.utils import translation

    with translation.override("fr"):
        return localize(text)


def test_an_error_is_its_english_text_and_its_template_with_params():
    error = api.score({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s",
                       "context": {"kong_replacement": True}})["error"]
    message = error["message"]
    assert message == ("This cannot happen (“Kong replacement tile”, “Self-drawn”): a kong "
                       "replacement tile is drawn: mark the hand self-drawn.")
    assert error["fields"] == ["context.kong_replacement", "context.self_drawn"]
    assert isinstance(message, Message)
    assert message.template == "This cannot happen ({fields}): {fix}."
    assert render(message, lambda template: template) == message
    # JSON carries the English text only, as before
    assert json.loads(json.dumps(error))["message"] == message


@pytest.mark.parametrize("request_, expected", [
    ({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s",
      "context": {"kong_replacement": True}},
     "Impossible (« Tuile de remplacement après un kong », « Tiré du mur ») : une tuile de "
     "remplacement après un kong est tirée : cochez « tiré du mur »."),
    ({"variant": "sichuan", "hand": "123m 456m 789m 123p 11z"},
     "1z (Vent d'Est) ne se joue pas au Sichuan : seulement caractères, cercles et bambous, de 1 "
     "à 9."),
    ({"variant": "shanghai", "hand": "123m 456m"},
     "6 tuiles trouvées ; une main complète en a 14, plus une par kong (fleurs et saisons non "
     "comptées)."),
], ids=["context", "tile_word", "count"])
def test_an_error_reads_in_french_words_and_all(request_, expected):
    assert french(api.score(request_)["error"]["message"]) == expected


def test_notes_and_payment_reasons_read_in_french():
    result = api.score({"variant": "hongkong", "hand": "111m 999m 111p 999p 11s +1s",
                        "rules": {"limit": 8}})
    assert [french(note["text"]) for note in result["explanation"]] == [
        "10 faan, plafonnés à la limite, 8",
        "8 faan : 64 au barème demi-épicé × mise 1 = 64 la part"]
    assert french(result["payment_reasons"][0]) == "défausseur, tir plein : 2 parts"


def test_a_message_survives_pickle_copy_and_json_storage():
    message = api.score({"variant": "shanghai", "hand": "11"})["error"]["message"]
    for again in (pickle.loads(pickle.dumps(message)), copy.deepcopy(message),
                  from_data(json.loads(json.dumps(to_data(message))))):
        assert again == message and again.template == message.template
        assert french(again) == french(message) != message


def test_every_engine_template_is_in_the_catalogs():
    """makemessages found the engine's gettext_noop and pgettext marks: a template of each kind
    is in every catalog, translated."""
    for catalog in LOCALE.glob("*/LC_MESSAGES/django.po"):
        text = catalog.read_text(encoding="utf-8")
        for msgid in ("The request has no hand.", "This cannot happen ({fields}): {fix}.",
                      "{rank} of {suit}", "discarder pays the total (payment {way})"):
            entry = re.search(r'msgid "' + re.escape(msgid) + r'"\nmsgstr "(.+)"', text)
            assert entry, (catalog, msgid)
        assert re.search(r'msgctxt "seat"\nmsgid "W"\nmsgstr "(.+)"', text), catalog


def test_the_command_line_speaks_the_language_asked_for():
    code, out, err = run_command("score", "shanghai", "234m567p22s[EEE][789p]+2s",
                                 "--seat-wind", "S", "--lang", "fr")
    assert code == 0 and "Total : 5 fan" in out and "Est paie 5 à Sud" in out
    code, out, err = run_command("score", "sichuan", "123m", "--lang", "zh_Hant")
    assert code == 2 and "共找到 3 張牌" in err


def test_json_keeps_its_english_message_and_adds_the_localized_one():
    request = json.dumps({"variant": "shanghai", "hand": "11"})
    code, out, _ = run_command("score", "--json", "-", "--lang", "fr", stdin=request)
    error = json.loads(out)["error"]
    assert error["message"] == ("In “11” (character 1 of the hand): numbers '11' have no suit "
                                "letter.")
    assert error["localized"] == ("Dans « 11 » (caractère 1 de la main) : les nombres « 11 » "
                                  "n'ont pas de lettre de famille.")
    code, out, _ = run_command("score", "--json", "-", stdin=request)
    assert "localized" not in json.loads(out)["error"]  # English asked: the contract's shape


def test_settle_ledger_lines_in_the_language():
    request = json.dumps({"variant": "sichuan", "events": [
        {"type": "kong", "seat": "S", "kind": "concealed"}]})
    code, out, _ = run_command("settle", "--json", "-", "--lang", "zh_Hans", stdin=request)
    entry = json.loads(out)["ledger"][0]
    assert entry["what"] == "S: concealed kong" and entry["localized"] == "南家：暗杠"


def test_a_pattern_named_in_a_message_is_said_in_its_own_context():
    """An exclusion's reason names patterns by their English names, each translated in its own
    pattern's catalog context (MCR 9 Little Four Winds excludes 38 Big Three Winds), and keeps
    that context through JSON storage."""
    from django.utils import translation

    result = api.score({"variant": "mcr", "hand": "111m11122233344z+1m"})
    reason = next(e["reason"] for e in result["excluded"] if e["id"] == "38")
    assert reason == "Xiao Si Xi (Little Four Winds) already includes Big Three Winds."
    stored = from_data(json.loads(json.dumps(to_data(reason))))
    for text in (reason, stored):
        assert french(text) == "Xiao Si Xi (Petits quatre vents) inclut déjà Trois grands vents."
        with translation.override("zh-hans"):
            assert localize(text) == "Xiao Si Xi（小四喜）已经包含三风刻。"


def test_a_pattern_name_stored_before_the_catalogs_had_it_is_shown_in_english():
    """Data written when a pattern's names were kept on it ({"name", "names"}) is no Message any
    more: the English kept beside it is shown, nothing breaks."""
    from scoring.i18n import localize_data

    assert from_data({"name": "Big Three Winds", "names": {"french": "x"}}) is None
    assert localize_data({"name": "Big Three Winds"}, "Big Three Winds") == "Big Three Winds"


def test_the_one_lookup_reads_the_catalogs_without_django():
    """messages.translate, as a door without Django calls it (the command line, a web worker
    running the engine): Python's gettext on the compiled catalogs; None where there is no
    entry, for English and for a language without a catalog."""
    import subprocess
    import sys

    script = ("import sys; sys.modules['django'] = None\n"
              "from scoring.engine.messages import translate, translator\n"
              "print(translate('fr', 'Little Four Winds', 'mcr pattern 9'))\n"
              "print(translate('zh_hant', 'Little Four Winds', 'mcr pattern 9'))\n"
              "print(translate('fr', 'Little Four Winds'), translate('', 'East'),"
              " translate('de', 'East'), translate('fr', 'East'))\n"
              "print(translator('fr')('seat\\x04W'), translator('fr')('Nope'),"
              " translator('')('W'))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=LOCALE.parent, check=True).stdout.splitlines()
    assert out == ["Petits quatre vents", "小四喜", "None None None Est", "Ouest Nope W"]
