"""Context that cannot happen (contract §2): one test row per rule of the engine's table, worked
hands through every door, and a property over random legal hands with random contexts."""

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import score
from scoring.engine.context import (
    FIELDS_BY_NAME,
    IMPOSSIBLE,
    KNOWN,
    HandFacts,
    check_possible,
    parse_context,
)
from scoring.engine.errors import HandError
from scoring.engine.randomhands import random_winning_hand
from scoring.engine.variants import VARIANTS
from tests.environment import examples
from tests.test_american import built_hands

EVERY_FIELD = frozenset(KNOWN)

# --- The table, rule by rule -------------------------------------------------------------------
# Each row: a context (and the hand's facts) that breaks exactly the rule named by its fields,
# checked with every field read. A meta-test below says every rule of the table has its row.

PLAIN = HandFacts()
ONE_KONG, TWO_KONGS = HandFacts(kongs=1), HandFacts(kongs=2)
CLAIMED = HandFacts(claimed_set=True)
RULE_ROWS = [
    (("dealer", "seat_wind"), {"seat_wind": "S", "dealer": True}, PLAIN),
    (("kong_replacement", "self_drawn"), {"kong_replacement": True}, ONE_KONG),
    (("kong_replacement",), {"kong_replacement": True, "self_drawn": True}, PLAIN),
    (("double_kong_replacement", "self_drawn"), {"double_kong_replacement": True}, TWO_KONGS),
    (("double_kong_replacement",), {"double_kong_replacement": True, "self_drawn": True},
     ONE_KONG),
    (("heavenly", "earthly"), {"heavenly": True, "earthly": True, "self_drawn": True}, PLAIN),
    (("heavenly", "dealer"), {"heavenly": True, "self_drawn": True, "seat_wind": "S"}, PLAIN),
    (("heavenly", "self_drawn"), {"heavenly": True}, PLAIN),
    (("heavenly",), {"heavenly": True, "self_drawn": True}, CLAIMED),
    (("earthly", "dealer"), {"earthly": True}, PLAIN),
    (("earthly", "self_drawn"), {"earthly": True, "seat_wind": "W", "self_drawn": True}, PLAIN),
    (("earthly", "discarder"), {"earthly": True, "seat_wind": "W", "discarder": "S"}, PLAIN),
    (("earthly",), {"earthly": True, "seat_wind": "N"}, CLAIMED),
    (("heavenly", "robbing_kong"), {"heavenly": True, "robbing_kong": True}, PLAIN),
    (("heavenly", "after_kong_discard"), {"heavenly": True, "after_kong_discard": True}, PLAIN),
    (("heavenly", "last_tile"), {"heavenly": True, "self_drawn": True, "last_tile": True},
     PLAIN),
    (("earthly", "robbing_kong"), {"earthly": True, "seat_wind": "S", "robbing_kong": True},
     PLAIN),
    (("earthly", "after_kong_discard"), {"earthly": True, "seat_wind": "S",
                                         "after_kong_discard": True}, PLAIN),
    (("earthly", "last_tile"), {"earthly": True, "seat_wind": "S", "last_tile": True}, PLAIN),
    (("robbing_kong", "self_drawn"), {"robbing_kong": True, "self_drawn": True}, PLAIN),
    (("robbing_kong", "after_kong_discard"), {"robbing_kong": True, "after_kong_discard": True},
     PLAIN),
    (("robbing_kong", "last_tile"), {"robbing_kong": True, "last_tile": True}, PLAIN),
    (("robbing_kong", "kong_replacement"), {"robbing_kong": True, "kong_replacement": True},
     ONE_KONG),
    (("robbing_kong",), {"robbing_kong": True}, HandFacts(winning_copies=2, winning="3p")),
    (("after_kong_discard", "self_drawn"), {"after_kong_discard": True, "self_drawn": True},
     PLAIN),
    (("discarder", "seat_wind"), {"seat_wind": "W", "discarder": "W"}, PLAIN),
    (("discarder", "opponents"), {"seat_wind": "S", "opponents": ["W", "N"], "discarder": "E"},
     PLAIN),
    (("joker_exchange",), {"joker_exchange": True}, HandFacts(jokers=0)),
    (("exchanger", "seat_wind"), {"exchanger": "E"}, PLAIN),
    (("exchanger", "self_drawn"), {"exchanger": "S", "self_drawn": True}, PLAIN),
    (("exchanger", "joker_exchange"), {"exchanger": "S", "joker_exchange": True},
     HandFacts(jokers=1)),
    # Riichi
    (("riichi",), {"riichi": True, "riichi_sticks": 1}, CLAIMED),
    (("double_riichi",), {"double_riichi": True, "riichi_sticks": 1}, CLAIMED),
    (("ippatsu", "riichi", "double_riichi"), {"ippatsu": True}, PLAIN),
    (("ura_dora_indicators", "riichi", "double_riichi"), {"ura_dora_indicators": ["3m"]}, PLAIN),
    (("riichi_sticks", "riichi", "double_riichi"), {"riichi": True, "riichi_sticks": 0}, PLAIN),
    (("heavenly", "riichi", "double_riichi"), {"heavenly": True, "self_drawn": True,
                                               "riichi": True, "riichi_sticks": 1}, PLAIN),
    (("heavenly", "chiihou"), {"heavenly": True, "chiihou": True, "self_drawn": True}, PLAIN),
    (("chiihou", "riichi", "double_riichi"), {"chiihou": True, "self_drawn": True,
                                              "seat_wind": "S", "double_riichi": True,
                                              "riichi_sticks": 1}, PLAIN),
    (("chiihou", "dealer"), {"chiihou": True, "self_drawn": True}, PLAIN),
    (("chiihou", "self_drawn"), {"chiihou": True, "seat_wind": "S"}, PLAIN),
    (("chiihou", "last_tile"), {"chiihou": True, "self_drawn": True, "seat_wind": "S",
                                "last_tile": True}, PLAIN),
    (("chiihou", "kong_replacement"), {"chiihou": True, "self_drawn": True, "seat_wind": "S",
                                       "kong_replacement": True}, ONE_KONG),
    (("chiihou",), {"chiihou": True, "self_drawn": True, "seat_wind": "S"}, CLAIMED),
    (("renhou", "dealer"), {"renhou": True}, PLAIN),
    (("renhou", "self_drawn"), {"renhou": True, "seat_wind": "S", "self_drawn": True}, PLAIN),
    (("renhou", "riichi", "double_riichi"), {"renhou": True, "seat_wind": "S", "riichi": True,
                                             "riichi_sticks": 1}, PLAIN),
    (("renhou", "robbing_kong"), {"renhou": True, "seat_wind": "S", "robbing_kong": True},
     PLAIN),
    (("renhou",), {"renhou": True, "seat_wind": "W"}, ONE_KONG),
    (("ippatsu", "kong_replacement"), {"riichi": True, "ippatsu": True, "self_drawn": True,
                                       "kong_replacement": True}, ONE_KONG),
    # Chinese Official's 和绝张 (its rule is MCR's alone: checked below as variant mcr)
    (("winning_tile_last",), {"winning_tile_last": True},
     HandFacts(winning_copies=2, concealed_copies=2, winning="4s")),
]


