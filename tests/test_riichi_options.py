"""Riichi's house options of issue 29 (docs/rules-riichi.md, "House options"): the double wind
pair at 4 or 2 fu, yakuman that stack or not, 0, 3 or 4 red fives, renhou (none, mangan or
yakuman) and its impossible contexts. Each option both ways, on hands whose han, fu and payments
are worked out by hand, through the engine, the API and the command line."""

import io
import json

import pytest
from django.core.management import call_command

from scoring.engine import score
from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS

# Seat East, round East, eyes of East: a wind that is both. A concealed pung of 1m (8 fu), won
# on 4p of 456p (two-sided, no fu), riichi the one yaku (1 han).
DOUBLE_WIND = ("111m 456p 789s 234s 11z +4p",
               {"seat_wind": "E", "round_wind": "E", "riichi": True, "riichi_sticks": 1})
# Big three dragons and all honors (the white pung claimed, the East eyes won on), on a discard
# by South's upper house, East.
TWO_YAKUMAN = ("[555z] 666z 777z 111z 22z +2z", {"seat_wind": "S"})
# All simples (1 han), the pung of 5p two red 0p and a plain 5p: 20 + 10 concealed ron + 2 pair
# wait + 4 concealed pung of simples = 36, 40 fu.
TWO_RED_PINS = "345m 005p 456s 678p 22m +2m"
FOUR_REDS = "340m 005p 406s 678p 22m +2m"
# No yaku of its own on a discard: 3s completes 234s on a closed wait.
NO_YAKU = "123m 456p 789s 234s 99s +3s"


def riichi(hand, context, rules=None):
    return score({"variant": "riichi", "hand": hand, "context": context, "rules": rules or {}})


def paid(result) -> dict:
    return {t["from"]: t["amount"] for t in result["payments"]["transfers"]}


def test_the_defaults_are_todays_rules():
    rules = VARIANTS["riichi"].default_rules
    assert (rules["double_wind_pair"], rules["yakuman_stacking"], rules["aka_dora"],
            rules["renhou"]) == (4, True, 3, "none")


# --- Double wind pair -------------------------------------------------------------------------

def test_a_double_wind_pair_is_4_fu_by_default():
    result = riichi(*DOUBLE_WIND)
    # 20 + 10 + 2 seat wind + 2 round wind + 8 = 42, 50 fu; 1 han: 50 x 2^3 = 400; the dealer's
    # discard win: 6 x 400 = 2400; and the stick
    assert (result["han"], result["fu"]) == (1, 50)
    assert [f["reason"] for f in result["fu_reasons"]] == [
        "base", "concealed_ron", "seat_wind_pair", "round_wind_pair", "set"]
    assert paid(result) == {"N": 2400} and result["winner_receives"] == 3400


def test_a_double_wind_pair_at_2_fu():
    result = riichi(*DOUBLE_WIND, {"double_wind_pair": 2})
    # 20 + 10 + 2 + 8 = 40 fu: 40 x 8 = 320, x 6 = 1920, 2000
    assert (result["han"], result["fu"]) == (1, 40)
    assert [(f["reason"], f["fu"]) for f in result["fu_reasons"]][2] == ("double_wind_pair", 2)
    assert paid(result) == {"N": 2000}
    # a wind that is the seat wind alone is 2 fu either way
    south = riichi(DOUBLE_WIND[0], {**DOUBLE_WIND[1], "round_wind": "S"},
                   {"double_wind_pair": 2})
    assert [f["reason"] for f in south["fu_reasons"]][2] == "seat_wind_pair"
    assert riichi(*DOUBLE_WIND, {"double_wind_pair": 3})["error"]["code"] == "bad_context"


# --- Yakuman stacking -------------------------------------------------------------------------

def test_different_yakuman_add_up_by_default():
    result = riichi(*TWO_YAKUMAN)
    # 13 + 13: a double yakuman, 16000 basic points; a non-dealer's discard win: 4 x 16000
    assert {p["id"]: p["han"] for p in result["patterns"]} == {"daisangen": 13, "tsuuiisou": 13}
    assert (result["han"], result["limit"]) == (26, "2x yakuman")
    assert paid(result) == {"E": 64000}


def test_yakuman_that_do_not_stack_pay_the_largest_alone():
    result = riichi(*TWO_YAKUMAN, {"yakuman_stacking": False})
    # two of 13: the first of the table's, big three dragons; 8000 x 4
    assert {p["id"]: p["han"] for p in result["patterns"]} == {"daisangen": 13}
    assert (result["han"], result["limit"]) == (13, "yakuman")
    assert paid(result) == {"E": 32000}
    # A double yakuman stays double: four concealed pungs on the eyes (26) beside big three
    # dragons and all honors (13 each) is 26 alone
    double = riichi("555z 666z 777z 111z 22z +2z", {"seat_wind": "S"}, {"yakuman_stacking": False})
    assert {p["id"]: p["han"] for p in double["patterns"]} == {"suuankou_tanki": 26}
    assert paid(double) == {"E": 64000}
    # ... unless double yakuman count once: 13
    single = riichi("555z 666z 777z 111z 22z +2z", {"seat_wind": "S"},
                    {"yakuman_stacking": False, "double_yakuman": False})
    assert single["han"] == 13 and paid(single) == {"E": 32000}


