"""make oracle (MCR part): N seeded random MCR hands (default 100,000), our fans and total against
the reference engine's (PyMahjongGB), hand by hand. Prints the count, every disagreement (at most
20 shown, grouped by the fans that differ) and exits 1 if there was one.

    python bench/oracle_mcr.py [N] [SEED]
"""

import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.mcr_reference import ours, theirs  # noqa: E402
from scoring.engine.mcr_random import random_request  # noqa: E402


def differences(count: int, seed: int):
    """(hands compared, {what differs: [requests]}, forms seen)."""
    rng = random.Random(seed)
    found: dict[tuple, list] = collections.defaultdict(list)
    for _ in range(count):
        request = random_request(rng)
        mine, reference = ours(request), theirs(request)
        if mine != reference:
            if isinstance(mine, str) or isinstance(reference, str):
                key = ("error", str(mine), str(reference))
            else:
                key = tuple(sorted(set(mine[0].items()) ^ set(reference[0].items())))
            found[key].append((request, mine, reference))
    return count, found


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    start = time.perf_counter()
    compared, found = differences(count, seed)
    took = time.perf_counter() - start
    total = sum(len(v) for v in found.values())
    print(f"MCR oracle: {compared} hands (seed {seed}) against PyMahjongGB in {took:.0f} s: "
          f"{total} disagreements")
    for key, cases in sorted(found.items(), key=lambda kv: -len(kv[1]))[:20]:
        request, mine, reference = cases[0]
        print(f"  {len(cases)} x {key}\n    {request}\n    ours {mine}\n    theirs {reference}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