def test_every_rule_of_the_table_has_its_row():
    assert sorted(fields for fields, _, _ in RULE_ROWS) == sorted(r.fields for r in IMPOSSIBLE)


RULES = {rule.fields: rule for rule in IMPOSSIBLE}


def variant_of(fields) -> str:
    """The variant whose own rule this is, if it is one (the test checks it there)."""
    return RULES[fields].only[0] if RULES[fields].only else ""


@pytest.mark.parametrize("fields, context, facts", RULE_ROWS,
                         ids=["+".join(fields) for fields, _, _ in RULE_ROWS])
def test_each_rule_refuses_its_context_naming_the_fields(fields, context, facts):
    ctx = parse_context(context)
    assert RULES[fields].broken(ctx, facts)
    with pytest.raises(HandError) as refused:
        check_possible(ctx, EVERY_FIELD, facts, "Test", variant_of(fields))
    assert refused.value.code == "bad_context"
    # Some rows break a rule met earlier too (a heavenly hand robbing a kong is not self-drawn
    # either): the message names the first broken rule of the table.
    first = next(rule for rule in IMPOSSIBLE if rule.broken(ctx, facts))
    assert named(", ".join(first.fields)) in refused.value.message
    assert refused.value.fields == tuple(f"context.{name}" for name in first.fields)
    assert first.fix.split(":")[0].format(winning=facts.winning) in refused.value.message


