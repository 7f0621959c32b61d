"""American (NMJL style) per rules-american.md: the demo card's hands, the jokerless bonus, the
League's payments, the temporary table, the errors, and the matcher's property."""

import io
import json

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import catalog, score, tiles
from scoring.engine.card import FLOWER, fits
from scoring.engine.errors import HandError
from scoring.engine.notation import format_tiles, parse
from scoring.engine.variants.american import build_held, demo_card
from tests.environment import examples


def american(hand, rules=None, **context):
    return score({"variant": "american", "hand": hand, "context": context, "rules": rules or {}})


def error_of(result):
    assert result["ok"] is False, result
    return result["error"]["code"]


# The demo card ---------------------------------------------------------------------------------

def test_the_demo_card_has_at_least_20_lines_in_the_usual_sections():
    card = demo_card()
    assert len(card.lines) >= 20
    assert {ln.section for ln in card.lines} == {
        "Years", "Evens", "Odds", "Like numbers", "Consecutive runs", "Winds and dragons",
        "Quints", "Singles and pairs"}
    assert all(ln.section == "Singles and pairs" for ln in card.lines if ln.sp)


@pytest.mark.parametrize("hand, line, total, points", [
    # yr1 2026a 2222b 000 666c: 2m 0=5z 2m 6m, 2222p, 555z, 666s. 25, jokerless x 2 = 50.
    ("226m5z 2222p 555z 666s", "yr1", 25, 50),
    # yr2 C FF 2026a 2026b NN SS with a=m, b=p. 30: no group of yr2 takes a joker, so no
    # jokerless bonus (this row was 30 x 2 = 60 while the bonus looked only at the sp flag).
    ("12f 226m5z 226p5z NNSS", "yr2", 30, 30),
    # ev1 2222a 44a 666b 88b DDDb with b=p, so D is white (5z). 25 x 2 = 50.
    ("2222m 44m 666p 88p 555z", "ev1", 25, 50),
    # ev1 with b=s: D is green (6z) and a joker in 666b. 25, no bonus.
    ("2222m 44m 66sJ 88s 666z", "ev1", 25, 25),
    # ev4 shift-even 22a 444a 22b 444b FFFF moved by 4 (the top edge): 66 888 66 888. 25 x 2.
    ("66m 888m 66s 888s 1234f", "ev4", 25, 50),
    # od2 FFF 1111a 5555b 999c with jokers in the kong and the pung: 30.
    ("123f 111mJ 5555p 99sJ", "od2", 30, 30),
    # ln1 shift 1111a 111b 1111c DDDc moved by 6: 7777m 777p 7777s and green for c=s. 25 x 2.
    ("7777m 777p 7777s 666z", "ln1", 25, 50),
    # cr3 C shift 12345a 12345b 66c 77c moved by 2. 35: runs and pairs take no joker, so no
    # jokerless bonus (this row was 35 x 2 = 70 while the bonus looked only at the sp flag).
    ("34567m 34567p 88s 99s", "cr3", 35, 35),
    # wd2 RRR GGG 0000 EE WW, a joker in the white kong: 30.
    ("777z 666z 555zJ EEWW", "wd2", 30, 30),
    # qu1 11111a 22222b 3333c: each quint needs a joker. 40.
    ("1111mJ 2222pJ 3333s", "qu1", 40, 40),
    # qu2 FFFFF NNNNN 7777a: five flowers, four North and a joker. 45.
    ("12345f NNNNJ 7777m", "qu2", 45, 45),
    # qu3 shift 55555a 666666b 777a moved by -3: 22222m 333333p 444m. 40.
    ("2222mJ 3333pJJ 444m", "qu3", 40, 40),
    # sp1 C sp NN EE WW SS 00 RR GG: 50, singles and pairs get no jokerless bonus.
    ("NNEEWWSS 55z 77z 66z", "sp1", 50, 50),
    # sp3 C shift sp moved by 2: 33a 44a 55b 66b 77c 88c 99c. 50.
    ("3344m 5566p 778899s", "sp3", 50, 50),
], ids=["yr1", "yr2", "ev1-white", "ev1-green-joker", "ev4-shift-even", "od2-jokers",
        "ln1-shift", "cr3-concealed", "wd2-joker", "qu1-quints", "qu2-flower-quint",
        "qu3-sextet", "sp1-no-bonus", "sp3-shift"])