def test_a_yakuman_left_unpaid_by_no_stacking_says_why():
    """The smaller (here equal, later) yakuman is listed as excluded by the one paid, with the
    house rule as its reason; not as a dora without a yaku."""
    result = riichi(*TWO_YAKUMAN, {"yakuman_stacking": False})
    left = {e["id"]: e for e in result["excluded"] if e["why"] != "included"}
    assert set(left) == {"tsuuiisou"}
    assert (left["tsuuiisou"]["by"], left["tsuuiisou"]["why"]) == ("daisangen", "no_stacking")
    assert left["tsuuiisou"]["reason"] == ("Yakuman do not add up at this table: Daisangen (Big "
                                           "three dragons) alone is paid.")
    double = riichi("555z 666z 777z 111z 22z +2z", {"seat_wind": "S"}, {"yakuman_stacking": False})
    assert {e["id"]: e["by"] for e in double["excluded"] if e["why"] == "no_stacking"} == {
        "daisangen": "suuankou_tanki", "tsuuiisou": "suuankou_tanki"}


# --- Red fives --------------------------------------------------------------------------------

def test_two_red_5p_are_refused_with_three_red_fives():
    result = riichi(TWO_RED_PINS, {"seat_wind": "S"})
    assert result["error"]["code"] == "too_many_copies"
    assert result["error"]["message"] == ("0p (red five of circles) is written 2 times, but the "
                                          "set has only 1.")


def test_four_red_fives_have_two_red_5p():
    two = riichi(TWO_RED_PINS, {"seat_wind": "S"}, {"aka_dora": 4})
    # all simples 1 + 2 red fives = 3 han, 40 fu: 40 x 2^5 = 1280, x 4 = 5120, 5200
    assert {p["id"]: p["han"] for p in two["patterns"]} == {"tanyao": 1, "aka_dora": 2}
    assert (two["han"], two["fu"]) == (3, 40) and paid(two) == {"E": 5200}
    assert two["hand"] == "22345m005678p456s +2m"
    four = riichi(FOUR_REDS, {"seat_wind": "S"}, {"aka_dora": 4})
    # 1 + 4 = 5 han: a mangan, 2000 x 4
    assert four["han"] == 5 and four["limit"] == "mangan" and paid(four) == {"E": 8000}
    # a third red 5p, or a third plain 5p (the set has two plain 5p and two red), is one too many
    third = riichi("345m 000p 456s 678p 22m +2m", {"seat_wind": "S"}, {"aka_dora": 4})
    assert third["error"]["message"] == ("0p (red five of circles) is written 3 times, but the "
                                         "set has only 2.")
    plain = riichi("345m 555p 456s 678p 22m +2m", {"seat_wind": "S"}, {"aka_dora": 4})
    assert plain["error"] == {"code": "too_many_copies", "message": (
        "5p (5 of circles) is written 3 times, but a set with four red fives has only 2 (and two "
        "0p).")}
    # the other suits keep one red five
    assert riichi("000m 005p 456s 678p 22m +2m", {"seat_wind": "S"},
                  {"aka_dora": 4})["error"]["code"] == "too_many_copies"
    assert riichi("345m 555p 456s 678p 22m +2m", {"seat_wind": "S"})["ok"]


def test_no_red_fives():
    result = riichi(FOUR_REDS, {"seat_wind": "S"}, {"aka_dora": 0})
    assert result["error"]["code"] == "tile_not_in_variant"


# --- Renhou -----------------------------------------------------------------------------------

RENHOU = {"seat_wind": "S", "renhou": True}


def test_renhou_scores_nothing_by_default():
    result = riichi(NO_YAKU, RENHOU)
    assert result["ok"] and not result["meets_minimum"] and result["patterns"] == []


def test_renhou_as_mangan_is_5_han_with_the_other_yaku():
    result = riichi(NO_YAKU, RENHOU, {"renhou": "mangan"})
    # 5 han: a mangan, 2000 x 4 from the discarder
    assert {p["id"]: p["han"] for p in result["patterns"]} == {"renhou": 5}
    assert result["limit"] == "mangan" and paid(result) == {"E": 8000}
    # with pinfu (1 han, 30 fu): 6 han, a haneman, 3000 x 4
    pinfu = riichi("234m 567p 345s 678s 11m +3s", RENHOU, {"renhou": "mangan"})
    assert {p["id"]: p["han"] for p in pinfu["patterns"]} == {"pinfu": 1, "renhou": 5}
    assert pinfu["limit"] == "haneman" and paid(pinfu) == {"E": 12000}