def test_most_rows_are_reported_as_their_own_rule():
    own = [fields for fields, context, facts in RULE_ROWS
           if next(r for r in IMPOSSIBLE if r.broken(parse_context(context), facts)).fields
           == fields]
    assert len(own) >= len(RULE_ROWS) - 4


@pytest.mark.parametrize("fields, context, facts", RULE_ROWS,
                         ids=["+".join(fields) for fields, _, _ in RULE_ROWS])
def test_a_variant_that_does_not_read_a_rules_fields_does_not_check_the_rule(fields, context,
                                                                           facts):
    ctx = parse_context(context)
    reads = EVERY_FIELD - set(fields)
    with pytest.raises(HandError) as refused:  # refused, but as a field the variant ignores
        check_possible(ctx, reads, facts, "Test")
    assert "does not use “" in refused.value.message


def test_the_robbed_tile_is_named():
    ctx = parse_context({"robbing_kong": True})
    with pytest.raises(HandError, match="robbed tile 3p .* no other 3p"):
        check_possible(ctx, EVERY_FIELD, HandFacts(winning_copies=2, winning="3p"), "Test")


def test_a_win_given_by_its_total_alone_checks_only_the_context():
    # No hand: the kong is not known to be missing, but a replacement is still self-drawn.
    check_possible(parse_context({"kong_replacement": True, "self_drawn": True}), EVERY_FIELD,
                   None, "Test")
    with pytest.raises(HandError, match=r"\(“Kong replacement tile”, “Self-drawn”\)"):
        check_possible(parse_context({"kong_replacement": True}), EVERY_FIELD, None, "Test")


# --- Each variant reads only its own fields ----------------------------------------------------

SHANGHAI_HAND = "234m 567p 22s 111z 789p +2s"  # concealed
SICHUAN_HAND = "111m 234m 567m 888p 99p +9p"
HK_HAND = "234m 567p 22s 111z 789p +2s"
AMERICAN_TEMPORARY = {"card": "temporary"}
AMERICAN_SETS = "111m 2222p 3333sJ NN"  # temporary table: a pung, a kong, a quint, a pair
AMERICAN_NO_JOKER = "111m 222p 333s 444s NN"


@pytest.mark.parametrize("variant, hand, field, value", [
    ("sichuan", SICHUAN_HAND, "round_wind", "S"),
    ("sichuan", SICHUAN_HAND, "dealer", False),  # East's default is true
    ("sichuan", SICHUAN_HAND, "heavenly", True),
    ("sichuan", SICHUAN_HAND, "winning_tile_last", True),
    ("sichuan", SICHUAN_HAND, "joker_exchange", True),
    ("hongkong", HK_HAND, "ready_announced", True),
    ("hongkong", HK_HAND, "after_kong_discard", True),
    ("hongkong", HK_HAND, "void_suit", "m"),
    ("hongkong", HK_HAND, "opponents", ["S", "W"]),
    ("shanghai", SHANGHAI_HAND, "joker_exchange", True),
    ("shanghai", SHANGHAI_HAND, "double_kong_replacement", True),
    ("shanghai", SHANGHAI_HAND, "exchanger", "S"),
    ("american", AMERICAN_SETS, "round_wind", "W"),
    ("american", AMERICAN_SETS, "last_tile", True),
    ("american", AMERICAN_SETS, "kong_replacement", True),
])
def test_a_field_the_variant_does_not_read_is_refused(variant, hand, field, value):
    result = score({"variant": variant, "hand": hand, "context": {field: value},
                    "rules": AMERICAN_TEMPORARY if variant == "american" else {}})
    assert result["error"]["code"] == "bad_context", result
    assert f"“{FIELDS_BY_NAME[field].label}”" in result["error"]["message"]
    assert result["error"]["fields"] == [f"context.{field}"]