def test_demo_card_hands(hand, line, total, points):
    result = american(hand)
    assert result["ok"] is True, result
    assert result["patterns"][0]["id"] == line
    assert (result["total"], result["points"]) == (total, points)
    assert result["card"] == {"name": "demo", "lines": len(demo_card().lines)}


def test_the_pattern_entry_names_the_line_its_section_and_the_bonus():
    result = american("2222m 44m 666p 88p 555z")
    assert result["patterns"] == [{
        "id": "ev1", "name": "Evens", "english": "2222a 44a 666b 88b DDDb", "chinese": "",
        "value": 25, "count": 1, "section": "Evens", "line": "2222a 44a 666b 88b DDDb",
        "concealed": False, "sp": False, "jokerless_bonus": True}]
    assert result["unit"] == "points"
    assert result["decomposition"] == ["2222m", "44m", "666p", "88p", "555z"]


def test_flowers_are_all_alike_and_shown_as_held():
    # FFF of od2 filled by the flowers 1f 5f 8f: any flower is a flower.
    result = american("158f 111mJ 5555p 99sJ")
    assert result["patterns"][0]["id"] == "od2"
    assert result["match"]["groups"][0] == {
        "group": "FFF", "tiles": ["1f", "5f", "8f"], "exposed": False, "jokers": []}


def test_jokerless_bonus_can_be_turned_off():
    result = american("2222m 44m 666p 88p 555z", {"jokerless_bonus": False})
    assert (result["total"], result["points"]) == (25, 25)


def test_waits_name_the_tiles_that_complete_the_hand():
    # Before the winning 5z: 2222m 44m 666p 88p 55z. A white, or a joker (DDDb is a pung), wins.
    result = american("2222m 44m 666p 88p 555z +5z")
    assert result["waits"] == ["5z", "J"]
    assert result["winning_group"] == 4


def test_not_a_winning_hand_names_the_closest_line_and_what_it_lacks():
    result = american("2222m 44m 666p 88p 5z 99s")
    assert error_of(result) == "not_a_winning_hand"
    closest = result["error"]["closest"]
    assert (closest["id"], closest["missing"], closest["extra"]) == ("ev1", ["5z", "5z"],
                                                                   ["9s", "9s"])
    message = result["error"]["message"]
    assert "Closest: ev1 (Evens)" in message and "it lacks White dragon, White dragon" in message


# Payments (the League's rules) -----------------------------------------------------------------

EV1 = "2222m 44m 666p 88p 555z"  # 25, jokerless: points 50
EV1_JOKER = "2222m 44m 66pJ 88p 555z"  # 25 with a joker: points 25


@pytest.mark.parametrize("hand, context, net", [
    # On a discard: the discarder E pays 2 x 50, the others 50 each.
    (EV1, {"seat_wind": "S", "discarder": "E"}, {"E": -100, "S": 200, "W": -50, "N": -50}),
    # The default discarder is the upper house: N before E.
    (EV1, {}, {"E": 200, "S": -50, "W": -50, "N": -100}),
    # Self-drawn: each of the three pays 2 x 50.
    (EV1, {"seat_wind": "W", "self_drawn": True}, {"E": -100, "S": -100, "W": 300, "N": -100}),
    # Won by a joker exchange: paid as self-drawn, each 2 x 25.
    (EV1_JOKER, {"seat_wind": "N", "joker_exchange": True},
     {"E": -50, "S": -50, "W": -50, "N": 150}),
    # A discard with a joker in the hand: discarder 2 x 25, others 25.
    (EV1_JOKER, {"seat_wind": "E", "discarder": "W"}, {"E": 100, "S": -25, "W": -50, "N": -25}),
], ids=["discard", "default-discarder", "self-drawn", "joker-exchange", "discard-jokers"])
def test_payments(hand, context, net):
    result = american(hand, **context)
    assert result["payments"]["net"] == net
    assert sum(result["payments"]["net"].values()) == 0


# The temporary table ---------------------------------------------------------------------------

TEMP = {"card": "temporary"}
SETS = "111m 2222p 3333sJ NN"  # a pung, a kong, a quint (with a joker), a pair
SEVEN_PAIRS = "11m 22m 33p 44p 55s 66s 77s"


