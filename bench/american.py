"""American: time per hand against a full 70-line card, jokers included (issue 5: under 20 ms).

    .venv/bin/python bench/american.py [--hands N] [--seed S]

A seeded 70-line card is generated (random lines of the card format: pungs to sextets, pairs,
singles, runs, years, winds and dragons, about half with `shift`), and hands are built from its
lines with 0 to 8 jokers swapped in where the rules allow, plus the same number of hands that match
nothing (8 jokers, the `not_a_winning_hand` path with its closest-line search). Each hand goes
through the engine's `score` entry point exactly as a door calls it, the card as `rules.card` (its
parse is cached after the first request, as at a table that pastes its card once).

The reference, measured in the same run on the same hands, is the trivial floor every request
pays: `notation.parse` of the hand text. It is a benchmark, not a test: it prints, it asserts
nothing.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import score, tiles  # noqa: E402
from scoring.engine.card import FLOWER, parse_card  # noqa: E402
from scoring.engine.notation import format_tiles, parse  # noqa: E402

LINES = 70
BUDGET_MS = 20.0
SETS = ["111a", "2222b", "33333c", "444444a", "DDDa", "DDDDb", "NNN", "EEEE", "FFFF", "FFF",
        "000", "RRR", "GGGG", "55555b", "666c", "7777a", "888b", "9999c"]
SMALL = ["11a", "22b", "FF", "NN", "EW", "3c", "0", "DDc", "99a", "NEWS", "2026a", "123b", "RG"]


def random_line(rng: random.Random, index: int) -> str:
    while True:
        groups, size = [], 0
        while size < 14:
            group = rng.choice(SETS if rng.random() < 0.6 else SMALL)
            if size + len(group.rstrip("abc")) <= 14:
                groups.append(group)
                size += len(group.rstrip("abc"))
        text = " ".join(groups)
        numbered = any(c.isdigit() and c != "0" for c in text)
        flags = " shift" if numbered and rng.random() < 0.5 else ""
        kind = "X" if rng.random() < 0.7 else "C"
        line = f"l{index} {rng.choice([25, 30, 35, 40, 50])} {kind}{flags} : {text}"
        try:
            parse_card(line)  # some random lines need more than 4 of a tile without jokers
            return line
        except Exception:
            continue


def hand_for(card, rng: random.Random, jokers_wanted: int) -> str | None:
    """A hand matching a random form of a random line, with jokers swapped into its sets."""
    form = rng.choice(card.forms)
    placed, budget = [], jokers_wanted
    for group, kinds in zip(form.line.groups, form.groups, strict=True):
        kinds = list(kinds)
        if group.jokerable:
            swap = min(budget, rng.randint(0, len(kinds)))
            budget -= swap
            kinds = kinds[swap:] + [tiles.JOKER] * swap
        placed += kinds
    out, seen = [], {}
    for kind in placed:
        seen[kind] = seen.get(kind, 0) + 1
        limit = 8 if kind in (FLOWER, tiles.JOKER) else 4
        if seen[kind] > limit:
            return None
        out.append(tiles.FLOWER_BASE + seen[kind] % 8 if kind == FLOWER else kind)
    return format_tiles(out)


def losing_hand(rng: random.Random) -> str:
    naturals = rng.sample(range(27), 6)
    return format_tiles(naturals + [tiles.JOKER] * 8)


def timed(call, items) -> list[float]:
    out = []
    for item in items:
        start = time.perf_counter()
        call(item)
        out.append((time.perf_counter() - start) * 1000)
    return out


def describe(label: str, ms: list[float]) -> str:
    ordered = sorted(ms)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"{label:<34} median {statistics.median(ms):8.3f} ms   p99 {p99:8.3f} ms   "
            f"max {max(ms):8.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    text = "[Bench]\n" + "\n".join(random_line(rng, i) for i in range(LINES))
    card = parse_card(text)
    winning: list[str] = []
    while len(winning) < args.hands:
        hand = hand_for(card, rng, 8 if len(winning) % 2 else rng.randint(0, 8))
        if hand:
            winning.append(hand)
    losing = [losing_hand(rng) for _ in range(args.hands)]

    def request(hand):
        return {"variant": "american", "hand": hand, "rules": {"card": text}}

    parse_card.cache_clear()
    first = time.perf_counter()
    score(request(winning[0]))
    print(f"card: {LINES} lines, {len(card.forms)} forms; first request (parses the card): "
          f"{(time.perf_counter() - first) * 1000:.1f} ms")
    results = [score(request(h)) for h in winning]
    bad = [h for h, r in zip(winning, results, strict=True) if not r["ok"]]
    print(f"built hands that matched their line: {len(winning) - len(bad)}/{len(winning)}")
    eight = [h for h in winning if h.count("J") == 8]
    rows = [
        ("reference: notation.parse", timed(parse, winning + losing)),
        ("winning hands, 0-8 jokers", timed(lambda h: score(request(h)), winning)),
        ("winning hands, 8 jokers", timed(lambda h: score(request(h)), eight)),
        ("no line matches, 8 jokers", timed(lambda h: score(request(h)), losing)),
    ]
    for label, ms in rows:
        print(describe(label, ms))
    reference = statistics.median(rows[0][1])
    worst = max(max(ms) for _, ms in rows[1:])
    for label, ms in rows[1:]:
        print(f"{label}: {statistics.median(ms) / reference:,.0f} x the reference (median)")
    verdict = "within" if worst <= BUDGET_MS else "OVER"
    print(f"slowest hand {worst:.2f} ms: {verdict} the {BUDGET_MS:.0f} ms budget")


if __name__ == "__main__":
    main()
