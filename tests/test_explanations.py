"""Every number explained (issue 15): the total before and after a cap or limit, the points a
total becomes, the jokerless double, each transfer's reason, names rather than ids; through the
engine, the API, the command line's breakdown and the page. Each figure is worked by hand from
the rules documents."""

import json

import pytest

from scoring.breakdown import format_breakdown
from scoring.engine import score
from tests.helpers import post

# Sichuan, South self-drawn: 111m 222m 333m 444m 55m = all pungs 1 + pair wait 1 + pure suit 2 =
# 4 fans, capped at 3 by the house rules: 2^3 = 8 points; each of the three pays 8 + 1 = 9.
SICHUAN = {"variant": "sichuan", "hand": "11122233344455m",
           "context": {"seat_wind": "S", "self_drawn": True}}
# Hong Kong, East self-drawn: four concealed pungs 10 + self-drawn 1 = 11 faan (the ordinary
# reading: all pungs 3 + self-drawn 1 + concealed 1 + no flowers 1 = 6). Half spicy: 11 -> 192.
HONG_KONG = {"variant": "hongkong", "hand": "222m444p666s888s55m+5m",
             "context": {"self_drawn": True}}
# Hong Kong half gun, South wins on North's discard: small four winds 6 + seat wind (S) 1 +
# round wind (E) 1 + dragon pung 1 + all pungs 3 + no flowers 1 = 13 -> 384 a portion;
# the discarder pays 1 portion (384), East and West half of one (192).
HALF_GUN = {"variant": "hongkong", "hand": "111z222z333z44z[555z]+4z",
            "context": {"seat_wind": "S", "discarder": "N"}, "rules": {"payment": "half_gun"}}
# American demo card, no joker, on a line with pungs (od1 25: 111a 33a 5555a 777b 99b): doubled
# to 50. North discards: North pays 2 x 50, East and West 50 each.
AMERICAN = {"variant": "american", "hand": "111m 33m 5555m 777p 99p",
            "context": {"seat_wind": "S", "discarder": "N"}}
# Shanghai limit 200, 100A four winds 100 + 7I one suit and honors 7 = 107: a total above 100
# and below 200 counts as 100.
SHANGHAI_200 = {"variant": "shanghai", "hand": "[111z] [222z] [333z] 444z 33m +4z",
                "rules": {"limit": 200}}


def notes(result):
    return [note["text"] for note in result["explanation"]]


def test_a_sichuan_total_above_the_cap_says_so_and_how_points_come():
    result = score(SICHUAN)
    assert (result["raw_total"], result["total"], result["points"]) == (4, 3, 8)
    assert notes(result) == ["4 fan, capped at 3 by the house rules", "3 fan: 2^3 = 8 points"]
    assert set(result["payment_reasons"]) == {
        "self-drawn: 8 points + 1 from each player still in"}
    assert [t["amount"] for t in result["payments"]["transfers"]] == [9, 9, 9]


def test_sichuan_shows_no_dealer_round_wind_or_minimum():
    result = score(SICHUAN)
    assert set(result["context"]) == {"seat_wind", "self_drawn", "discarder"}
    text = format_breakdown(result)
    assert "round_wind" not in text and "dealer" not in text and "Minimum" not in text


def test_hong_kong_portions_and_the_readings_compared():
    result = score(HONG_KONG)
    assert (result["total"], result["points"]) == (11, 192)
    assert notes(result) == ["11 faan: 192 on the half-spicy scale x stake 1 = 192 a portion"]
    reasons = {e["name"]: e["reason"] for e in result["excluded"]}
    assert reasons["Dui Dui Wu"] == "the limit reading, 11, is higher than the ordinary reading, 6"


def test_hong_kong_half_gun_says_who_pays_what_and_why():
    result = score(HALF_GUN)
    assert result["total"] == 13
    # Each transfer keeps the contract's three fields; the reasons stand beside, in order.
    assert result["payments"]["transfers"] == [
        {"from": "N", "to": "S", "amount": 384}, {"from": "W", "to": "S", "amount": 192},
        {"from": "E", "to": "S", "amount": 192}]
    assert result["payment_reasons"] == ["discarder, half gun: 1 portion",
                                         "half gun: half a portion", "half gun: half a portion"]


def test_the_american_jokerless_double_is_explained():
    result = score(AMERICAN)
    assert (result["total"], result["points"]) == (25, 50)
    assert notes(result) == ["25 points, doubled for a hand without jokers: 50"]
    assert result["payments"]["transfers"] == [
        {"from": "W", "to": "S", "amount": 50}, {"from": "N", "to": "S", "amount": 100},
        {"from": "E", "to": "S", "amount": 50}]
    assert result["payment_reasons"] == ["points", "discarder: 2 x points", "points"]


def test_the_shanghai_limit_200_rule_is_explained():
    result = score(SHANGHAI_200)
    assert (result["raw_total"], result["total"]) == (107, 100)
    assert notes(result) == ["107 fan counts as 100: with limit 200, a total above 100 and "
                             "below 200 is not valid and counts as 100"]


