"""What a Chinese Official hand lacks, against the reference engine's shanten (PyMahjongGB's
MahjongShanten and its per-form functions): seeded random 13-tile hands leaning on the knitted
forms, which a player is furthest from knowing by eye. Our tiles from ready equal the reference's,
and on a closed hand our useful tiles are the reference's (the union over its forms that are
nearest), less the kinds the hand holds all four of."""

import random

import MahjongGB as reference

from bench.mcr_reference import code
from scoring.engine import tiles
from scoring.engine.api import analyse
from scoring.engine.mcr_fans import KNITTED

SEED, HANDS = 2026, 600


def mcr_analyse(text: str) -> dict:
    return analyse({"variant": "mcr", "hand": text})


def leaning_on_a_knitted_straight(rng, size: int, used: list[int]) -> list[int]:
    """`size` tiles: most hands hold part of one knitted straight and some honors."""
    pool = [t for t in range(tiles.PLAYING_KINDS) for _ in range(4 - used.count(t))]
    hand = []
    if rng.random() < 0.8:
        hand = rng.sample(rng.choice(KNITTED), rng.randint(5, 9))
        if rng.random() < 0.6:
            hand += rng.sample(tiles.HONORS, rng.randint(0, 7))
    hand = [t for t in hand if t in pool][:size]
    for tile in hand:
        pool.remove(tile)
    while len(hand) < size:
        hand.append(pool.pop(rng.randrange(len(pool))))
    return sorted(hand)


def text_of(kinds) -> str:
    return "".join(tiles.code(t) for t in kinds)


def test_a_closed_hand_lacks_what_the_reference_says_and_the_same_tiles_help():
    rng = random.Random(SEED)
    for _ in range(HANDS):
        hand = leaning_on_a_knitted_straight(rng, 13, [])
        theirs = tuple(code(t) for t in hand)
        forms = [reference.RegularShanten(theirs), reference.SevenPairsShanten(theirs),
                 reference.ThirteenOrphansShanten(theirs),
                 reference.KnittedStraightShanten(theirs),
                 reference.HonorsAndKnittedTilesShanten(theirs)]
        nearest = min(shanten for shanten, _ in forms)
        ours = mcr_analyse(text_of(hand))
        assert ours["shanten"] == nearest == reference.MahjongShanten(pack=(), hand=theirs), hand
        if nearest > 0:
            helping = {tile for shanten, useful in forms if shanten == nearest for tile in useful}
            helping -= {code(t) for t in hand if hand.count(t) == 4}
            assert {code(tiles.CODES.index(c)) for c in ours["useful"]} == helping, hand


def test_a_hand_with_one_revealed_set_lacks_what_the_reference_says():
    rng = random.Random(SEED + 1)
    for _ in range(HANDS):
        if rng.random() < 0.5:
            first = rng.randrange(3) * 9 + rng.randrange(7)
            meld, pack = [first, first + 1, first + 2], ("CHI", code(first + 1), 1)
        else:
            tile = rng.randrange(tiles.PLAYING_KINDS)
            meld, pack = [tile] * 3, ("PENG", code(tile), 1)
        hand = leaning_on_a_knitted_straight(rng, 10, meld)
        if any((hand + meld).count(t) == 4 for t in hand):
            continue  # the reference may wait on a fifth copy of a tile; we never do
        ours = mcr_analyse(f"{text_of(hand)}[{text_of(meld)}]")
        theirs = reference.MahjongShanten(pack=(pack,), hand=tuple(code(t) for t in hand))
        assert ours["shanten"] == theirs, (hand, meld)