@pytest.mark.parametrize("variant, hand, context", [
    ("sichuan", SICHUAN_HAND, {"round_wind": "E", "dealer": True, "seat_wind": "E"}),
    ("sichuan", SICHUAN_HAND, {"seat_wind": "S", "dealer": False, "heavenly": False}),
    ("hongkong", HK_HAND, {"opponents": ["N", "S", "W"], "void_suit": None}),
    ("american", AMERICAN_SETS, {"round_wind": "E", "exchanger": None}),
])
def test_an_unread_field_at_its_default_is_harmless(variant, hand, context):
    result = score({"variant": variant, "hand": hand, "context": context,
                    "rules": AMERICAN_TEMPORARY if variant == "american" else {}})
    assert result["ok"], result


def test_every_variant_names_the_fields_it_reads():
    for variant_id in VARIANTS:
        fields = VARIANTS[variant_id].context_fields
        assert {"seat_wind", "self_drawn", "discarder"} <= fields <= EVERY_FIELD, variant_id


# --- Worked hands, through every door -----------------------------------------------------------
# (variant, hand, context, rules, the fields the message names)

KONG_HAND = "(2222m) 345m 678p 99p 456p +4p"
TWO_KONG_HAND = "(2222m) (3333p) 567s 99s 456m +4m"
CLAIMED_HAND = "234m 567p 22s [111z] [789p] +2s"
WORKED = [
    pytest.param("shanghai", KONG_HAND, {"kong_replacement": True}, {},
                 "kong_replacement, self_drawn", id="replacement-not-self-drawn"),
    pytest.param("hongkong", SHANGHAI_HAND, {"kong_replacement": True, "self_drawn": True}, {},
                 "kong_replacement", id="replacement-without-a-kong"),
    pytest.param("hongkong", KONG_HAND, {"double_kong_replacement": True, "self_drawn": True},
                 {}, "double_kong_replacement", id="second-replacement-one-kong"),
    pytest.param("hongkong", TWO_KONG_HAND, {"double_kong_replacement": True}, {},
                 "double_kong_replacement, self_drawn", id="second-replacement-not-self-drawn"),
    pytest.param("shanghai", SHANGHAI_HAND, {"heavenly": True}, {}, "heavenly, self_drawn",
                 id="heavenly-not-self-drawn"),
    pytest.param("hongkong", SHANGHAI_HAND, {"heavenly": True, "self_drawn": True,
                                             "seat_wind": "S"}, {}, "heavenly, dealer",
                 id="heavenly-not-dealer"),
    pytest.param("shanghai", CLAIMED_HAND, {"heavenly": True, "self_drawn": True}, {},
                 "heavenly", id="heavenly-with-a-claimed-set"),
    pytest.param("hongkong", SHANGHAI_HAND, {"earthly": True, "seat_wind": "W",
                                             "discarder": "N"}, {}, "earthly, discarder",
                 id="earthly-not-on-the-dealers-discard"),
    pytest.param("shanghai", SHANGHAI_HAND, {"earthly": True, "heavenly": True,
                                             "self_drawn": True}, {}, "heavenly, earthly",
                 id="heavenly-and-earthly"),
    pytest.param("shanghai", SHANGHAI_HAND, {"seat_wind": "W", "dealer": True}, {},
                 "dealer, seat_wind", id="dealer-in-the-west"),
    pytest.param("sichuan", SICHUAN_HAND, {"robbing_kong": True, "after_kong_discard": True},
                 {}, "robbing_kong, after_kong_discard", id="robbing-and-after-kong"),
    pytest.param("sichuan", SICHUAN_HAND, {"after_kong_discard": True, "self_drawn": True}, {},
                 "after_kong_discard, self_drawn", id="after-kong-self-drawn"),
    pytest.param("sichuan", SICHUAN_HAND, {"seat_wind": "S", "opponents": ["W", "N"],
                                           "discarder": "E"}, {}, "discarder, opponents",
                 id="a-player-who-has-won-discards"),
    pytest.param("hongkong", "234m 567p 22s 111z 333p +3p", {"robbing_kong": True}, {},
                 "robbing_kong", id="robbing-holding-another-copy"),
    pytest.param("american", AMERICAN_NO_JOKER, {"joker_exchange": True}, AMERICAN_TEMPORARY,
                 "joker_exchange", id="joker-exchange-without-a-joker"),
    pytest.param("american", AMERICAN_SETS, {"exchanger": "E"}, AMERICAN_TEMPORARY,
                 "exchanger, seat_wind", id="the-winner-as-exchanger"),
]


