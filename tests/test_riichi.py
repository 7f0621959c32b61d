"""Japanese Riichi (docs/rules-riichi.md): worked hands whose han, fu and payments are worked out by
hand from the rules, red fives in the notation, the context Riichi reads and what it refuses."""

import pytest

from scoring.engine import score
from scoring.engine.notation import format_hand, parse
from scoring.examples.riichi import EXAMPLES


def riichi(hand, rules=None, **context):
    return score({"variant": "riichi", "hand": hand, "context": context, "rules": rules or {}})


def paid(result) -> dict:
    """{payer: amount} of the transfers, all to the winner."""
    return {t["from"]: t["amount"] for t in result["payments"]["transfers"]}


PINFU = "234m 567p 345s 678s 11m +3s"  # 345s won on 3s: a two-sided wait, eyes of 1m
TANYAO_PINFU_IIPEIKOU = "223344m 567p 345s 88s +5p"

# (id, hand, context, rules, han, fu, {payer: amount}, what the winner receives in all)
WORKED = [
    # pinfu alone, on a discard: 20 + 10 concealed ron = 30 fu; 30 x 2^3 = 240, x4 = 960 -> 1000
    ("pinfu-ron", PINFU, {"seat_wind": "S"}, {}, 1, 30, {"E": 1000}, 1000),
    # riichi, ippatsu, concealed tsumo, pinfu: 4 han, 20 fu (no tsumo fu on pinfu);
    # 20 x 2^6 = 1280: the dealer 2560 -> 2600, the others 1280 -> 1300; + the riichi stick
    ("riichi-ippatsu-tsumo-pinfu", PINFU, {"seat_wind": "S", "self_drawn": True, "riichi": True,
                                           "ippatsu": True, "riichi_sticks": 1}, {},
     4, 20, {"E": 2600, "W": 1300, "N": 1300}, 6200),
    # the dealer: riichi, pinfu, a dora (indicator 2s: 3s); 3 han 30 fu = 960, x6 = 5760 -> 5800
    ("dealer-ron-3-30", PINFU, {"riichi": True, "riichi_sticks": 1, "dora_indicators": ["2s"]},
     {}, 3, 30, {"N": 5800}, 6800),
    # riichi, pinfu, tanyao, iipeikou: 4 han 30 fu = 1920, x4 = 7680 -> 7700 ...
    ("4-30-no-kiriage", TANYAO_PINFU_IIPEIKOU, {"seat_wind": "S", "riichi": True,
                                                "riichi_sticks": 1}, {}, 4, 30, {"E": 7700},
     8700),
    # ... and a mangan (8000) with kiriage
    ("4-30-kiriage", TANYAO_PINFU_IIPEIKOU, {"seat_wind": "S", "riichi": True,
                                             "riichi_sticks": 1}, {"kiriage": True}, 4, 30,
     {"E": 8000}, 9000),
    # West, East round: the East pung is the round wind (1 han); 20 + 10 + 2 pair wait + 8
    # concealed honor pung = 40 fu; 40 x 8 = 320, x4 = 1280 -> 1300, + 2 honba x 300
    ("honba-ron", "123m 456p 789s 111z 99m +9m", {"seat_wind": "W", "honba": 2}, {}, 1, 40,
     {"S": 1900}, 1900),
    # the same open, self-drawn: 20 + 2 + 8 + 2 tsumo = 32 -> 40 fu; 320: the dealer 640 -> 700,
    # the others 320 -> 400; + 100 each for each of 2 honba
    ("honba-tsumo", "[123m] 456p 789s 111z 99m +9m", {"seat_wind": "W", "self_drawn": True,
                                                      "honba": 2}, {}, 1, 40,
     {"E": 900, "S": 600, "N": 600}, 2100),
    # South, an open hand: kanchan 2, seat wind eyes 2, concealed 999m 8, open white pung 4, open
    # kong of 6s 8 = 44 -> 50 fu; white dragon 1 han: 50 x 8 = 400, x4 = 1600
    ("every-fu", "999m 123p 22z [555z] [6666s] +2p", {"seat_wind": "S"}, {}, 1, 50,
     {"E": 1600}, 1600),
    # seven pairs: 2 han, 25 fu (never rounded): 25 x 16 = 400, x4 = 1600
    ("chiitoitsu-ron", "22m 44m 66p 88p 33s 77s 11z +1z", {"seat_wind": "S"}, {}, 2, 25,
     {"E": 1600}, 1600),
    # self-drawn, 3 han 25 fu: 25 x 32 = 800: the dealer 1600, the others 800
    ("chiitoitsu-tsumo", "22m 44m 66p 88p 33s 77s 11z +1z", {"seat_wind": "S",
                                                             "self_drawn": True}, {}, 3, 25,
     {"E": 1600, "W": 800, "N": 800}, 3200),
    # full flush, concealed: 6 han, haneman (3000 basic): x4 = 12000
    ("haneman", "123m 456m 678m 234m 55m +5m", {"seat_wind": "S"}, {}, 6, 40, {"E": 12000},
     12000),
    # big three dragons on the dealer's win: a yakuman, 8000 x 6 = 48000 from the discarder (fu
    # are still worked out: 20 + 10 + three concealed honor pungs 24 = 54 -> 60)
    ("yakuman-dealer-ron", "555z 666z 777z 123m 99s +1m", {}, {}, 13, 60, {"N": 48000}, 48000),
    # thirteen-sided thirteen orphans, self-drawn by South: a double yakuman (16000 basic) ...
    ("double-yakuman", "19m 19p 19s 1234567z 1m +1m", {"seat_wind": "S", "self_drawn": True},
     {}, 26, 0, {"E": 32000, "W": 16000, "N": 16000}, 64000),
    # ... a single one without double yakuman: the dealer 16000, the others 8000
    ("no-double-yakuman", "19m 19p 19s 1234567z 1m +1m", {"seat_wind": "S", "self_drawn": True},
     {"double_yakuman": False}, 13, 0, {"E": 16000, "W": 8000, "N": 8000}, 32000),
    # 13 han of yaku and dora (riichi 1, concealed tsumo 1, full flush 6, pure straight 2, and 3
    # dora: indicator 8m points at 9m, held three times): kazoe yakuman, or a sanbaiman; 30 fu
    # (20 + 2 pair wait + 4 concealed 555m + 2 tsumo = 28)
    ("kazoe-yakuman", "123m 456m 789m 555m 99m +9m",
     {"seat_wind": "S", "self_drawn": True, "riichi": True, "riichi_sticks": 1,
      "dora_indicators": ["8m"]}, {"aka_dora": 0}, 13, 30,
     {"E": 16000, "W": 8000, "N": 8000}, 33000),
    ("kazoe-sanbaiman", "123m 456m 789m 555m 99m +9m",
     {"seat_wind": "S", "self_drawn": True, "riichi": True, "riichi_sticks": 1,
      "dora_indicators": ["8m"]}, {"aka_dora": 0, "kazoe": "sanbaiman"}, 13, 30,
     {"E": 12000, "W": 6000, "N": 6000}, 25000),
]


