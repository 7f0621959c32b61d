"""Riichi and Chinese Official at a club night (issue 29): the contexts a table sees and the ones
it never does, worked out by hand and checked through every door (the API, `score --json -`,
the command line's flags, analyse, the page).

- Riichi's sticks: left out, `riichi_sticks` is the winner's own stick when they declared riichi
  (or double riichi); given as 0 with riichi it is still refused.
- Riichi: tenhou or chiihou with any kong, concealed included; ippatsu on a kong replacement.
- Chinese Official: 和绝张 (`winning_tile_last`) while the concealed tiles hold another copy of
  the winning tile.
- A Riichi hand with no yaku: a result nobody pays, whose explanation says "no yaku: not a win".
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from scoring.engine import analyse, score
from scoring.engine.context import IMPOSSIBLE, HandFacts
from tests.helpers import post, run_command

ROOT = Path(__file__).resolve().parent.parent

# Seat South, won on East's discard (the upper house, the default discarder).
# 234m 567p 123s 789s 11m, won on 2s in 123s: a closed wait, no yaku of its own.
# Fu: 20 + 10 concealed ron + 2 closed wait = 32 -> 40.
CLOSED_WAIT = "234m 567p 123s 789s 11m +2s"
SOUTH = {"seat_wind": "S"}
SEED = 20261201  # the Riichi oracle's (tests/test_riichi_oracle.py)
NO_STICK_FIELDS = ["context.riichi_sticks", "context.riichi", "context.double_riichi"]


def api(client, request):
    response = post(client, "/api/score", request)
    return response.status_code, response.json()


def riichi_request(hand, **context):
    return {"variant": "riichi", "hand": hand, "context": context}


def mcr_request(hand, **context):
    return {"variant": "mcr", "hand": hand, "context": context}


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


# --- 1. Riichi's sticks: the winner's own one when left out -----------------------------------

# (context, han, the discarder's payment, the sticks the winner takes, what they receive)
STICKS = [
    # riichi 1 han 40 fu: 40 x 2^3 = 320, x4 = 1280 -> 1300; the winner's own stick: 1000
    pytest.param({"riichi": True}, 1, 1300, 1, 2300, id="riichi-alone-takes-its-own-stick"),
    # double riichi 2 han 40 fu: 40 x 2^4 = 640, x4 = 2560 -> 2600; + 1000
    pytest.param({"double_riichi": True}, 2, 2600, 1, 3600, id="double-riichi-alone"),
    # three sticks on the table, the winner's own among them: 1300 + 3000
    pytest.param({"riichi": True, "riichi_sticks": 3}, 1, 1300, 3, 4300, id="three-sticks-given"),
    # no riichi: nothing of the winner's on the table; riichi_sticks 0 (the hand has no yaku:
    # 0 paid)
    pytest.param({}, 0, None, 0, 0, id="no-riichi-no-stick"),
]


@pytest.mark.parametrize("context, han, discarder_pays, sticks, receives", STICKS)
def test_the_api_puts_the_winners_own_stick_on_the_table(client, context, han, discarder_pays,
                                                         sticks, receives):
    status, result = api(client, riichi_request(CLOSED_WAIT, **SOUTH, **context))
    assert status == 200, result
    assert result["han"] == han
    if discarder_pays is not None:
        assert result["fu"] == 40
        assert result["payments"]["transfers"] == [
            {"from": "E", "to": "S", "amount": discarder_pays}]
    assert result["deposits"] == {"riichi_sticks": sticks, "amount": 1000 * sticks,
                                  "to": "S" if sticks else None}
    assert result["winner_receives"] == receives
    assert result["context"]["riichi_sticks"] == sticks


@pytest.mark.parametrize("context", [{"riichi": True}, {"double_riichi": True}],
                         ids=["riichi", "double_riichi"])
def test_riichi_with_no_stick_given_as_0_is_still_refused(client, context):
    status, result = api(client, riichi_request(CLOSED_WAIT, **SOUTH, **context,
                                                riichi_sticks=0))
    assert status == 400
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == NO_STICK_FIELDS
    assert "the winner's own riichi stick is on the table" in result["error"]["message"]


def test_other_variants_still_refuse_riichi_sticks_and_riichi():
    # Left out, the sticks follow riichi, which only Riichi reads: Shanghai refuses the riichi.
    result = score({"variant": "shanghai", "hand": "234m 567p 22s 111z 789p +2s",
                    "context": {"riichi": True}})
    assert result["error"]["fields"] == ["context.riichi"]


def test_leaving_the_sticks_out_is_giving_the_winners_own_one_on_random_hands():
    # The Riichi oracle's seeded hands in riichi with one stick on the table: the same result,
    # byte for byte, with riichi_sticks left out; and without riichi, the same as 0.
    from bench.riichi_reference import cases

    checked = 0
    for request in cases(SEED, 400):
        ctx = request["context"]
        in_riichi = bool(ctx.get("riichi") or ctx.get("double_riichi"))
        if ctx["riichi_sticks"] != int(in_riichi):
            continue
        left_out = {name: value for name, value in ctx.items() if name != "riichi_sticks"}
        assert score({**request, "context": left_out}) == score(request), request
        checked += 1
    assert checked >= 100


def test_score_json_stdin_scores_riichi_alone_with_its_stick():
    process = subprocess.run(
        [sys.executable, "manage.py", "score", "--json", "-"], cwd=ROOT, capture_output=True,
        text=True, timeout=120, input=json.dumps(riichi_request(CLOSED_WAIT, **SOUTH,
                                                                riichi=True)))
    assert process.returncode == 0, process.stderr
    result = json.loads(process.stdout)
    assert result["deposits"]["riichi_sticks"] == 1
    assert result["winner_receives"] == 2300


def test_score_json_stdin_refuses_riichi_with_0_sticks_with_exit_2():
    code, out, _ = run_command("score", "--json", "-", stdin=json.dumps(
        riichi_request(CLOSED_WAIT, **SOUTH, riichi=True, riichi_sticks=0)))
    assert code == 2
    assert json.loads(out)["error"]["fields"] == NO_STICK_FIELDS


def test_the_command_lines_riichi_flag_alone_takes_the_winners_stick():
    code, out, _ = run_command("score", "riichi", CLOSED_WAIT, "--seat-wind", "S", "--riichi",
                               "--json")
    assert code == 0
    result = json.loads(out)
    assert result["deposits"]["riichi_sticks"] == 1 and result["winner_receives"] == 2300
    code, out, _ = run_command("score", "riichi", CLOSED_WAIT, "--seat-wind", "S", "--riichi",
                               "--riichi-sticks", "0", "--json")
    assert code == 2
    assert json.loads(out)["error"]["fields"] == NO_STICK_FIELDS


def test_analyse_reads_riichi_alone():
    # 234m 567p 345s 678s 1m: waiting on 1m or 4m; on a discard, riichi is the one yaku.
    answer = analyse({"variant": "riichi", "hand": "234m 567p 345s 678s 1m",
                      "context": {"seat_wind": "S", "riichi": True}})
    assert answer["ok"], answer
    assert [w["tile"] for w in answer["waits"]] == ["1m", "4m"]
    assert all(w["discard"]["patterns"] == ["riichi"] for w in answer["waits"])
    refused = analyse({"variant": "riichi", "hand": "234m 567p 345s 678s 1m",
                       "context": {"seat_wind": "S", "riichi": True, "riichi_sticks": 0}})
    assert refused["error"]["fields"] == NO_STICK_FIELDS


def page(client, **query):
    return client.get("/", {"variant": "riichi", "hand": CLOSED_WAIT, "seat_wind": "S",
                            **query}).content.decode()


@pytest.mark.parametrize("query", [{"riichi": "on"}, {"riichi": "on", "riichi_sticks": ""}],
                         ids=["sticks-not-sent", "sticks-box-empty"])
def test_the_page_scores_riichi_ticked_alone(client, query):
    html = page(client, **query)
    assert "cannot happen" not in html
    assert 'data-pattern="riichi"' in html
    assert "1 riichi stick on the table: 1000 to the winner" in html


def test_the_page_refuses_riichi_with_a_0_typed_in_the_sticks_box(client):
    html = page(client, riichi="on", riichi_sticks="0")
    assert "the winner&#39;s own riichi stick is on the table" in html  # markupsafe's escape
    assert re.search(r'name="riichi_sticks"[^>]*aria-invalid="true"', html)
    assert 'data-pattern="riichi"' not in html


def test_the_pages_permalink_keeps_only_a_typed_count():
    from django.http import QueryDict

    from scoring.forms import ScoreForm

    base = f"variant=riichi&hand={CLOSED_WAIT.replace('+', '%2B')}&seat_wind=S&riichi=on"
    left_out = ScoreForm(QueryDict(base + "&riichi_sticks=&honba="))
    assert left_out.is_valid()
    assert "riichi_sticks" not in left_out.engine_request()["context"]
    assert "riichi_sticks" not in left_out.permalink_query()
    typed = ScoreForm(QueryDict(base + "&riichi_sticks=2"))
    assert typed.is_valid() and typed.engine_request()["context"]["riichi_sticks"] == 2
    assert "riichi_sticks=2" in typed.permalink_query()


# --- 2. Tenhou and chiihou with a kong, ippatsu on a kong replacement --------------------------

# A concealed kong of 1s; 234m 567p 678s 99p; drawn 4m completes 234m.
KONG = "(1111s) 234m 567p 678s 99p +4m"
NO_KONG = "111s 234m 567p 678s 99p +4m"


@pytest.mark.parametrize("hand, context, fields", [
    pytest.param(KONG, {"heavenly": True, "self_drawn": True}, ["context.heavenly"],
                 id="tenhou-with-a-concealed-kong"),
    pytest.param("[1111s] 234m 567p 678s 99p +4m", {"heavenly": True, "self_drawn": True},
                 ["context.heavenly"], id="tenhou-with-a-claimed-kong"),
    pytest.param(KONG, {"chiihou": True, "self_drawn": True, "seat_wind": "S"},
                 ["context.chiihou"], id="chiihou-with-a-concealed-kong"),
    pytest.param(KONG, {"riichi": True, "ippatsu": True, "self_drawn": True,
                        "kong_replacement": True, "seat_wind": "S"},
                 ["context.ippatsu", "context.kong_replacement"],
                 id="ippatsu-on-the-winners-own-kong-replacement"),
    pytest.param(KONG, {"double_riichi": True, "ippatsu": True, "self_drawn": True,
                        "kong_replacement": True, "seat_wind": "S"},
                 ["context.ippatsu", "context.kong_replacement"],
                 id="ippatsu-after-double-riichi-on-a-kong-replacement"),
])
def test_riichi_refuses_what_a_kong_makes_impossible(client, hand, context, fields):
    status, result = api(client, riichi_request(hand, **context))
    assert status == 400
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == fields


def test_the_messages_say_why():
    heavenly = score(riichi_request(KONG, heavenly=True, self_drawn=True))
    assert "before any call or kong" in heavenly["error"]["message"]
    ippatsu = score(riichi_request(KONG, riichi=True, ippatsu=True, self_drawn=True,
                                   kong_replacement=True, seat_wind="S"))
    assert "any kong ends ippatsu, the winner's own too" in ippatsu["error"]["message"]


def test_tenhou_without_a_kong_is_a_yakuman(client):
    # A yakuman is 8,000 basic points; the dealer's self-draw: 2 x 8,000 = 16,000 from each.
    status, result = api(client, riichi_request(NO_KONG, heavenly=True, self_drawn=True))
    assert status == 200
    assert [p["id"] for p in result["patterns"]] == ["tenhou"]
    assert {t["from"]: t["amount"] for t in result["payments"]["transfers"]} == {
        "S": 16000, "W": 16000, "N": 16000}


def test_ippatsu_with_a_kong_made_before_riichi_still_counts(client):
    # Riichi declared after the concealed kong, won self-drawn within the turn (not on the
    # replacement): riichi, ippatsu, menzen tsumo: 3 han. Fu: 20 + 2 tsumo + 32 concealed kong
    # of terminals = 54 -> 60: 60 x 2^5 = 1920: the dealer 3900, the others 2000 each.
    status, result = api(client, riichi_request(KONG, riichi=True, ippatsu=True,
                                                self_drawn=True, seat_wind="S"))
    assert status == 200
    assert {p["id"] for p in result["patterns"]} == {"riichi", "ippatsu", "menzen_tsumo"}
    assert (result["han"], result["fu"]) == (3, 60)
    assert {t["from"]: t["amount"] for t in result["payments"]["transfers"]} == {
        "E": 3900, "W": 2000, "N": 2000}


def test_a_kong_replacement_without_ippatsu_counts_rinshan(client):
    status, result = api(client, riichi_request(KONG, riichi=True, self_drawn=True,
                                                kong_replacement=True, seat_wind="S"))
    assert status == 200
    assert {p["id"] for p in result["patterns"]} == {"riichi", "menzen_tsumo", "rinshan"}


def test_ippatsu_with_chankan_stays_a_win(client):
    # The robbed kong is never made, so it does not end ippatsu. 234m 567p 234s 678s 99m,
    # won on the 4s another player adds to a pung: riichi, ippatsu, chankan, pinfu (a two-sided
    # wait on 1s-4s, eyes of 9m), 4 han 30 fu: 30 x 2^6 = 1920, x4 = 7680 -> 7700; + the stick.
    status, result = api(client, riichi_request("234m 567p 234s 678s 99m +4s", seat_wind="S",
                                                riichi=True, ippatsu=True, robbing_kong=True))
    assert status == 200, result
    assert {p["id"] for p in result["patterns"]} == {"riichi", "ippatsu", "chankan", "pinfu"}
    assert (result["han"], result["fu"]) == (4, 30)
    assert result["payments"]["transfers"] == [{"from": "E", "to": "S", "amount": 7700}]
    assert result["winner_receives"] == 8700


@pytest.mark.parametrize("variant", ["shanghai", "hongkong"])
def test_a_heavenly_hand_with_a_concealed_kong_is_refused_in_every_variant_that_has_one(
        variant):
    result = score({"variant": variant, "hand": "(2222m) 345m 678p 99p 456p +4p",
                    "context": {"heavenly": True, "self_drawn": True}})
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == ["context.heavenly"]


def test_a_rule_about_the_hand_is_not_checked_for_a_win_entered_by_its_total():
    # Sichuan's settle enters a win by its fans: no hand, so a kong cannot be known; the rules
    # that read the hand's facts are marked, and exactly those read them.
    facts = set(HandFacts.__dataclass_fields__)
    for rule in IMPOSSIBLE:
        reads_facts = bool(facts & set(rule.broken.__code__.co_names))
        assert rule.about_hand == reads_facts, rule.fields


# --- 3. Chinese Official: 和绝张 with another copy concealed ------------------------------------

# 123m 456m 789p 345s East pair, won on 4s in 345s: Last Tile 4, Concealed Hand 2, Short
# Straight (123m 456m) 1, Closed Wait 1 = 8 (the minimum).
LAST_TILE = "123m 456m 789p 345s 11z +4s"


@pytest.mark.parametrize("hand", [
    pytest.param("123m 456m 789p 234s 44s +4s", id="a-chow-and-a-pair-share-it"),
    pytest.param("123m 456m 789p 123s 44s +4s", id="single-wait-on-a-held-tile"),
    pytest.param("123m 456m 789p 444s 11z +4s", id="a-pung-completed"),
    pytest.param("[123m] 456m 789p 234s 44s +4s", id="with-a-claimed-set"),
])
def test_mcr_refuses_the_last_tile_with_another_copy_concealed(client, hand):
    status, result = api(client, mcr_request(hand, winning_tile_last=True))
    assert status == 400
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == ["context.winning_tile_last"]
    assert "the concealed tiles can hold no other 4 of bamboo" in result["error"]["message"]
    # Without the flag the hand scores (the fan is not quietly dropped: it is not claimed).
    assert api(client, mcr_request(hand))[0] == 200


def test_mcr_counts_the_last_tile_when_the_winning_tile_is_the_only_one_concealed(client):
    status, result = api(client, mcr_request(LAST_TILE, winning_tile_last=True))
    assert status == 200
    assert {p["id"]: p["value"] for p in result["patterns"]} == {
        "58": 4, "62": 2, "71": 1, "78": 1}
    assert result["total"] == 8 and result["meets_minimum"]


def test_mcr_counts_copies_in_the_winners_revealed_sets_as_shown(client):
    # [444s] claimed, the fourth 4s won in 345s: three copies shown, the fan with or without
    # the flag (docs/rules-mcr.md, decision 7).
    hand = "[444s] 123m 456m 345s 11z +4s"
    for context in ({}, {"winning_tile_last": True}):
        status, result = api(client, mcr_request(hand, **context))
        assert status == 200, result
        assert "58" in {p["id"] for p in result["patterns"]}


def test_score_json_stdin_refuses_the_mcr_last_tile_with_exit_2():
    code, out, _ = run_command("score", "--json", "-", stdin=json.dumps(
        mcr_request("123m 456m 789p 234s 44s +4s", winning_tile_last=True)))
    assert code == 2
    assert json.loads(out)["error"]["fields"] == ["context.winning_tile_last"]


def test_shanghai_reads_the_same_flag_its_own_way():
    # Shanghai's 3F: one wait and the winning tile the last one left, the winner's own copy
    # seen by the winner: the pair wait on 1p holding one 1p is not refused.
    result = score({"variant": "shanghai", "hand": "[123m] [456p] 444s 789s 11p +1p",
                    "context": {"winning_tile_last": True}})
    assert result["ok"] and "3F" in {p["id"] for p in result["patterns"]}


# --- 4. A Riichi hand with no yaku: nobody pays, and the result says why ---------------------

NO_YAKU = "[234m] 567p 345s 678s 11m +3s"  # a chow claimed, won on a discard: no yaku


def test_a_hand_with_no_yaku_says_it_is_not_a_win(client):
    status, result = api(client, riichi_request(NO_YAKU, seat_wind="S"))
    assert status == 200
    assert result["meets_minimum"] is False
    assert result["payments"]["transfers"] == []
    assert set(result["payments"]["net"].values()) == {0}
    assert result["explanation"] == [{
        "code": "no_yaku", "total": 0, "minimum": 1,
        "text": "no yaku: not a win (a hand needs at least one yaku; dora do not count); "
                "nobody pays"}]


def test_a_hand_with_no_yaku_says_so_on_the_page_in_every_language(client):
    words = {"en": "no yaku: not a win", "fr": "aucun yaku : pas une victoire",
             "zh-hans": "无役：不算和牌", "zh-hant": "無役：唔算食糊"}
    for language, text in words.items():
        html = client.get("/", {"variant": "riichi", "hand": NO_YAKU, "seat_wind": "S"},
                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert '<li data-note="no_yaku">' + text in html, language


def test_no_yaku_through_the_command_line():
    code, out, _ = run_command("score", "--json", "-", stdin=json.dumps(
        riichi_request(NO_YAKU, seat_wind="S")))
    assert code == 0
    result = json.loads(out)
    assert not result["meets_minimum"]
    assert result["explanation"][0]["text"].startswith("no yaku: not a win")
