"""Random legal winning hands, for property tests and the benchmark corpus (one generator for both).

Each function takes a `random.Random`, so a seed reproduces a corpus and hypothesis can drive it
through `st.randoms()`.
"""

import random

from . import tiles
from .notation import format_tiles

SUIT_BASES = {"m": 0, "p": 9, "s": 18}


def random_winning_hand(rng: random.Random, suits: str = "mps", honors: bool = True,
                        chows: bool = True, exposed: float = 0.25, kongs: float = 0.08,
                        exposed_chows: bool = True) -> str:
    """Four sets and the eyes, some revealed or kongs, as notation with '+' the winning tile.

    Never needs a fifth copy of a tile.
    """
    kinds = [SUIT_BASES[s] + n for s in suits for n in range(9)]
    if honors:
        kinds += list(tiles.HONORS)
    while True:
        used = [0] * tiles.PLAYING_KINDS
        concealed: list[int] = []
        groups: list[str] = []
        ok = True
        for _ in range(4):
            tile = rng.choice(kinds)
            if chows and tiles.is_suited(tile) and tile % 9 <= 6 and rng.random() < 0.5:
                run = [tile, tile + 1, tile + 2]
                if any(used[t] >= 4 for t in run):
                    ok = False
                    break
                for t in run:
                    used[t] += 1
                if exposed_chows and rng.random() < exposed:
                    groups.append("[" + format_tiles(run) + "]")
                else:
                    concealed += run
                continue
            size = 4 if rng.random() < kongs else 3
            if used[tile] + size > 4:
                ok = False
                break
            used[tile] += size
            if size == 4:
                groups.append(("[{}]" if rng.random() < 0.5 else "({})").format(
                    format_tiles([tile] * 4)))
            elif rng.random() < exposed:
                groups.append("[" + format_tiles([tile] * 3) + "]")
            else:
                concealed += [tile] * 3
        pair = rng.choice(kinds)
        if not ok or used[pair] + 2 > 4:
            continue
        concealed += [pair, pair]
        winning = rng.choice(concealed)
        return " ".join([format_tiles(concealed)] + groups + ["+" + tiles.code(winning)])


def random_thirteen_orphans(rng: random.Random) -> str:
    extra = rng.choice(tiles.ORPHANS)
    hand = list(tiles.ORPHANS) + [extra]
    return format_tiles(hand) + " +" + tiles.code(rng.choice(hand))


def random_multi_reading_hand(rng: random.Random) -> str:
    """Three consecutive triplets of one suit (read as pungs or as chows), a set and the eyes."""
    suit = rng.choice("mps")
    start = SUIT_BASES[suit] + rng.randint(0, 6)
    core = [start + i for i in range(3) for _ in range(3)]
    while True:
        extra = _a_set_and_eyes(rng, core)
        if extra:
            hand = core + extra
            return format_tiles(hand) + " +" + tiles.code(rng.choice(hand))


def _a_set_and_eyes(rng: random.Random, core: list[int]) -> list[int] | None:
    used = [0] * tiles.PLAYING_KINDS
    for t in core:
        used[t] += 1
    tile = rng.randrange(27)
    group = [tile, tile + 1, tile + 2] if tile % 9 <= 6 else [tile] * 3
    pair = rng.randrange(tiles.PLAYING_KINDS)
    for t in group + [pair, pair]:
        used[t] += 1
    return None if max(used) > 4 else group + [pair, pair]


def corpus(seed: int, size: int) -> list[str]:
    """The benchmark's mix: mostly random hands, some with several readings, kongs, 13 terminals."""
    rng = random.Random(seed)
    hands = []
    for i in range(size):
        kind = i % 20
        if kind == 0:
            hands.append(random_thirteen_orphans(rng))
        elif kind < 4:
            hands.append(random_multi_reading_hand(rng))
        elif kind < 6:
            hands.append(random_winning_hand(rng, kongs=0.5))
        else:
            hands.append(random_winning_hand(rng))
    return hands
