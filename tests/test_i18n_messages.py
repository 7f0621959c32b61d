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


# --- Plurals through the catalogs' plural forms, in the four languages (issue 30) ------------

def riichi_sticks_note(sticks):
    result = api.score({"variant": "riichi", "hand": "234m067p345678s88p+8p", "context": {
        "seat_wind": "S", "riichi": True, "riichi_sticks": sticks}})
    return next(n["text"] for n in result["explanation"] if n["code"] == "riichi_sticks")


def said(text, language):
    from django.utils import translation

    with translation.override(language):
        return localize(text)


@pytest.mark.parametrize("language, one, two", [
    ("en", "1 riichi stick on the table: 1000 to the winner",
     "2 riichi sticks on the table: 2000 to the winner"),
    ("fr", "1 bâton de riichi sur la table : 1000 au gagnant",
     "2 bâtons de riichi sur la table : 2000 au gagnant"),
    ("zh-hans", "桌上 1 根立直棒：1000 归和牌者", "桌上 2 根立直棒：2000 归和牌者"),
    ("zh-hant", "枱上 1 枝立直棒：1000 歸食糊嘅人", "枱上 2 枝立直棒：2000 歸食糊嘅人"),
])
def test_riichi_sticks_are_counted_in_each_languages_plural_forms(language, one, two):
    assert said(riichi_sticks_note(1), language) == one
    assert said(riichi_sticks_note(2), language) == two
    # The English every door sends is the English plural, never "stick(s)"
    assert riichi_sticks_note(1) == "1 riichi stick on the table: 1000 to the winner"
    assert riichi_sticks_note(3) == "3 riichi sticks on the table: 3000 to the winner"


@pytest.mark.parametrize("language, hand, expected", [
    ("en", "1m", "Found 1 tile;"), ("en", "11m", "Found 2 tiles;"),
    ("fr", "1m", "1 tuile trouvée ;"), ("fr", "11m", "2 tuiles trouvées ;"),
    ("zh-hans", "1m", "共找到 1 张牌；"), ("zh-hans", "11m", "共找到 2 张牌；"),
    ("zh-hant", "1m", "共找到 1 張牌；"), ("zh-hant", "11m", "共找到 2 張牌；"),
])
def test_a_tile_count_takes_its_plural_form(language, hand, expected):
    message = api.score({"variant": "shanghai", "hand": hand})["error"]["message"]
    assert said(message, language).startswith(expected)


def test_french_says_zero_and_one_in_the_singular_and_chinese_has_one_form():
    from scoring.engine.messages import count_of, plural_form

    assert [render(count_of(n, "point"), str, "fr") for n in (0, 1, 2)] == [
        "0 point", "1 point", "2 points"]
    assert [str(count_of(n, "point")) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert plural_form("zh_hans", "{n} point", "{n} points", 1) == plural_form(
        "zh_hans", "{n} point", "{n} points", 5) == "{n} 分"
    assert plural_form("", "{n} point", "{n} points", 5) == "{n} points"  # English: no catalog


def test_the_command_line_says_plurals_in_the_language_asked_for():
    request = json.dumps({"variant": "shanghai", "hand": "1m"})
    _, out, _ = run_command("score", "--json", "-", "--lang", "fr", stdin=request)
    error = json.loads(out)["error"]
    assert error["message"].startswith("Found 1 tile;")
    assert error["localized"].startswith("1 tuile trouvée ;")


def test_a_plural_message_keeps_its_forms_through_storage():
    message = riichi_sticks_note(2)
    again = from_data(json.loads(json.dumps(to_data(message))))
    assert again == message and (again.plural, again.count) == (message.plural, 2)
    assert pickle.loads(pickle.dumps(message)).count == 2
    assert said(again, "fr") == "2 bâtons de riichi sur la table : 2000 au gagnant"


# --- Player words: no request field name, no code in what a player reads (issue 30) -----------

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
REFUSED = [
    {"variant": "shanghai", "hand": "(2222m) 345m 678p 99p 456p +4p",
     "context": {"kong_replacement": True}},
    {"variant": "hongkong", "hand": "234m567p22s[EEE][789p]+2s",
     "context": {"robbing_kong": True, "self_drawn": True}},
    {"variant": "hongkong", "hand": "234m567p22s[EEE][789p]+2s",
     "context": {"seat_wind": "S", "dealer": True}},
    {"variant": "riichi", "hand": "234m067p345678s88p+8p", "context": {"ippatsu": True}},
    {"variant": "riichi", "hand": "234m067p345678s88p+8p",
     "context": {"riichi": True, "riichi_sticks": 0}},
    {"variant": "riichi", "hand": "234m067p345678s88p+8p", "context": {"dora_indicators": "9x"}},
    {"variant": "sichuan", "hand": "111m234m567m888m99m+3m", "rules": {"fan_cap": 0}},
    {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s",
     "rules": {"minimum_fan": 500}},
    {"variant": "riichi", "hand": "234m067p345678s88p+8p",
     "rules": {"return_points": 100, "start_points": 25000}},
    {"variant": "shanghai", "hand": "hello"},
]


@pytest.mark.parametrize("language", ["en", "fr", "zh-hans", "zh-hant"])
@pytest.mark.parametrize("request_", REFUSED, ids=lambda r: str(r.get("context") or r.get(
    "rules") or r["hand"]))
def test_a_refusal_names_no_field_by_its_request_name(request_, language):
    error = api.score(request_)["error"]
    text = said(error["message"], language)
    assert not SNAKE.search(text), text
    assert "Position" not in text and "(s)" not in text
    if request_.get("context") and "dora_indicators" not in request_["context"]:
        assert error["fields"], error  # the request's names travel here, for programs


def test_a_sichuan_cap_note_names_the_house_rules_not_their_id():
    result = api.score({"variant": "sichuan", "hand": "111m 234m 567m 888m 99m +9m",
                        "context": {"self_drawn": True}, "rules": {"fan_cap": 1}})
    notes = [n["text"] for n in result["explanation"]]
    assert any("capped at 1 by the house rules" in n for n in notes), notes
    assert not any(SNAKE.search(n) for n in notes)


@pytest.mark.parametrize("separator", [", ", " + "])
def test_a_joined_message_is_its_template_formatted_and_renders_item_by_item(separator):
    """joined's English is the join of its texts (Message.of_text), exactly what its template
    formats to; rendered, each item and the language's own separator are translated."""
    from scoring.engine.messages import gettext_noop, joined

    items = [gettext_noop("{count} fan", count=8), "plain", gettext_noop("self-drawn (tsumo)")]
    message = joined(items, separator)
    assert message == message.template.format_map(message.params) == separator.join(items)
    assert pickle.loads(pickle.dumps(message)) == message
    assert pickle.loads(pickle.dumps(message)).template == message.template
    from django.utils import translation

    from scoring.engine.messages import LIST_SEPARATOR

    with translation.override("zh-hans"):
        said = localize(message)
        own = localize(LIST_SEPARATOR) if separator == ", " else separator
        assert said == own.join(localize(item) for item in items)
        assert said != message and (own == "、") == (separator == ", ")
    numbers = joined([1, 2], separator)  # not texts: formatted as before
    assert numbers == f"1{separator}2"