@pytest.mark.parametrize("hand, rules, context, total, net", [
    # Concealed and self-drawn: the jackpot, 100 in all; everyone pays double: 3 x 200.
    (SETS, TEMP, {"self_drawn": True}, 100, {"E": 600, "S": -200, "W": -200, "N": -200}),
    # Self-drawn with an exposure: 25 + 20 = 45, everyone pays double (90).
    ("[111m] 2222p 3333sJ NN", TEMP, {"self_drawn": True}, 45,
     {"E": 270, "S": -90, "W": -90, "N": -90}),
    # On a discard: 25, the discarder alone pays.
    (SEVEN_PAIRS, TEMP, {"discarder": "W"}, 25, {"E": 25, "S": 0, "W": -25, "N": 0}),
    # The player whose joker exchange gave the tile (the exchanger) pays for all three.
    (SETS, TEMP, {"exchanger": "S"}, 25, {"E": 75, "S": -75, "W": 0, "N": 0}),
    # The winner's own joker exchange is paid as self-drawn, without the self-drawn bonus: 25,
    # everyone pays double.
    (SETS, TEMP, {"joker_exchange": True}, 25, {"E": 150, "S": -50, "W": -50, "N": -50}),
    # House values: jackpot 150 (self-drawn concealed): each pays 300.
    (SETS, {**TEMP, "jackpot": 150}, {"self_drawn": True}, 150,
     {"E": 900, "S": -300, "W": -300, "N": -300}),
    # base_value 10 + self_drawn_bonus 5 = 15 with an exposure, each pays 30.
    ("[111m] 2222p 3333sJ NN", {**TEMP, "base_value": 10, "self_drawn_bonus": 5},
     {"self_drawn": True}, 15, {"E": 90, "S": -30, "W": -30, "N": -30}),
], ids=["jackpot", "self-drawn-exposed", "discard", "exchanger", "own-joker-exchange",
        "house-jackpot",
        "house-base-bonus"])
def test_the_temporary_table(hand, rules, context, total, net):
    result = american(hand, rules, **context)
    assert result["ok"] is True, result
    assert (result["total"], result["points"]) == (total, total)
    assert result["payments"]["net"] == net


@pytest.mark.parametrize("hand", [
    "11m 22m 33p 44p 55s 66s 7sJ",   # a joker in a pair
    "1m 222m 33p 44p 55s 66s 77s",   # a single
    "123m 444p 55s 66s 77s NN",      # a run: no sequences in the American game
], ids=["joker-in-pair", "single", "run"])
def test_the_temporary_table_wants_only_pairs_and_sets(hand):
    assert error_of(american(hand, TEMP)) == "not_a_winning_hand"


def test_the_temporary_table_shows_its_groups():
    # Jokers only in sets of three or more: here three jokers make a pung of their own.
    result = american("JJJ 111m 2222p 3333s", TEMP)
    assert result["decomposition"] == ["111m", "2222p", "3333s", "JJJ"]
    assert result["match"]["groups"][-1] == {
        "group": "pung", "tiles": ["J", "J", "J"], "exposed": False, "jokers": ["any"] * 3}


# Errors ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, code", [
    ("(1111m) 2222m 3333p NN", "bad_notation"),        # no concealed kongs in American
    ("[ESWN] 2222m 3333p NN", "bad_notation"),         # an exposure is one kind of tile
    ("[JJJ] 1111m 2222p 3333s", "bad_notation"),       # an exposure holds a real tile
    ("[11m] 2222m 3333p 4444s", "bad_notation"),       # a pair is never exposed
    ("[1mJJJJJJ] 2222p 3333s", "bad_notation"),        # seven is more than a sextet
    ("111111111f 2222m 333p", "too_many_copies"),      # nine flowers
    ("JJJJJJJJJ 2222m 333p", "too_many_copies"),       # nine jokers
    ("11111m 2222p 3333s N", "too_many_copies"),       # five 1m
    ("2222m 44m 666p 88p 55z", "wrong_tile_count"),    # 13 tiles
    ("2222m 44m 666p 88p 5555z", "wrong_tile_count"),  # 15: kongs count as four here
], ids=["round-brackets", "mixed-exposure", "joker-only-exposure", "pair-exposure",
        "seven-exposure", "nine-flowers", "nine-jokers", "five-copies", "13-tiles", "15-tiles"])
