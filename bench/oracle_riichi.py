"""`make oracle` (Riichi): N seeded random hands with random contexts and house options, each
scored by our engine and by the `mahjong` package; prints the count, the disagreements by kind and
the first few of each, and exits 1 on any disagreement.

    .venv/bin/python bench/oracle_riichi.py 100000 [--seed 22]
"""

import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.riichi_reference import cases, compare  # noqa: E402


def kind_of(mine: dict, theirs: dict) -> str:
    if "error" in mine or "error" in theirs:
        return f"error: ours {mine.get('error')} / reference {theirs.get('error')}"
    return ", ".join(key for key in ("han", "fu", "yaku", "transfers", "sticks", "total")
                     if mine[key] != theirs[key])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int, nargs="?", default=100_000)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--show", type=int, default=3)
    args = parser.parse_args()
    start = time.perf_counter()
    kinds: dict[str, list] = collections.defaultdict(list)
    yaku_seen: collections.Counter = collections.Counter()
    for request in cases(args.seed, args.count):
        found = compare(request, yaku_seen)
        if found is None:
            continue
        mine, theirs = found
        kinds[kind_of(mine, theirs)].append((request, mine, theirs))
    seconds = time.perf_counter() - start
    bad = sum(len(v) for v in kinds.values())
    print(f"riichi oracle: {args.count} hands (seed {args.seed}), {bad} disagreements, "
          f"{seconds:.0f} s")
    for kind, rows in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(rows):6d}  {kind}")
        for request, mine, theirs in rows[:args.show]:
            print("        ", json.dumps(request, ensure_ascii=False))
            print("          ours:", json.dumps(mine, ensure_ascii=False))
            print("          ref: ", json.dumps(theirs, ensure_ascii=False))
    print("  each yaku (and refusal) in our results: " + ", ".join(
        f"{name} {n}" for name, n in sorted(yaku_seen.items(), key=lambda kv: -kv[1])))
    from scoring.engine.variants.riichi import PATTERNS

    never = [p.id for p in PATTERNS if p.id not in yaku_seen]
    print(f"  never seen: {', '.join(never) or 'none'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
