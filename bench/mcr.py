"""`make bench` (MCR part): our time per Chinese Official hand next to the reference engine's
(PyMahjongGB, C++), on the same seeded hands, in this run, and their ratio.

Both sides get the hand as they read it: ours the contract request (`engine.score`, the whole
pipeline: parse, check, every reading, exclusions, the result with its payments), the reference its
own arguments (prepared before timing). Passes alternate between the two, and the median pass of
each is reported, as this shared machine's speed swings from one second to the next.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from MahjongGB import MahjongFanCalculator  # noqa: E402

from bench.mcr_reference import arguments  # noqa: E402
from scoring.engine import score  # noqa: E402
from scoring.engine.mcr_random import random_request  # noqa: E402

SEED, SIZE, PASSES = 20261201, 2000, 5


def main() -> None:
    rng = random.Random(SEED)
    requests = [random_request(rng) for _ in range(SIZE)]
    calls = [arguments(r) for r in requests]
    ours, theirs = [], []
    for _ in range(PASSES):
        start = time.perf_counter()
        for request in requests:
            score(request)
        ours.append((time.perf_counter() - start) / SIZE)
        start = time.perf_counter()
        for call in calls:
            MahjongFanCalculator(**call, verbose=True)
        theirs.append((time.perf_counter() - start) / SIZE)
    mine, reference = statistics.median(ours), statistics.median(theirs)
    print(f"MCR scoring, {SIZE} seeded hands, median of {PASSES} passes: ours "
          f"{mine * 1e6:.0f} us/hand, PyMahjongGB (C++) {reference * 1e6:.1f} us/hand, "
          f"ratio {mine / reference:.1f}x")


if __name__ == "__main__":
    main()