def test_hand_errors(hand, code):
    assert error_of(american(hand)) == code


def test_eight_flowers_and_eight_jokers_are_allowed_by_the_set():
    # No demo line takes them, but the count and copies pass: the error is about the card.
    assert error_of(american("12345678f JJJJJJ")) == "not_a_winning_hand"


def test_the_error_names_the_flower_count():
    result = american("111111111f 2222m 333p")
    assert "9 flowers" in result["error"]["message"]


@pytest.mark.parametrize("rules, context, code", [
    ({"card": "foo"}, {}, "bad_context"),
    ({"card": "x 25 Q : NNNN EEE WWW SSSS"}, {}, "bad_card"),
    ({"jokerless_bonus": 1}, {}, "bad_context"),
    ({"limit": 100}, {}, "unknown_rule"),
    ({}, {"kong_replacement": True}, "bad_context"),
    ({}, {"robbing_kong": True}, "bad_context"),
    ({}, {"void_suit": "m"}, "bad_context"),
    ({"card": "temporary", "base_value": float("inf")}, {}, "bad_context"),
    ({"card": "temporary", "jackpot": float("nan")}, {}, "bad_context"),
    ({"card": "temporary", "jackpot": 10**400}, {}, "bad_context"),
], ids=["card-name", "card-text", "bonus-not-bool", "unknown-rule", "kong-replacement",
        "robbing-kong", "void-suit", "infinite-money", "nan-money", "huge-money"])
def test_request_errors(rules, context, code):
    assert error_of(american(EV1, rules, **context)) == code


def test_the_catalogue_lists_the_demo_lines_and_the_house_options():
    [entry] = [v for v in catalog()["variants"] if v["id"] == "american"]
    assert [p["id"] for p in entry["patterns"]] == [ln.id for ln in demo_card().lines]
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "card": "demo", "jokerless_bonus": True, "jackpot": 100, "base_value": 25,
        "self_drawn_bonus": 20}


def test_the_command_line_scores_with_a_pasted_card():
    card = "[Ours]\nw1 35 X : NNNN EEE WWW SSSS\n"
    request = {"variant": "american", "hand": "NNNN EEJ WWW SSSS", "rules": {"card": card}}
    out = io.StringIO()
    call_command("score", "--json", "-", stdin=io.StringIO(json.dumps(request)), stdout=out)
    result = json.loads(out.getvalue())
    # 35 with a joker in EEE: no bonus. Discarder N pays 70, S and W 35.
    assert (result["patterns"][0]["id"], result["total"], result["points"]) == ("w1", 35, 35)
    assert result["payments"]["net"] == {"E": 140, "S": -35, "W": -35, "N": -70}


def test_the_api_scores_with_a_pasted_card_and_explains_a_miss(client):
    card = "[Ours]\nw1 35 X : NNNN EEE WWW SSSS\n"
    body = {"variant": "american", "hand": "NNNN EEE WWW SSSS", "rules": {"card": card},
            "context": {"self_drawn": True}}
    response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    # 35, jokerless x 2 = 70; self-drawn: each of the three pays 140.
    assert response.status_code == 200
    assert response.json()["payments"]["net"] == {"E": 420, "S": -140, "W": -140, "N": -140}
    body["hand"] = "NNNN EEE WWW SSS 1m"
    response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    closest = response.json()["error"]["closest"]
    assert (closest["id"], closest["missing"], closest["extra"]) == ("w1", ["2z"], ["1m"])


# The property: a hand built from a line matches it; a joker in a pair never does ----------------

LINES = demo_card().lines
FORMS = {ln.id: [f for f in demo_card().forms if f.line is ln] for ln in LINES}