def test_renhou_as_yakuman():
    result = riichi("234m 567p 345s 678s 11m +3s", {**RENHOU, "dora_indicators": ["1m"]},
                    {"renhou": "yakuman"})
    # a yakuman: pinfu and the dora go; 8000 x 4
    assert [p["id"] for p in result["patterns"]] == ["renhou_yakuman"]
    assert result["limit"] == "yakuman" and paid(result) == {"E": 32000}
    # it stacks with another yakuman: thirteen orphans on a discard, 26 han
    orphans = riichi("19m 19p 19s 1234567z 1m +9m", RENHOU, {"renhou": "yakuman"})
    assert {p["id"] for p in orphans["patterns"]} == {"kokushi", "renhou_yakuman"}
    assert paid(orphans) == {"E": 64000}


@pytest.mark.parametrize("hand, context, fields", [
    (NO_YAKU, {"renhou": True}, ["context.renhou", "context.dealer"]),
    (NO_YAKU, {**RENHOU, "self_drawn": True}, ["context.renhou", "context.self_drawn"]),
    (NO_YAKU, {**RENHOU, "riichi": True, "riichi_sticks": 1},
     ["context.renhou", "context.riichi", "context.double_riichi"]),
    (NO_YAKU, {**RENHOU, "robbing_kong": True}, ["context.renhou", "context.robbing_kong"]),
    ("[123m] 456p 789s 234s 99s +3s", RENHOU, ["context.renhou"]),
    ("(1111m) 456p 789s 234s 99s +3s", RENHOU, ["context.renhou"]),
])
@pytest.mark.parametrize("renhou", ["none", "yakuman"])
def test_a_renhou_no_table_sees_is_refused(hand, context, fields, renhou):
    result = riichi(hand, context, {"renhou": renhou})
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == fields


@pytest.mark.parametrize("variant", ["shanghai", "hongkong", "mcr"])
def test_other_variants_refuse_renhou(variant):
    result = score({"variant": variant, "hand": "123m 456m 789s 456s 11s",
                    "context": {"renhou": True}})
    assert result["error"]["fields"] == ["context.renhou"]


# --- The doors --------------------------------------------------------------------------------

# Each option away from its default, as a request, and what it is paid.
DOORS = [
    ({"hand": DOUBLE_WIND[0], "context": DOUBLE_WIND[1], "rules": {"double_wind_pair": 2}},
     {"N": 2000}),
    ({"hand": TWO_YAKUMAN[0], "context": TWO_YAKUMAN[1], "rules": {"yakuman_stacking": False}},
     {"E": 32000}),
    ({"hand": FOUR_REDS, "context": {"seat_wind": "S"}, "rules": {"aka_dora": 4}}, {"E": 8000}),
    ({"hand": NO_YAKU, "context": RENHOU, "rules": {"renhou": "mangan"}}, {"E": 8000}),
    ({"hand": NO_YAKU, "context": RENHOU, "rules": {"renhou": "yakuman"}}, {"E": 32000}),
]


@pytest.mark.parametrize("request_, payments", DOORS)
def test_the_api_reads_the_options(client, request_, payments):
    body = {"variant": "riichi", **request_}
    response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    assert paid(response.json()) == payments
    default = client.post("/api/score", data=json.dumps({**body, "rules": {}}),
                          content_type="application/json").json()
    assert default.get("payments") is None or paid(default) != payments


@pytest.mark.parametrize("request_, payments", DOORS)
def test_the_command_line_reads_the_options(request_, payments):
    out = io.StringIO()
    call_command("score", "--json", "-", stdin=io.StringIO(json.dumps(
        {"variant": "riichi", **request_})), stdout=out)
    assert paid(json.loads(out.getvalue())) == payments


def test_the_command_line_reads_renhou():
    out = io.StringIO()
    call_command("score", "riichi", NO_YAKU, "--seat-wind", "S", "--renhou", "--rule",
                 "renhou=mangan", "--json", stdout=out)
    assert paid(json.loads(out.getvalue())) == {"E": 8000}


def test_an_option_set_is_checked_once_and_its_refusals_every_time():
    """Variant.check_rules keeps each set of scalar options it accepted: the same set is the same
    mapping, True and 1 stay apart, and a set refused (here by Riichi's own check after the
    options one by one) is refused however often it is sent."""
    variant = VARIANTS["riichi"]
    first = variant.check_rules({"open_tanyao": False, "kiriage": True})
    assert variant.check_rules({"open_tanyao": False, "kiriage": True}) is first
    assert (first["open_tanyao"], first["kiriage"]) == (False, True)
    with pytest.raises(HandError) as refused:
        variant.check_rules({"open_tanyao": 0, "kiriage": 1})  # 0 and 1 are not true or false
    assert refused.value.code == "bad_context" and "open tanyao" in str(refused.value)
    assert variant.check_rules({"start_points": 30000})["start_points"] == 30000
    for _ in range(2):
        with pytest.raises(HandError, match="return points"):
            variant.check_rules({"start_points": 30000, "return_points": 25000})
    assert riichi(NO_YAKU, {}, {"open_tanyao": 0})["error"]["code"] == "bad_context"
