"""What wins, and for how much (contract §6): worked hands, the refusals, and the three doors."""

import json

import pytest
from django.test import Client

from scoring.engine import analyse, score
from tests.helpers import post, run_command

NINE_GATES = "1112345678999m"


def analysed(variant, hand, context=None, rules=None):
    result = analyse({"variant": variant, "hand": hand, "context": context or {},
                      "rules": rules or {}})
    assert result["ok"], result
    return result


def waits_of(result):
    """{tile: (self-drawn total, discard total)}."""
    return {w["tile"]: (w["self_drawn"]["total"], w["discard"]["total"]) for w in result["waits"]}


def scored_as(variant, hand13, tile, context=None, rules=None, **won):
    """score's result for the 13 tiles with `tile` as the winning tile."""
    return score({"variant": variant, "hand": f"{hand13}{tile} +{tile}",
                  "context": {**(context or {}), **won}, "rules": rules or {}})


# Worked hands -----------------------------------------------------------------------------------

# Shanghai, East (the dealer): 1m and 9m make a pung of the terminal (3G, 7A); 2m, 5m and 8m
# the eyes 2, 5 or 8 (1A, 3A); every wait is a pure suit (40A); self-drawn adds 5A, a discard 2E.
SHANGHAI_NINE = {"1m": (55, 52), "2m": (49, 46), "3m": (45, 42), "4m": (45, 42), "5m": (49, 46),
                 "6m": (45, 42), "7m": (45, 42), "8m": (49, 46), "9m": (55, 52)}
# Hong Kong: nine gates is a limit hand, every wait alike: 10 faan, 11 with self-drawn.
HONG_KONG_NINE = {f"{n}m": (11, 10) for n in range(1, 10)}


@pytest.mark.parametrize("variant, expected", [("shanghai", SHANGHAI_NINE),
                                               ("hongkong", HONG_KONG_NINE)],
                         ids=["shanghai", "hongkong"])
def test_nine_gates_waits_on_all_nine_tiles_of_its_suit(variant, expected):
    result = analysed(variant, NINE_GATES)
    assert result["shanten"] == 0
    assert result["hand"] == NINE_GATES
    assert waits_of(result) == expected
    for wait in result["waits"]:
        for way, drawn in (("self_drawn", True), ("discard", False)):
            full = scored_as(variant, NINE_GATES, wait["tile"], self_drawn=drawn)
            assert wait[way] == {"total": full["total"], "points": full["points"],
                                 "meets_minimum": full["meets_minimum"],
                                 "patterns": [p["id"] for p in full["patterns"]],
                                 "net": full["payments"]["net"]}


def test_hong_kong_nine_gates_pays_the_limit_table():
    wait = analysed("hongkong", NINE_GATES)["waits"][4]
    assert wait["tile"] == "5m"
    assert wait["self_drawn"]["patterns"] == ["nine_gates", "self_drawn"]
    assert wait["discard"]["points"] == 128  # 10 faan, half-spicy
    assert wait["discard"]["net"] == {"E": 256, "S": 0, "W": 0, "N": -256}  # full gun, N pays


def test_the_contract_example_waits_on_its_eyes_only():
    result = analysed("shanghai", "234m 567p 2s [EEE] [789p]", {"seat_wind": "S"})
    assert result["hand"] == "234m567p2s [111z] [789p]"
    assert [w["tile"] for w in result["waits"]] == ["2s"]
    discard = result["waits"][0]["discard"]
    # S wins on the discard of its upper house, E: E pays the total.
    assert discard["net"]["S"] == discard["total"] and discard["net"]["E"] == -discard["total"]


def test_a_closed_wait_is_one_tile():
    result = analysed("hongkong", "123m456p789s13m55z")
    assert result["shanten"] == 0
    assert waits_of(result) == {"2m": (4, 3)}  # all chows, concealed, no flowers (+ self-drawn)
    assert result["useful"] == ["2m"]


def test_a_kind_held_four_times_is_no_wait():
    # 1111m 234p 567s 789s: 1m would be the eyes, but the hand holds every 1m there is.
    result = analysed("shanghai", "1111m234p567s789s")
    assert result["waits"] == [] and result["shanten"] == 1
    assert "1m" not in result["useful"] and "5z" in result["useful"]


def test_a_hand_three_tiles_from_ready():
    # 123m and 345p (or 456p) are sets, 79s waits on 8s; 9m, 6p, 1z, 5z and 7z stand alone:
    # 8 - 2 x 2 sets - 1 partial = 3.
    result = analysed("shanghai", "1239m3456p79s157z")
    assert result["shanten"] == 3 and result["waits"] == []
    assert result["useful"] == ["7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
                                "8s", "1z", "5z", "7z"]


def test_thirteen_orphans_waits_on_all_thirteen():
    result = analysed("hongkong", "19m19p19s1234567z")
    assert len(result["waits"]) == 13
    assert {w["discard"]["total"] for w in result["waits"]} == {13}


def test_seven_pairs_only_where_the_variant_allows_it():
    hand = "1122m3355p77889s"
    assert [w["tile"] for w in analysed("hongkong", hand, rules={"seven_pairs": True})[
        "waits"]] == ["9s"]
    assert analysed("hongkong", hand)["shanten"] == 2  # no seven pairs at the default table