@pytest.mark.parametrize("hand, context, rules, han, fu, payers, receives",
                         [w[1:] for w in WORKED], ids=[w[0] for w in WORKED])
def test_worked_hand(hand, context, rules, han, fu, payers, receives):
    result = riichi(hand, rules, **context)
    assert result["ok"], result
    assert (result["han"], result["fu"]) == (han, fu), result["patterns"]
    assert result["total"] == han and result["unit"] == "han"
    assert paid(result) == payers
    assert result["winner_receives"] == receives
    assert sum(result["payments"]["net"].values()) == 0


def test_every_fu_reason_is_listed():
    result = riichi("999m 123p 22z [555z] [6666s] +2p", seat_wind="S")
    reasons = [(f["fu"], f["reason"]) for f in result["fu_reasons"]]
    assert reasons == [(20, "base"), (2, "closed_wait"), (2, "seat_wind_pair"), (8, "set"),
                       (4, "set"), (8, "set")]
    texts = " ".join(f["text"] for f in result["fu_reasons"])
    assert "concealed pung of terminals or honors 999m" in texts
    assert "open kong of simples [6666s]" in texts
    assert any(step["code"] == "fu" and "44, rounded up to 50" in step["text"]
               for step in result["explanation"])


def test_a_hand_without_yaku_is_paid_nothing_and_its_dora_do_not_count():
    result = riichi("234m 567p 123s 789s 11m +2s", seat_wind="S", dora_indicators=["1s"])
    assert result["ok"] and not result["meets_minimum"]
    assert result["patterns"] == [] and result["payments"]["transfers"] == []
    assert [e["id"] for e in result["excluded"]] == ["dora"]
    assert result["excluded"][0]["by"] == "" and result["excluded"][0]["why"] == "no_yaku"
    assert result["explanation"][0]["code"] == "no_yaku"