def named(fields: str) -> str:
    """The fields "kong_replacement, self_drawn" as an English message names them: their boxes'
    words, quoted (the request's names travel in error.fields)."""
    return "(" + ", ".join(f"“{FIELDS_BY_NAME[name].label}”" for name in fields.split(", ")) + ")"


@pytest.mark.parametrize("variant, hand, context, rules, fields", WORKED)
def test_engine(variant, hand, context, rules, fields):
    result = score({"variant": variant, "hand": hand, "context": context, "rules": rules})
    assert result["error"]["code"] == "bad_context", result
    assert named(fields) in result["error"]["message"]
    assert "_" not in result["error"]["message"]


@pytest.mark.parametrize("variant, hand, context, rules, fields", WORKED)
def test_api(client, variant, hand, context, rules, fields):
    body = {"variant": variant, "hand": hand, "context": context, "rules": rules}
    response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_context"
    assert named(fields) in response.json()["error"]["message"]


def test_command_line_refuses_every_worked_context():
    lines = [json.dumps({"variant": v, "hand": h, "context": c, "rules": r})
             for v, h, c, r, _ in (p.values for p in WORKED)]
    run = subprocess.run([sys.executable, "manage.py", "score", "--jsonl"], text=True,
                         input="\n".join(lines) + "\n", capture_output=True, check=True)
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["error"]["code"] for r in results] == ["bad_context"] * len(WORKED)
    for result, param in zip(results, WORKED, strict=True):
        assert named(param.values[4]) in result["error"]["message"]


def test_command_line_json_door_exits_2():
    request = {"variant": "shanghai", "hand": KONG_HAND, "context": {"kong_replacement": True}}
    run = subprocess.run([sys.executable, "manage.py", "score", "--json", "-"], text=True,
                         input=json.dumps(request), capture_output=True)
    assert run.returncode == 2
    assert json.loads(run.stdout)["error"]["code"] == "bad_context"


def test_a_kong_replacement_marked_self_drawn_is_paid_by_all_three():
    # The hand the issue found paid by one discarder: self-drawn, each of the others pays.
    result = score({"variant": "shanghai", "hand": KONG_HAND, "context": {
        "kong_replacement": True, "self_drawn": True}})
    assert sorted(t["from"] for t in result["payments"]["transfers"]) == ["N", "S", "W"]


def test_an_earthly_hand_is_paid_by_the_dealer_by_default():
    # West wins on East's first discard: East pays, not West's upper house (South).
    result = score({"variant": "shanghai", "hand": SHANGHAI_HAND, "context": {
        "earthly": True, "seat_wind": "W"}})
    assert [t["from"] for t in result["payments"]["transfers"]] == ["E"]


def test_a_sichuan_discarder_defaults_to_the_nearest_player_still_in():
    # South wins; East has already won, so the discard came from North.
    result = score({"variant": "sichuan", "hand": SICHUAN_HAND, "context": {
        "seat_wind": "S", "opponents": ["W", "N"]}})
    assert [t["from"] for t in result["payments"]["transfers"]] == ["N"]


# --- The property: random legal hands, random contexts ------------------------------------------