def test_under_the_minimum_nobody_pays_and_it_says_so():
    # 1A 1 + 2F 2 + 2H 2 (East pung, round wind) = 5, under a minimum of 6.
    result = score({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s",
                    "context": {"seat_wind": "S"}, "rules": {"minimum_fan": 6}})
    assert notes(result) == ["5 fan is under the minimum of 6: nobody pays"]
    assert result["payments"]["transfers"] == []


def test_exclusions_and_alternatives_name_patterns_not_ids():
    # Shanghai: 5A (concealed self-drawn) excludes 2E; the reason names both.
    result = score({"variant": "shanghai", "hand": "234m567p22s111z789p+2s",
                    "context": {"self_drawn": True}})
    gone = {e["id"]: e for e in result["excluded"]}
    assert "2E" in gone and "2E" not in gone["2E"]["reason"] and "5A" not in gone["2E"]["reason"]
    assert gone["2E"]["by_name"] and gone["2E"]["by_name"] in gone["2E"]["reason"]
    several = score(SICHUAN)
    assert several["alternatives"][0]["names"] == ["Dan Diao", "Qing Yi Se"]


def test_a_minimum_above_the_limit_is_refused_the_same_way_in_both_variants():
    for variant, rules in (("shanghai", {"minimum_fan": 150}), ("hongkong", {"minimum_fan": 9,
                                                                              "limit": 8})):
        result = score({"variant": variant, "hand": "234m567p22s[EEE][789p]+2s", "rules": rules})
        assert result["error"]["code"] == "bad_context"
        assert result["error"]["fields"] == ["rules.minimum_fan", "rules.limit"]
        assert "no hand could win" in result["error"]["message"]


@pytest.mark.parametrize("request_", [SICHUAN, HALF_GUN, AMERICAN, SHANGHAI_200],
                         ids=["sichuan", "half-gun", "american", "shanghai-200"])
def test_the_api_gives_the_same_explanation(client, request_):
    body = post(client, "/api/score", request_).json()
    assert body["explanation"] == score(request_)["explanation"]
    assert body["payments"] == score(request_)["payments"]
    assert body["payment_reasons"] == score(request_)["payment_reasons"]


def test_the_command_line_breakdown_shows_every_step():
    text = format_breakdown(score(HALF_GUN))
    assert "13 faan: 384 on the half-spicy scale x stake 1 = 384 a portion" in text
    assert "N pays S 384  (discarder, half gun: 1 portion)" in text
    american = format_breakdown(score(AMERICAN))
    assert "25 points, doubled for a hand without jokers: 50" in american


def test_the_page_shows_the_cap_the_reasons_and_no_minimum_in_sichuan(client):
    query = {"variant": "sichuan", "hand": SICHUAN["hand"], "seat_wind": "S",
             "self_drawn": "on"}
    html = client.get("/", query).content.decode()
    assert "4 fan, capped at 3 by the house rules" in html and "3 fan: 2^3 = 8 points" in html
    assert "(self-drawn: 8 points + 1 from each player still in)" in html
    assert "Minimum" not in html


def test_the_page_shows_what_american_jokers_stand_for(client):
    # od1 25 X: 111a 33a 5555a 777b 99b, a joker in each of the three sets of three or more.
    html = client.get("/", {"variant": "american",
                            "hand": "11mJ 33m 555mJ 77pJ 99p"}).content.decode()
    assert html.count("the joker stands for") == 3
    assert "25 points, doubled" not in html  # jokers: no double
    # Each group drawn as tiles, its joker among them, never in notation ("11mJ:")
    jokers = html.split('<ul class="jokers">')[1].split("</ul>")[0]
    assert jokers.count('aria-label="joker"') == 3 and "<code>" not in jokers
    assert 'aria-label="1 of characters"' in jokers


def test_the_json_command_line_door_carries_the_explanation():
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "manage.py", "score", "--json", "-"], text=True,
                         input=json.dumps(SICHUAN), capture_output=True, check=True)
    assert json.loads(run.stdout)["explanation"][0]["code"] == "capped"


def test_the_pattern_library_names_what_a_pattern_excludes(client):
    html = client.get("/patterns/shanghai/").content.decode()
    entry = html.split('id="p-15D"')[1].split("</li>")[0]
    # 15D excludes 7A, 2D and 2J (rules-shanghai.md): linked by id, shown by name.
    assert '<a href="#p-7A">Yi Tiao Long</a>' in entry and ">7A</a>" not in entry
    sichuan = client.get("/patterns/sichuan/").content.decode()
    assert 'class="pid"' not in sichuan  # Sichuan's ids are not what players say


def test_the_result_shows_ids_only_where_players_use_them(client):
    shanghai = client.get("/", {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"})
    assert '<span class="pid">2F</span>' in shanghai.content.decode()
    query = {"variant": "sichuan", "hand": SICHUAN["hand"], "seat_wind": "S", "self_drawn": "on"}
    assert 'class="pid"' not in client.get("/", query).content.decode()