def test_a_yakuman_removes_every_yaku_and_dora():
    result = riichi("111z 222z 333z 444z 55m +5m", seat_wind="S", self_drawn=True,
                    dora_indicators=["4m"])
    # won on the eyes: four concealed pungs on a pair wait (double) and big four winds (double)
    assert [p["id"] for p in result["patterns"]] == ["suuankou_tanki", "daisuushii"]
    assert result["han"] == 52 and result["limit"] == "4x yakuman"
    assert {"dora", "toitoi", "menzen_tsumo", "seat_wind"} <= {e["id"] for e in result["excluded"]}


def test_red_fives_are_dora_and_fives():
    result = riichi("234m 067p 678s 99p [555z] +4m", seat_wind="S")
    assert result["hand"] == "234m06799p678s [555z] +4m"
    assert {p["id"]: p["han"] for p in result["patterns"]} == {"haku": 1, "aka_dora": 1}
    # with the house option at 0 the set has no red five
    refused = riichi("234m 067p 678s 99p [555z] +4m", {"aka_dora": 0}, seat_wind="S")
    assert refused["error"]["code"] == "tile_not_in_variant"
    assert "0p" in refused["error"]["message"]


@pytest.mark.parametrize("text, canonical", [
    ("123m 406p 789s 11z 789m +0p", "123789m406p789s11z +0p"),
    ("123m 456p 789s 11z 78m 0m", "123078m456p789s11z +0m"),
    ("11m [406p] 456s 789s 123s +1m", "11m123456789s [406p] +1m"),
])
def test_the_formatter_keeps_red_fives(text, canonical):
    assert format_hand(parse(text)) == canonical
    assert format_hand(parse(canonical)) == canonical


def test_a_set_has_one_red_five_of_each_suit():
    result = riichi("0m0m 5m 123p 456p 789s 11z +1z")
    assert result["error"]["code"] == "too_many_copies"
    assert "0m" in result["error"]["message"]
    four_plain = riichi("5555m 123p 456p 11z 99s +9s")  # the fourth 5m is the red one
    assert four_plain["error"]["code"] == "too_many_copies"


@pytest.mark.parametrize("variant", ["shanghai", "hongkong", "sichuan"])
def test_other_variants_refuse_a_red_five_naming_it(variant):
    result = score({"variant": variant, "hand": "123m 406p 789s 456s 11s"})
    assert result["error"]["code"] == "tile_not_in_variant"
    assert "0p" in result["error"]["message"] and "5p" in result["error"]["message"]


@pytest.mark.parametrize("context, fields", [
    ({"ippatsu": True}, ["context.ippatsu", "context.riichi", "context.double_riichi"]),
    ({"ura_dora_indicators": ["3m"]},
     ["context.ura_dora_indicators", "context.riichi", "context.double_riichi"]),
    ({"riichi": True, "riichi_sticks": 0},
     ["context.riichi_sticks", "context.riichi", "context.double_riichi"]),
    ({"chiihou": True, "self_drawn": True}, ["context.chiihou", "context.dealer"]),
])
def test_a_riichi_context_no_table_sees_is_refused(context, fields):
    result = riichi(PINFU, **context)
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == fields


