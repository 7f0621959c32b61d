"""Properties of analyse (contract §6) over random hands.

- Ready hands (a random winning hand less one tile) in every variant: the waits are exactly the
  tiles for which `score` accepts the 14 tiles, and each wait's numbers are score's.
- Tiles from ready agree with the `mahjong` package's shanten (an outside oracle) on thousands of
  seeded random closed hands, form by form where the variant allows the form.
- The useful tiles agree with brute force: a tile is useful when the hand with it, after the best
  discard, is nearer ready.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from scoring.engine import analyse, score
from scoring.engine import tiles as T
from scoring.engine.card import FLOWER, kind_code
from scoring.engine.notation import format_tiles, joined_text, parse
from scoring.engine.randomhands import random_thirteen_orphans, random_winning_hand
from scoring.engine.variants.american import demo_card
from tests.environment import examples

seeds = st.integers(min_value=0, max_value=2**32).map(random.Random)
PROPERTY = settings(max_examples=examples(40), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
CODES = [T.code(t) for t in range(T.PLAYING_KINDS)]
AMERICAN_CODES = CODES + [kind_code(FLOWER), "J"]


def less_one(rng, hand: str) -> str:
    """The hand (with '+X') less one of its concealed playing tiles, as 13 tiles without '+'."""
    parsed = parse(hand)
    concealed = list(parsed.concealed)
    concealed.remove(rng.choice([t for t in concealed if t < T.PLAYING_KINDS or t == T.JOKER]))
    return joined_text(tuple(concealed), [g.text() for g in parsed.groups], None)


def with_tile(hand13: str, code: str) -> str:
    parsed = parse(hand13)
    tile = parse(code).concealed[0]
    return joined_text(tuple(sorted(parsed.concealed + (tile,))),
                       [g.text() for g in parsed.groups], tile)


def summary(result):
    """What analyse repeats of score's result; a hand nobody pays, with score's note saying why."""
    found = {"total": result["total"], "points": result["points"],
             "meets_minimum": result["meets_minimum"],
             "patterns": [p["id"] for p in result["patterns"]],
             "net": result["payments"]["net"]}
    why = [n for n in result["explanation"] if n["code"] in ("under_minimum", "no_yaku")]
    if not result["meets_minimum"]:
        assert len(why) == 1, result["explanation"]
        found["unpaid"] = why[0]
    return found


def check_against_score(variant, hand13, context, rules, codes):
    answer = analyse({"variant": variant, "hand": hand13, "context": context, "rules": rules})
    assert answer["ok"], (hand13, answer)
    expected = {}
    for code in codes:
        request = {"variant": variant, "hand": with_tile(hand13, code), "rules": rules}
        drawn = score({**request, "context": {**context, "self_drawn": True}})
        discard = score({**request, "context": context})
        assert drawn["ok"] == discard["ok"], (request, drawn, discard)
        if drawn["ok"]:
            expected[code] = {"tile": code, "self_drawn": summary(drawn),
                              "discard": summary(discard)}
    assert {w["tile"]: w for w in answer["waits"]} == expected, hand13
    assert (answer["shanten"] == 0) == bool(expected)
    return answer


def random_context(rng):
    return {"seat_wind": rng.choice("ESWN"), "round_wind": rng.choice("ESWN")}


@PROPERTY
@given(seeds)
def test_shanghai_waits_are_the_tiles_score_accepts(rng):
    hand = random_thirteen_orphans(rng) if rng.random() < 0.1 else random_winning_hand(rng)
    rules = {"payment": rng.choice([1, 2, 3]), "minimum_fan": rng.choice([0, 5])}
    answer = check_against_score("shanghai", less_one(rng, hand), random_context(rng), rules,
                                 CODES)
    assert answer["shanten"] == 0


@PROPERTY
@given(seeds)
def test_hong_kong_waits_are_the_tiles_score_accepts(rng):
    hand = random_thirteen_orphans(rng) if rng.random() < 0.1 else random_winning_hand(rng)
    rules = {"seven_pairs": rng.random() < 0.5, "payment": rng.choice(["full_gun", "half_gun"])}
    answer = check_against_score("hongkong", less_one(rng, hand), random_context(rng), rules,
                                 CODES)
    assert answer["shanten"] == 0


def random_seven_pairs(rng, suits: str) -> str:
    kinds = [T.make(n, s) for s in suits for n in range(1, 10)]
    pairs = [rng.choice(kinds) for _ in range(7)]
    if max(pairs.count(k) for k in pairs) > 2:
        pairs = rng.sample(kinds, 7)
    hand = sorted(pairs * 2)
    return format_tiles(hand) + " +" + T.code(rng.choice(hand))


@PROPERTY
@given(seeds)
def test_sichuan_waits_are_the_tiles_score_accepts(rng):
    suits = rng.choice(["mp", "ps", "ms", "m", "p"])
    hand = (random_seven_pairs(rng, suits) if rng.random() < 0.3 else
            random_winning_hand(rng, suits=suits, honors=False, exposed_chows=False))
    context = {"seat_wind": rng.choice("ESWN")}
    answer = check_against_score("sichuan", less_one(rng, hand), context, {}, CODES[:27])
    assert answer["shanten"] == 0


def random_card_hand(rng) -> str:
    """A hand that matches a random line of the demo card: its groups' tiles, flowers as any
    flower, some tiles of its sets (pungs and bigger) replaced by jokers; drawn again when it
    would need more than the set's 8 jokers."""
    card = demo_card()
    while True:
        form = rng.choice(card.forms)
        tiles = []
        flowers = iter(rng.sample(range(T.FLOWER_BASE, T.JOKER), 8))
        for group, kinds in zip(form.line.groups, form.groups, strict=True):
            placed = [next(flowers) if kind == FLOWER else kind for kind in kinds]
            fewest = max(0, len(placed) - 4)  # a quint or sextet has jokers: 4 copies a kind
            if group.jokerable and (fewest or rng.random() < 0.3):
                wild = rng.randint(max(1, fewest), len(placed) - 1)  # one real tile at least
                placed[:wild] = [T.JOKER] * wild
            tiles += placed
        if tiles.count(T.JOKER) <= 8:
            return format_tiles(tiles)


