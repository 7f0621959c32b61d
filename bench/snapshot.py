"""Dump `score()` results for a fixed set of requests, to check a speed change alters no result.

    .venv/bin/python bench/snapshot.py > /tmp/before.jsonl   # before the change
    .venv/bin/python bench/snapshot.py > /tmp/after.jsonl    # after it
    cmp /tmp/before.jsonl /tmp/after.jsonl

`--requests FILE` scores the requests of an earlier dump instead (its "request" fields), so that
two engines (SNAPSHOT_ENGINE_ROOT=an export of the commit before) score the very same
requests while example files change under you.

About 3000 seeded random requests over the four variants (random hands, contexts and house
options, valid and not), plus every example hand of the pattern library, one JSON line each.
"""

import json
import os
import random
import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("SNAPSHOT_ENGINE_ROOT", str(ROOT)))

from scoring.engine import randomhands as rh  # noqa: E402
from scoring.engine import score  # noqa: E402
from scoring.engine.context import FLAGS  # noqa: E402
from scoring.engine.tiles import WINDS  # noqa: E402

SEED, PER_VARIANT = 20260101, 750

RULES = {
    "shanghai": {"limit": (100, 200), "minimum_fan": (0, 3, 5, 8), "payment": (1, 2, 3)},
    "hongkong": {"limit": (8, 10, 13), "minimum_fan": (0, 1, 3), "scale": ("half_spicy",
                 "full_spicy"), "payment": ("full_gun", "half_gun"), "stake": (0.5, 1, 2),
                 "no_flowers_bonus": (True, False), "seven_pairs": (True, False)},
    "sichuan": {"fan_cap": (1, 3, 5), "kong_shot": ("refund", "transfer"),
                "end_checks": (True, False)},
    "american": {"card": ("demo", "temporary"), "jokerless_bonus": (True, False),
                 "jackpot": (0, 100), "base_value": (25, 30), "self_drawn_bonus": (0, 20)},
}


def random_hand(rng: random.Random, variant: str) -> str:
    roll = rng.random()
    if variant == "sichuan":
        suits = "".join(rng.sample("mps", rng.choice((1, 2, 2, 3))))
        return rh.random_winning_hand(rng, suits=suits, honors=False, exposed_chows=False)
    if roll < 0.05:
        return rh.random_thirteen_orphans(rng)
    if roll < 0.2:
        return rh.random_multi_reading_hand(rng)
    if roll < 0.3:
        return rh.random_winning_hand(rng, suits=rng.choice("mps"), kongs=0.3)
    hand = rh.random_winning_hand(rng, kongs=rng.choice((0.08, 0.5)))
    if rng.random() < 0.15:
        hand = " ".join(f"{n}f" for n in rng.sample(range(1, 9), rng.randint(1, 4))) + " " + hand
    return hand


def random_context(rng: random.Random, variant: str, hand: str) -> dict:
    ctx = {}
    for flag in FLAGS:
        if rng.random() < 0.04:
            ctx[flag] = True
    if rng.random() < 0.5:
        ctx["seat_wind"] = rng.choice(WINDS)
    if rng.random() < 0.5:
        ctx["round_wind"] = rng.choice(WINDS)
    if rng.random() < 0.2:
        ctx["dealer"] = rng.random() < 0.5
    if rng.random() < 0.1:
        ctx["discarder"] = rng.choice(WINDS)
    if variant == "sichuan" and rng.random() < 0.7:
        absent = [s for s in "mps" if s not in hand]
        ctx["void_suit"] = rng.choice(absent or ["m"])
    return ctx


def random_rules(rng: random.Random, variant: str) -> dict:
    return {name: rng.choice(values) for name, values in RULES[variant].items()
            if rng.random() < 0.4}


def requests():
    rng = random.Random(SEED)
    for variant in RULES:
        for _ in range(PER_VARIANT):
            hand = random_hand(rng, variant)
            yield {"variant": variant, "hand": hand, "context": random_context(rng, variant, hand),
                   "rules": random_rules(rng, variant)}
    for path in sorted((ROOT / "scoring" / "examples").glob("*.py")):
        if path.stem == "__init__":
            continue
        for pattern_id, example in sorted(runpy.run_path(str(path))["EXAMPLES"].items()):
            hand, context, *rules = example
            yield {"variant": path.stem, "hand": hand, "context": context,
                   "rules": rules[0] if rules else {}, "example": pattern_id}


def from_dump(path: str):
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            old = json.loads(line)
            yield dict(old["request"], example=old["example"])


def main():
    chosen = requests()
    if len(sys.argv) == 3 and sys.argv[1] == "--requests":
        chosen = from_dump(sys.argv[2])
    for request in chosen:
        label = request.pop("example", None)
        line = {"request": request, "example": label, "result": score(request)}
        sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