def test_riichi_on_an_open_hand_is_refused():
    result = riichi("[234m] 567p 345s 678s 11m +3s", riichi=True, riichi_sticks=1)
    assert result["error"]["fields"] == ["context.riichi"]


@pytest.mark.parametrize("variant", ["shanghai", "hongkong", "sichuan"])
@pytest.mark.parametrize("field, value", [("riichi", True), ("dora_indicators", ["1m"]),
                                          ("honba", 1), ("riichi_sticks", 2)])
def test_other_variants_refuse_the_riichi_fields(variant, field, value):
    result = score({"variant": variant, "hand": "123m 456m 789s 456s 11s",
                    "context": {field: value}})
    assert result["error"]["code"] == "bad_context"
    assert result["error"]["fields"] == [f"context.{field}"]


def test_indicators_and_hand_together_hold_at_most_four_copies():
    result = riichi("111m 234p 567p 789s 99s +9s", dora_indicators=["1m", "1m"])
    assert result["error"]["code"] == "too_many_copies"


def test_a_kong_replacement_on_the_last_tile_counts_rinshan_alone():
    result = riichi("(1111s) 234m 567p 678s 99p +4m", seat_wind="S", self_drawn=True,
                    kong_replacement=True, last_tile=True)
    assert {p["id"] for p in result["patterns"]} == {"menzen_tsumo", "rinshan"}


def test_every_pattern_has_an_example_that_scores_it():
    from scoring.engine.variants.riichi import PATTERNS

    assert set(EXAMPLES) == {p.id for p in PATTERNS}
    for pattern_id, (hand, context, *rules) in EXAMPLES.items():
        result = riichi(hand, rules[0] if rules else None, **context)
        assert result["ok"] and result["meets_minimum"], (pattern_id, result)
        assert pattern_id in {p["id"] for p in result["patterns"]}, pattern_id


# --- The other doors ------------------------------------------------------------------------------

def test_analyse_names_each_wait_with_its_score_and_notes_furiten():
    from scoring.engine import analyse

    answer = analyse({"variant": "riichi", "hand": "234m 567p 345s 678s 1m",
                      "context": {"seat_wind": "S"}})
    assert [w["tile"] for w in answer["waits"]] == ["1m", "4m"]
    # a single wait on 1m or 4m (234m 1m: the eyes): no yaku on a discard, tsumo when drawn
    assert all(not w["discard"]["meets_minimum"] for w in answer["waits"])
    assert all(w["self_drawn"]["patterns"] == ["menzen_tsumo"] for w in answer["waits"])
    assert answer["furiten"]["waits"] == ["1m", "4m"]
    assert "cannot win on a discard" in answer["furiten"]["text"]


def test_analyse_wins_on_the_red_five_when_every_plain_five_is_held():
    from scoring.engine import analyse

    answer = analyse({"variant": "riichi", "hand": "555m 46m 123p 456p 11s",
                      "context": {"seat_wind": "S", "riichi": True, "riichi_sticks": 1}})
    five = next(w for w in answer["waits"] if w["tile"] == "5m")
    assert five["discard"]["patterns"] == ["riichi", "aka_dora"]


def test_the_command_line_reads_the_riichi_context():
    import json
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "manage.py", "score", "riichi", PINFU, "--seat-wind", "S",
         "--self-drawn", "--riichi", "--riichi-sticks", "1", "--dora", "2s", "--honba", "1",
         "--json"], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    # riichi, tsumo, pinfu, a dora: 4 han 20 fu = 1280: the dealer 2600 + 100, the others
    # 1300 + 100; the stick
    assert (result["han"], result["fu"]) == (4, 20)
    assert paid(result) == {"E": 2700, "W": 1400, "N": 1400}
    assert result["winner_receives"] == 6500