@settings(PROPERTY, max_examples=examples(25))  # 72 American scores an example
@given(seeds)
def test_american_waits_are_the_tiles_score_accepts(rng):
    concealed = list(parse(random_card_hand(rng)).concealed)
    assert len(concealed) == 14
    concealed.remove(rng.choice(concealed))
    # The money follows the seat (American's analyse matches the card once for both contexts).
    answer = check_against_score("american", format_tiles(concealed),
                                 {"seat_wind": rng.choice("ESWN")}, {}, AMERICAN_CODES)
    assert answer["shanten"] == 0 and answer["missing"] == 1


@settings(PROPERTY, max_examples=examples(25))
@given(seeds)
def test_american_temporary_table_waits_are_the_tiles_score_accepts(rng):
    sizes = rng.choice([[2, 3, 3, 3, 3], [2, 2, 2, 4, 4], [2, 2, 2, 2, 3, 3], [5, 3, 3, 3]])
    kinds = rng.sample(range(T.PLAYING_KINDS), len(sizes))
    tiles = [k for k, n in zip(kinds, sizes, strict=True) for _ in range(min(n, 4))]
    tiles += [T.JOKER] * (14 - len(tiles))
    rng.shuffle(tiles)
    hand13 = format_tiles(tiles[:13])
    check_against_score("american", hand13, {}, {"card": "temporary"}, AMERICAN_CODES)


# Tiles from ready, against the mahjong package ---------------------------------------------------

def random_closed_hand(rng, kinds):
    wall = [k for k in kinds for _ in range(4)]
    return sorted(rng.sample(wall, 13))


def counts_of(hand):
    counts = [0] * 34
    for tile in hand:
        counts[tile] += 1
    return counts


def package_shanten(counts, seven_pairs: bool, orphans: bool) -> int:
    found = [Shanten.calculate_shanten_for_regular_hand(counts)]
    if seven_pairs:
        found.append(Shanten.calculate_shanten_for_chiitoitsu_hand(counts))
    if orphans:
        found.append(Shanten.calculate_shanten_for_kokushi_hand(counts))
    return max(min(found), 0)


def near_ready(rng, kinds):
    """A closed hand a few swaps from a winning one: the package's hard cases are near ready."""
    hand = random_winning_hand(rng, suits="mps" if len(kinds) > 27 else "mp",
                               honors=len(kinds) > 27, exposed=0, kongs=0)
    tiles = list(parse(hand).concealed)
    for _ in range(rng.randint(1, 3)):
        tiles.remove(rng.choice(tiles))
        while True:
            tile = rng.choice(kinds)
            if tiles.count(tile) < 4:
                tiles.append(tile)
                break
    tiles.remove(rng.choice(tiles))
    return sorted(tiles)


# (variant, rules, its kinds, seven pairs, thirteen orphans)
ORACLE_CASES = [
    ("shanghai", {}, list(range(34)), False, True),
    ("hongkong", {"seven_pairs": True}, list(range(34)), True, True),
    ("hongkong", {}, list(range(34)), False, True),
    # Sichuan: hands of two suits (the third is the void). Sichuan reads four alike as two pairs
    # (so three alike wait on the fourth), the package does not: there it is compared on hands
    # with at most two alike, and may only be nearer ready elsewhere (tested by hand too).
    ("sichuan", {}, list(range(18)), True, False),
]


@pytest.mark.parametrize("variant, rules, kinds, seven_pairs, orphans", ORACLE_CASES,
                         ids=["shanghai", "hongkong-seven-pairs", "hongkong", "sichuan"])
def test_tiles_from_ready_agree_with_the_mahjong_package(variant, rules, kinds, seven_pairs,
                                                         orphans):
    rng = random.Random(f"analyse-{variant}-{sorted(rules)}")
    checked = 0
    for index in range(1000 if variant == "sichuan" else 650):
        hand = near_ready(rng, kinds) if index % 2 else random_closed_hand(rng, kinds)
        counts = counts_of(hand)
        answer = analyse({"variant": variant, "hand": format_tiles(hand), "rules": rules})
        assert answer["ok"], answer
        expected = package_shanten(counts, seven_pairs, orphans)
        if variant == "sichuan" and max(counts) > 2:
            assert answer["shanten"] <= expected, hand
            continue
        assert answer["shanten"] == expected, hand
        checked += 1
    assert checked >= (350 if variant == "sichuan" else 600)  # over 2,000 hands in all


def test_useful_tiles_agree_with_brute_force_over_the_package():
    rng = random.Random(20)
    for index in range(150):
        hand = near_ready(rng, list(range(34))) if index % 2 else random_closed_hand(
            rng, list(range(34)))
        counts = counts_of(hand)
        answer = analyse({"variant": "shanghai", "hand": format_tiles(hand)})
        if answer["shanten"] == 0:
            continue
        now = package_shanten(counts, False, True)
        useful = []
        for tile in range(34):
            if counts[tile] == 4:
                continue
            counts[tile] += 1
            best = now
            for drop in {t for t in hand} | {tile}:
                counts[drop] -= 1
                best = min(best, package_shanten(counts, False, True))
                counts[drop] += 1
            counts[tile] -= 1
            if best < now:
                useful.append(T.code(tile))
        assert answer["useful"] == useful, hand
