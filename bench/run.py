"""`make bench`: our decomposition, Shanghai and Riichi scoring against the `mahjong` package, same
hands.

Every figure is measured in this run and printed next to its reference as a ratio. The speed
guards (issues 20 and 27): the engine called in one warm process, as the web server calls it
(`scoring.engine.score` with the request's dict), stays within GUARD times the package's
`HandCalculator.estimate_hand_value` over the corpus, for Shanghai and for Riichi alike (the
same job: the Riichi requests are the same hands, every one scored, none refused, with the house
option aka_dora off, as the reference's default configuration has it: with red fives in the set
a hand of four 5s is refused), the two timed in alternating rounds; the bench says whether
each does. The reference's cache of whole hands is emptied before each of its calls (ours keeps
none), so repeated hands do not flatter it; our per-suit caches stay warm, as a server's are.
The batch door (`manage.py score --jsonl`) is timed too, for information: a process's start-up
is not part of the guard.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong.hand_calculating.divider import HandDivider  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig  # noqa: E402
from mahjong.meld import Meld  # noqa: E402

from scoring.engine import score  # noqa: E402
from scoring.engine.decompose import decompositions  # noqa: E402
from scoring.engine.randomhands import corpus  # noqa: E402
from scoring.engine.variants.shanghai import VARIANT as SHANGHAI  # noqa: E402

SEED, SIZE, PASSES = 20261129, 2000, 3
GUARD = 1.5  # each engine's time over the corpus, at most this many times the reference's
RIICHI_RULES = {"aka_dora": 0}  # the reference's default configuration has no red fives
# Door runs, each paired with the reference passes around it (this shared machine's speed drifts).
DOOR_RUNS = 5


def riichi_form(text: str):
    """The same hand for the reference library: 34-counts, 136-tiles, melds, winning tile."""
    hand = SHANGHAI.build(text, SHANGHAI.check_rules({}))
    next_copy = [0] * 34
    tiles_136 = []

    def take(tile):
        index = tile * 4 + next_copy[tile]
        next_copy[tile] += 1
        tiles_136.append(index)
        return index

    melds = []
    for meld in hand.melds:
        taken = [take(t) for t in meld.tiles]
        kind = {"chow": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN}[meld.kind]
        melds.append(Meld(meld_type=kind, tiles=taken, opened=not meld.concealed_kong))
    win_136 = None
    for tile, count in enumerate(hand.concealed):
        for _ in range(count):
            index = take(tile)
            if tile == hand.winning:
                win_136 = index
    return hand, list(hand.counts), tiles_136, win_136, melds


def micros(fn, item) -> float:
    start = time.perf_counter_ns()
    fn(item)
    return (time.perf_counter_ns() - start) / 1000


def paired_micros(ours, reference, items, passes=PASSES):
    """Each item's time for both sides, in microseconds, median over `passes`. The two sides run
    one after the other on each item, so a busy machine slows both alike. The reference's cache of
    whole hands is emptied before each of its items (ours keeps none: each item is new to both)."""
    runs = []
    for _ in range(passes):
        times = []
        for item in items:
            ours_time = micros(ours, item)
            HandDivider._divide_hand_impl.cache_clear()
            times.append((ours_time, micros(reference, item)))
        runs.append(times)
    per_item = [[statistics.median(run[i][side] for run in runs) for i in range(len(items))]
                for side in (0, 1)]
    return per_item[0], per_item[1]


def alternating_rounds(engines, passes=PASSES):
    """`paired_micros` for several engines ({name: (ours, reference, items)}) in alternating
    rounds, one pass of each in turn, so that the shared machine's drift slows them alike: for
    each engine (ours, reference) per item, the median over the rounds."""
    rounds = {name: [] for name in engines}
    for _ in range(passes):
        for name, (ours, reference, items) in engines.items():
            rounds[name].append(paired_micros(ours, reference, items, passes=1))
    return {name: tuple([statistics.median(run[side][i] for run in runs)
                         for i in range(len(runs[0][side]))] for side in (0, 1))
            for name, runs in rounds.items()}


def summary(times):
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.99) - 1]


def run_door(lines: str) -> float:
    """Seconds for one `manage.py score --jsonl < requests > results` process, as a player's script
    runs it: from a file to a file (a pipe read by this process would add this process's own
    reading and decoding of the results to the time)."""
    with tempfile.TemporaryDirectory() as folder:
        requests, results = Path(folder, "requests.jsonl"), Path(folder, "results.jsonl")
        requests.write_text(lines, encoding="utf-8")
        with requests.open("rb") as stdin, results.open("wb") as stdout:
            start = time.perf_counter()
            subprocess.run([sys.executable, "manage.py", "score", "--jsonl"], stdin=stdin,
                           stdout=stdout, cwd=ROOT, check=True)
            elapsed = time.perf_counter() - start
        assert results.read_text(encoding="utf-8").count("\n") == lines.count("\n")
    return elapsed


def jsonl_door(hands, reference_pass, runs=DOOR_RUNS) -> tuple[float, float, float]:
    """`manage.py score --jsonl` over every hand, start-up included, timed as a whole in `runs`
    runs. A pass of the reference over the same hands runs before the first run and after each,
    and each run is compared with the two passes around it, so that both sides of a ratio see the
    machine alike (it is shared, and its speed drifts). (door microseconds per hand, door /
    reference mean per hand, start-up seconds), each the median over the runs."""
    lines = "".join(json.dumps({"variant": "shanghai", "hand": h}) + "\n" for h in hands)
    startup = statistics.median(run_door("") for _ in range(3))
    doors, ratios = [], []
    before = statistics.fmean(reference_pass())
    for _ in range(runs):
        door = run_door(lines) * 1e6 / len(hands)
        after = statistics.fmean(reference_pass())
        doors.append(door)
        ratios.append(door / ((before + after) / 2))
        before = after
    return statistics.median(doors), statistics.median(ratios), startup


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    hands = corpus(SEED, SIZE)
    forms = SHANGHAI.forms({})
    prepared = [riichi_form(h) for h in hands]
    requests = [{"variant": "shanghai", "hand": h} for h in hands]
    riichi_requests = [{"variant": "riichi", "hand": h, "rules": RIICHI_RULES} for h in hands]
    refused = [r["hand"] for r in riichi_requests if not score(r)["ok"]]
    assert not refused, f"Riichi refuses hands of the corpus: {refused[:3]}"
    config = HandConfig()

    # Warm-up: imports, per-suit tables, the reference's module state.
    for hand, counts, _, _, melds in prepared:
        decompositions(hand, forms)
        HandDivider.divide_hand(counts, melds)

    ours_divide, ref_divide = paired_micros(
        lambda p: decompositions(p[0], forms),
        lambda p: HandDivider.divide_hand(p[1], p[4]),
        prepared)
    def reference_score(p):
        return HandCalculator.estimate_hand_value(p[2], p[3], melds=p[4], config=config)

    timed = alternating_rounds({
        variant: (lambda p: score(p[5]), reference_score,
                  [p + (r,) for p, r in zip(prepared, its_requests, strict=True)])
        for variant, its_requests in (("shanghai", requests), ("riichi", riichi_requests))})
    (ours_score, ref_score), (ours_riichi, ref_riichi) = timed["shanghai"], timed["riichi"]

    def reference_pass():
        return paired_micros(lambda p: None, reference_score, prepared, passes=1)[1]

    door, door_ratio, startup = jsonl_door(hands, reference_pass)

    print(f"corpus: {len(hands)} winning hands (seed {SEED}): random, several readings, kongs, "
          "13 terminals; median of " f"{PASSES} passes per hand (Shanghai and Riichi in "
          "alternating rounds)")
    print(f"{'':34}{'median us':>11}{'p99 us':>10}{'ratio (median)':>16}")
    rows = [
        ("decomposition (ours)", ours_divide, ref_divide, "aim <= 0.25"),
        ("HandDivider.divide_hand", ref_divide, None, ""),
        ("full Shanghai score (ours)", ours_score, ref_score, ""),
        ("HandCalculator.estimate_hand_value", ref_score, None, ""),
        ("full Riichi score (ours)", ours_riichi, ref_riichi, ""),
        ("HandCalculator.estimate_hand_value", ref_riichi, None, ""),
    ]
    for label, times, reference, aim in rows:
        med, p99 = summary(times)
        ratio = f"{med / summary(reference)[0]:.2f}x {aim}" if reference else "reference"
        print(f"{label:34}{med:11.1f}{p99:10.1f}  {ratio}")
    # The guards: the whole corpus, so the means per hand (the median of a skewed distribution is
    # lower, and the door below is a mean too). Each engine against the reference passes timed
    # with it, item by item.
    for name, ours, reference in (("Shanghai", ours_score, ref_score),
                                  ("Riichi", ours_riichi, ref_riichi)):
        ref_mean, ours_mean = statistics.fmean(reference), statistics.fmean(ours)
        guard = ours_mean / ref_mean
        print(f"{'means per hand: ' + name + ', reference':34}{ours_mean:11.1f}{ref_mean:10.1f}  "
              f"{guard:.2f}x")
        print(f"speed guard, {name}: the engine in one warm process (scoring.engine.score, as the "
              f"web server calls it) takes {guard:.2f}x estimate_hand_value's time over the "
              "corpus: " + (f"within {GUARD}x" if guard <= GUARD else f"OVER {GUARD}x"))
    steady = door - startup * 1e6 / len(hands)
    print(f"{'for information: score --jsonl':34}{door:11.1f}{'':10}  {door_ratio:.2f}x the "
          f"reference's mean, door to door (median of {DOOR_RUNS} runs, each against the "
          "reference passes just before and after it)")
    print(f"{'  of which start-up (once)':34}{startup * 1e6 / len(hands):11.1f}{'':10}  "
          f"{startup:.2f} s to start Python and the engine, shared by the {len(hands)} hands")
    print(f"{'  after start-up':34}{steady:11.1f}{'':10}  {door_ratio * steady / door:.2f}x")
    extra = ROOT / "bench" / "american.py"
    if extra.exists():
        subprocess.run([sys.executable, str(extra)], cwd=ROOT, check=False)
    # The worst request of each kind against the 50 ms bound (it prints OVER for any above).
    subprocess.run([sys.executable, str(ROOT / "bench" / "worst.py")], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