def test_sichuan_counts_four_alike_as_two_pairs_and_needs_a_void_suit():
    result = analysed("sichuan", "1111m2233m5577p9p")
    assert [w["tile"] for w in result["waits"]] == ["9p"]
    assert "seven_pairs" in result["waits"][0]["discard"]["patterns"]
    # Three suits: one of them must go, whatever the tiles.
    assert analysed("sichuan", "123m456p789s1122s")["shanten"] >= 1
    # A declared void suit held: those tiles are thrown away, never useful.
    held = analysed("sichuan", "123m456p4567s112s", {"void_suit": "m"})
    assert not any(tile.endswith("m") for tile in held["useful"])


def test_american_waits_on_the_card():
    result = analysed("american", "111m 33m 5555m 777p 9p")
    assert waits_of(result) == {"9p": (25, 25)}  # od1: 111a 33a 5555a 777b 99b
    assert result["missing"] == 1 and result["shanten"] == 0
    joker = analysed("american", "1f2f3f 1111m 5555p 99s")  # od2: FFF 1111a 5555b 999c
    assert [w["tile"] for w in joker["waits"]] == ["9s", "J"]


def test_american_not_ready_counts_the_tiles_missing_from_the_closest_line():
    result = analysed("american", "123m 456p 789s 1z 2z 3z 4z")
    assert result["waits"] == [] and result["shanten"] == result["missing"] - 1 >= 1
    assert result["useful"]


def test_american_temporary_table():
    result = analysed("american", "11m 22p 333s 4444z 1f 2f", rules={"card": "temporary"})
    # A pair becomes a pung, a flower pair a pung, a joker joins 333s; 4z: all four are held.
    assert [w["tile"] for w in result["waits"]] == ["1m", "2p", "3s", "1f", "J"]


# Refusals ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("field, value", [
    ("self_drawn", True), ("self_drawn", False), ("discarder", "N"), ("robbing_kong", True),
    ("kong_replacement", True), ("last_tile", True), ("winning_tile_last", True),
    ("after_kong_discard", True)])
def test_context_about_the_winning_tile_is_refused(field, value):
    result = analyse({"variant": "shanghai", "hand": NINE_GATES, "context": {field: value}})
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == [f"context.{field}"]


@pytest.mark.parametrize("variant, hand, code", [
    ("shanghai", "1112345678999m +9m", "bad_notation"),
    ("shanghai", "11123456789999m", "wrong_tile_count"),
    ("shanghai", "111234567899m", "wrong_tile_count"),
    ("shanghai", "11111m23456789p", "too_many_copies"),
    ("sichuan", "123m456p789s1122z", "tile_not_in_variant"),
    ("sichuan", "[123m] 4567899m 11p", "meld_not_allowed"),
    ("american", "111m 33m 5555m 777p 99p", "wrong_tile_count"),
    ("nope", NINE_GATES, "unknown_variant"),
    ("shanghai", None, "bad_notation"),
], ids=["plus", "fourteen", "twelve", "fifth-copy", "honors-in-sichuan", "sichuan-chow",
        "american-fourteen", "variant", "no-hand"])
def test_bad_hands_answer_the_error_shape(variant, hand, code):
    assert analyse({"variant": variant, "hand": hand})["error"]["code"] == code


def test_kongs_count_as_three_and_sets_stay_fixed():
    result = analysed("shanghai", "(1111z) [222z] 345m 67p 99s")
    assert result["hand"] == "345m67p99s (1111z) [222z]"
    assert [w["tile"] for w in result["waits"]] == ["5p", "8p"]


def test_a_request_that_is_not_an_object():
    assert analyse([1])["error"]["code"] == "bad_request"


# Doors ------------------------------------------------------------------------------------------

REQUEST = {"variant": "shanghai", "hand": "234m 567p 2s [EEE] [789p]",
           "context": {"seat_wind": "S"}}


def test_api_analyse_answers_what_the_engine_does():
    client = Client(enforce_csrf_checks=True)
    response = post(client, "/api/analyse", REQUEST)
    assert response.status_code == 200
    assert response.json() == analyse(REQUEST)
    bad = post(client, "/api/analyse", {**REQUEST, "hand": "1m"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "wrong_tile_count"
    assert client.get("/api/analyse").status_code == 405
    form = client.post("/api/analyse", data={"variant": "shanghai"})
    assert form.status_code == 415


def test_cli_analyse_json_and_jsonl():
    code, out, _ = run_command("analyse", "--json", "-", stdin=json.dumps(REQUEST))
    assert code == 0 and json.loads(out) == analyse(REQUEST)
    code, out, _ = run_command("analyse", "--json", "-", stdin=json.dumps({**REQUEST,
                                                                        "hand": "1m"}))
    assert code == 2 and json.loads(out)["error"]["code"] == "wrong_tile_count"
    lines = json.dumps(REQUEST) + "\nnot json\n" + json.dumps({"variant": "sichuan",
                                                               "hand": NINE_GATES}) + "\n"
    code, out, _ = run_command("analyse", "--jsonl", stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(answers) == 3
    assert answers[0] == analyse(REQUEST)
    assert answers[1]["error"]["code"] == "bad_request"
    assert len(answers[2]["waits"]) == 9