@st.composite
def built_hands(draw, joker_in_pair=False):
    """(form, hand text) from a random form of a random demo line, jokers swapped into its
    sets at random (enough to keep within 4 of a tile), some sets exposed on X lines."""
    line = draw(st.sampled_from(LINES))
    form = draw(st.sampled_from(FORMS[line.id]))
    flowers = iter(draw(st.permutations(range(tiles.FLOWER_BASE, tiles.JOKER))))
    concealed, exposed = [], []
    pairs = [i for i, g in enumerate(line.groups) if g.size == 2 and len(set(g.symbols)) == 1]
    if joker_in_pair:
        assume(pairs)
        spoiled = draw(st.sampled_from(pairs))
    for i, (group, kinds) in enumerate(zip(line.groups, form.groups, strict=True)):
        real = [next(flowers) if k == FLOWER else k for k in kinds]
        if group.jokerable:
            jokers = draw(st.integers(0, group.size))
            real = real[jokers:] + [tiles.JOKER] * jokers
            if jokers < group.size and not line.concealed and draw(st.booleans()):
                exposed.append(real)
                continue
        elif joker_in_pair and i == spoiled:
            real = real[1:] + [tiles.JOKER]
        concealed += real
    every = concealed + [t for group in exposed for t in group]
    kinds = [FLOWER if tiles.is_flower(t) else t for t in every]
    assume(kinds.count(tiles.JOKER) <= 8)
    assume(all(kinds.count(k) <= 4 for k in set(kinds) if k not in (FLOWER, tiles.JOKER)))
    text = " ".join([format_tiles(concealed)] + [f"[{format_tiles(g)}]" for g in exposed])
    return form, text


def matched_ids(result):
    if not result["ok"]:
        return []
    return [result["patterns"][0]["id"]] + [alt["id"] for alt in result["alternatives"]]


@settings(max_examples=examples(250), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much])
@given(built_hands())
def test_a_hand_built_from_a_line_with_jokers_where_allowed_matches_it(built):
    form, hand = built
    result = american(hand)
    assert result["ok"] is True, (hand, result)
    assert form.line.id in matched_ids(result)


@settings(max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much])
@given(built_hands(joker_in_pair=True))
def test_the_same_hand_with_a_joker_in_a_pair_never_matches_that_line(built):
    """Never as built (the same suits and shift). The line may still match under another binding
    that seats the pair's other tile in a set, as 1m J 11p 11s JJ... does ln2 (11a 11b 1111c
    0000 EE) with a=s, b=p, c=m; then the joker sits in a set, never in a pair."""
    form, hand = built
    assert not fits(form, build_held(parse(hand)))
    result = american(hand)
    if form.line.id in matched_ids(result):
        match = result["match"] if result["patterns"][0]["id"] == form.line.id else None
        groups = match["groups"] if match else []
        for group in groups:
            symbols = group["group"].rstrip("abc")
            if len(symbols) < 3 or len(set(symbols)) > 1:
                assert "J" not in group["tiles"], (hand, group)


@settings(max_examples=examples(200), deadline=None)
@given(built_hands())
def test_jokers_only_ever_fill_sets(built):
    _, hand = built
    result = american(hand)
    for group in result["match"]["groups"]:
        symbols = group["group"].rstrip("abc")
        if "J" in group["tiles"]:
            assert len(symbols) >= 3 and len(set(symbols)) == 1, (hand, group)


CANDIDATES = [tiles.code(k) for k in range(tiles.FLOWER_BASE)] + ["1f", "J"]


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much])
@given(built_hands(), st.data())
def test_waits_are_exactly_the_tiles_that_complete_the_hand(built, data):
    """Take one concealed tile out of a winning hand: the waits reported for the hand won on it
    are the tiles that, added back, give a hand matching some line of the card."""
    _, hand = built
    parsed = parse(hand)
    playing = [t for t in parsed.concealed if t < tiles.FLOWER_BASE]
    assume(playing)
    winning = tiles.code(data.draw(st.sampled_from(playing)))
    result = american(f"{hand} +{winning}")
    rest = list(parsed.concealed)
    rest.remove(tiles.make(int(winning[0]), winning[1]))
    exposed = " ".join(g.text() for g in parsed.groups)
    completing = [tile for tile in CANDIDATES if completes(f"{format_tiles(rest)}{tile} {exposed}")]
    assert result["waits"] == completing


def completes(hand):
    try:
        held = build_held(parse(hand))
    except HandError:  # a fifth copy of a tile, a ninth joker: not a tile one can draw
        return False
    return any(fits(form, held) for form in demo_card().forms)