SEAT = st.sampled_from("ESWN")
CONTEXTS = st.fixed_dictionaries({}, optional={
    **{flag: st.booleans() for flag in (
        "self_drawn", "last_tile", "kong_replacement", "double_kong_replacement",
        "after_kong_discard", "robbing_kong", "heavenly", "earthly", "ready_announced",
        "winning_tile_last", "joker_exchange")},
    "seat_wind": SEAT, "round_wind": SEAT, "dealer": st.booleans(), "discarder": SEAT,
    "void_suit": st.sampled_from([None, "m", "p", "s"]),
    "opponents": st.lists(SEAT, min_size=1, max_size=3, unique=True),
    "exchanger": st.none() | SEAT,
})
# Flags at random would almost always break a rule; most draws keep only a few of them.
FEW = st.integers(0, 3)


def legal_hand(variant: str, rng: random.Random, data) -> tuple[str, dict]:
    if variant == "american":
        _, hand = data.draw(built_hands())
        return hand, {}
    if variant == "sichuan":
        suits = rng.choice(["mp", "ms", "ps", "m", "p", "s"])
        return random_winning_hand(rng, suits=suits, honors=False, exposed_chows=False,
                                   kongs=0.3), {}
    if variant == "riichi":  # a set without red fives holds four plain 5s
        return random_winning_hand(rng, kongs=0.3), {"aka_dora": 0}
    return random_winning_hand(rng, kongs=0.3), {}


@settings(max_examples=examples(400), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example,
                                 HealthCheck.filter_too_much])
@given(st.sampled_from(list(VARIANTS)), st.randoms(use_true_random=False), CONTEXTS, FEW,
       st.data())
def test_every_answer_is_a_result_or_bad_context_and_only_players_at_the_table_pay(
        variant, rng, context, keep, data):
    flags = [name for name, value in context.items() if value is True]
    for name in flags[keep:]:
        del context[name]
    hand, rules = legal_hand(variant, rng, data)
    result = score({"variant": variant, "hand": hand, "context": context, "rules": rules})
    if not result["ok"]:
        allowed = {"bad_context", "void_suit_present"} if variant == "sichuan" else {
            "bad_context"}
        assert result["error"]["code"] in allowed, (hand, context, result)
        return
    ctx = parse_context(context)
    winner = ctx.seat_wind
    at_table = set(ctx.opponents) if variant == "sichuan" else set("ESWN") - {winner}
    transfers = result["payments"]["transfers"]
    for transfer in transfers:
        assert transfer["to"] == winner
        assert transfer["from"] in at_table, (hand, context, transfer)
    if transfers and not ctx.self_drawn and not ctx.joker_exchange:
        # On a discard, the discarder is one of the payers and is at the table.
        assert ctx.discarder in {t["from"] for t in transfers}
    assert sum(result["payments"]["net"].values()) == 0


def test_the_settle_door_refuses_an_impossible_win_naming_its_event():
    # A win entered by its fans alone still obeys the rules about the context.
    request = {"variant": "sichuan", "events": [
        {"type": "kong", "seat": "E", "kind": "concealed"},
        {"type": "win", "seat": "S", "fans": 2, "discarder": "E", "kong_replacement": True}]}
    run = subprocess.run([sys.executable, "manage.py", "settle", "--json", "-"], text=True,
                         input=json.dumps(request), capture_output=True)
    assert run.returncode == 2
    error = json.loads(run.stdout)["error"]
    assert (error["code"], error["event"]) == ("bad_context", 1)
    assert named("kong_replacement, self_drawn") in error["message"]


def test_the_short_command_line_names_the_exchanger():
    # Temporary table, South's joker exchange gave East the tile: 25, South pays for all three.
    run = subprocess.run([sys.executable, "manage.py", "score", "american",
                          "111m 2222p 3333sJ NN", "--exchanger", "S", "--rule", "card=temporary",
                          "--json"], text=True, capture_output=True, check=True)
    result = json.loads(run.stdout)
    assert result["payments"]["net"] == {"E": 75, "S": -75, "W": 0, "N": 0}
