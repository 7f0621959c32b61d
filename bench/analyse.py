"""`make bench`: the time of analysing a 13-tile hand (contract §6), next to scoring it one
candidate tile at a time.

In one warm process: the engine is imported and run first on a corpus of another seed (so the
imports, the card and the first caches are paid for), then each hand of the seeded corpus is timed
once, from the request to the answer: engine.analyse, then the same hand as 34 calls to
engine.score, one per tile kind as the winning tile (what a client without analyse would send).
The corpus mixes ready hands (a random winning hand less one tile, in Shanghai, Hong Kong and
Sichuan), nine-way waits (1112345678999 in each suit), not-ready hands (13 tiles from a shuffled
wall) and American hands. The goal: at most 20 ms median for analyse.
"""

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.engine import analyse, score  # noqa: E402
from scoring.engine import tiles as T  # noqa: E402
from scoring.engine.notation import format_tiles, joined_text, parse  # noqa: E402
from scoring.engine.randomhands import random_thirteen_orphans, random_winning_hand  # noqa: E402

SEED, WARMUP_SEED, SIZE = 2024, 7, 400
GOAL_MS = 20.0
CODES = [T.code(t) for t in range(T.PLAYING_KINDS)]
# Two ready on the demo card (od1, od2) and one far from any line.
AMERICAN = ["111m 33m 5555m 777p 9p", "1f2f3f 1111m 5555p 99s", "123m 456p 789s 1z 2z 3z 4z"]


def less_one(rng, hand: str) -> str:
    parsed = parse(hand)
    concealed = list(parsed.concealed)
    concealed.remove(rng.choice(concealed))
    return joined_text(tuple(concealed), [g.text() for g in parsed.groups], None)


def corpus(seed: int, size: int) -> list[dict]:
    rng = random.Random(seed)
    wall = [t for t in range(T.PLAYING_KINDS) for _ in range(4)]
    requests = []
    for i in range(size):
        kind = i % 10
        variant = ("shanghai", "hongkong", "sichuan")[i % 3]
        if kind == 0:
            hand = f"1112345678999{rng.choice('mps')}"
        elif kind == 1:
            variant = "american"
            hand = rng.choice(AMERICAN)
        elif kind < 6:
            if variant == "sichuan":
                won = random_winning_hand(rng, suits=rng.choice(["mp", "ps", "ms"]),
                                          honors=False, exposed_chows=False)
            else:
                won = random_thirteen_orphans(rng) if rng.random() < 0.05 else \
                    random_winning_hand(rng)
            hand = less_one(rng, won)
        else:
            pool = [t for t in wall if t < 18] if variant == "sichuan" else wall
            hand = format_tiles(rng.sample(pool, 13))
        requests.append({"variant": variant, "hand": hand})
    return requests


def one_tile_at_a_time(request: dict) -> None:
    """What a client without analyse does: score the hand with each tile kind as the winner."""
    parsed = parse(request["hand"])
    groups = [g.text() for g in parsed.groups]
    for tile in range(T.PLAYING_KINDS):
        text = joined_text(tuple(sorted(parsed.concealed + (tile,))), groups, tile)
        score({"variant": request["variant"], "hand": text})


def timed(run, requests) -> list[float]:
    times = []
    for request in requests:
        start = time.perf_counter()
        run(request)
        times.append((time.perf_counter() - start) * 1000)
    return times


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"median {statistics.median(times):6.2f} ms, p95 {p95:6.2f} ms, "
            f"max {ordered[-1]:6.2f} ms")


def main():
    for request in corpus(WARMUP_SEED, 60):
        analyse(request)
        one_tile_at_a_time(request)
    requests = corpus(SEED, SIZE)
    analysed = timed(analyse, requests)
    scored = timed(one_tile_at_a_time, requests)
    ready = [t for t, r in zip(analysed, requests, strict=True)
             if analyse(r).get("shanten") == 0]
    print(f"analyse, {len(requests)} hands of 13 tiles (seed {SEED}; {len(ready)} ready):")
    print(f"  engine.analyse           {figures(analysed)}")
    print(f"    ready hands only       {figures(ready)}")
    print(f"  34 calls to engine.score {figures(scored)}")
    median = statistics.median(analysed)
    verdict = "within" if median <= GOAL_MS else "OVER"
    print(f"  goal: median at most {GOAL_MS:.0f} ms: {verdict} ({median:.2f} ms)")


if __name__ == "__main__":
    main()
