"""Dump the engine's results for a fixed set of requests, to check a change alters no result.

    .venv/bin/python bench/snapshot.py > /tmp/after.jsonl                 # this tree
    SNAPSHOT_ENGINE_ROOT=/tmp/base .venv/bin/python bench/snapshot.py \\
        --requests /tmp/after.jsonl > /tmp/before.jsonl                   # the engine before
    cmp /tmp/before.jsonl /tmp/after.jsonl

`--requests FILE` scores the requests of an earlier dump instead (each line's "door", "request"
and "example"), so that two engines (SNAPSHOT_ENGINE_ROOT: an export of the commit before, as
`git archive COMMIT | tar -x -C /tmp/base`) answer the very same requests while the request
generator, the example files or the engine's random hands change under you. Generate with the
newer tree, replay with the older.

About 24,000 requests through the engine's three entry points (`scoring.engine.score`,
`analyse`, `settle`), one JSON line each ({"door", "request", "example", "result"}):
- score: seeded random requests for each of the six variants (random hands, contexts and house
  options, valid and not: a tile dropped or added, a character mangled, an unknown rule or
  context field, a line for a variant without a card), American hands built from the demo
  card's lines with jokers, MCR hands of every form (`mcr_random`), every example hand of the
  pattern library, and a few malformed requests;
- analyse: the same kinds of hands less one tile (13 tiles, some ready, some not, some wrong);
- settle: Sichuan deals (kongs, wins by hand or by fans, one discard won by several, the wall's
  end; well formed or not) and American false wins (on the demo card and the temporary table).
The first part (3,000 score requests over four variants, then the examples) is the request set
of the script's first version, unchanged.
"""

import json
import os
import random
import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("SNAPSHOT_ENGINE_ROOT", str(ROOT)))

from scoring.engine import analyse, score, settle  # noqa: E402
from scoring.engine import randomhands as rh  # noqa: E402
from scoring.engine.context import FLAGS  # noqa: E402
from scoring.engine.tiles import WINDS  # noqa: E402

DOORS = {"score": score, "analyse": analyse, "settle": settle}
SEED, PER_VARIANT = 20260101, 750
# The second part: more score requests per variant, analyse requests, settle requests.
MORE_SEED, MORE_SCORE, ANALYSE, DEALS, FALSE_WINS = 20261201, 1600, 1000, 2500, 2500
VARIANTS = ("shanghai", "hongkong", "sichuan", "american", "riichi", "mcr")

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
MORE_RULES = {
    **RULES,
    "american": {**RULES["american"], "card": ("demo", "demo", "demo", "temporary"),
                 "jackpot": (0, 100, 37.5)},
    "riichi": {"open_tanyao": (True, False), "kiriage": (True, False),
               "double_yakuman": (True, False), "aka_dora": (0, 3),
               "kazoe": ("yakuman", "sanbaiman")},
    "mcr": {"minimum_fan": (0, 8, 8, 20)},
}
RIICHI_FLAGS = ("riichi", "double_riichi", "ippatsu", "chiihou")


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


def random_rules(rng: random.Random, variant: str, table=RULES) -> dict:
    return {name: rng.choice(values) for name, values in table[variant].items()
            if rng.random() < 0.4}


def requests():
    """The first version's request set: (door, request, example id)."""
    rng = random.Random(SEED)
    for variant in RULES:
        for _ in range(PER_VARIANT):
            hand = random_hand(rng, variant)
            yield "score", {"variant": variant, "hand": hand,
                            "context": random_context(rng, variant, hand),
                            "rules": random_rules(rng, variant)}, None
    for path in sorted((ROOT / "scoring" / "examples").glob("*.py")):
        if path.stem == "__init__":
            continue
        for pattern_id, example in sorted(runpy.run_path(str(path))["EXAMPLES"].items()):
            hand, context, *rules = example
            yield "score", {"variant": path.stem, "hand": hand, "context": context,
                            "rules": rules[0] if rules else {}}, pattern_id


# The second part --------------------------------------------------------------------------------

def card_hand(rng: random.Random) -> str | None:
    """A hand matching a random form of a random line of the demo card, jokers swapped into its
    sets where the card allows (as bench/american.py builds them)."""
    from scoring.engine import tiles
    from scoring.engine.card import FLOWER
    from scoring.engine.notation import format_tiles
    from scoring.engine.variants.american import demo_card

    form = rng.choice(demo_card().forms)
    placed, budget = [], rng.choice((0, 0, 1, 2, 4))
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
        if seen[kind] > (8 if kind in (FLOWER, tiles.JOKER) else 4):
            return None
        out.append(tiles.FLOWER_BASE + seen[kind] % 8 if kind == FLOWER else kind)
    return format_tiles(out)


def more_hand(rng: random.Random, variant: str) -> tuple[str, dict]:
    """A hand for `variant` and, where the generator gives one, its context."""
    if variant == "american":
        if rng.random() < 0.8:
            hand = card_hand(rng)
            if hand is not None:
                return hand, {}
        return random_hand(rng, variant).split(" +")[0], {}
    if variant == "mcr" and rng.random() < 0.7:
        from scoring.engine.mcr_random import random_request
        made = random_request(rng)
        return made["hand"], made["context"]
    return random_hand(rng, variant), {}


def more_context(rng: random.Random, variant: str, hand: str, given: dict) -> dict:
    from scoring.engine.variants import VARIANTS as KNOWN

    ctx = dict(given) if given and rng.random() < 0.8 else random_context(rng, variant, hand)
    if rng.random() < 0.9:  # mostly the fields the variant reads (any other is bad_context)
        ctx = {k: v for k, v in ctx.items() if k in KNOWN[variant].context_fields}
    if variant == "riichi":
        for flag in RIICHI_FLAGS:
            if rng.random() < 0.1:
                ctx[flag] = True
        if rng.random() < 0.4:
            ctx["dora_indicators"] = rng.sample(["1m", "5p", "9s", "E", "N", "5z", "7z", "4m"],
                                                rng.randint(1, 3))
        if rng.random() < 0.1:
            ctx["ura_dora_indicators"] = [rng.choice(["3m", "6p", "2z"])]
        if rng.random() < 0.2:
            ctx["honba"] = rng.randint(0, 3)
        if rng.random() < 0.2:
            ctx["riichi_sticks"] = rng.randint(0, 2)
    if variant == "american":
        ctx = {k: v for k, v in ctx.items() if k in ("seat_wind", "self_drawn", "discarder")}
        if rng.random() < 0.1:
            ctx["joker_exchange"] = True
        if rng.random() < 0.05:
            ctx["exchanger"] = rng.choice(WINDS)
    return ctx


def mangled(rng: random.Random, request: dict) -> dict:
    """The request made wrong in one way (most such requests are errors, a few still score)."""
    hand = request["hand"]
    way = rng.randrange(8)
    if way == 0 and len(hand) > 2:  # a character dropped
        at = rng.randrange(len(hand))
        return {**request, "hand": hand[:at] + hand[at + 1:]}
    if way == 1:  # a tile added
        return {**request, "hand": rng.choice(["1m", "5p", "9s", "7z", "J", "1f"]) + hand}
    if way == 2:  # a character that is no notation
        at = rng.randrange(len(hand) + 1)
        return {**request, "hand": hand[:at] + rng.choice("x!(][+0") + hand[at:]}
    if way == 3:
        return {**request, "rules": {**request["rules"], "nope": 1}}
    if way == 4:
        return {**request, "context": {**request["context"], rng.choice(
            ["fly", "seat_wind", "self_drawn", "honba"]): rng.choice(["Q", 2, None, -1])}}
    if way == 5:
        return {**request, "line": rng.choice(["ev1", "yr2", "nope", 3])}
    if way == 6:
        return {**request, "hand": None}
    return {**request, "variant": rng.choice(["nope", "Shanghai", 7])}


def less_one(rng: random.Random, hand: str) -> str:
    """The hand's 13 tiles: the '+' winning tile left out, and one concealed tile taken away."""
    from scoring.engine.notation import joined_text, parse

    try:
        parsed = parse(hand)
    except Exception:  # a mangled hand goes to analyse as it is
        return hand.split("+")[0]
    concealed = list(parsed.concealed)
    if concealed:
        concealed.pop(rng.randrange(len(concealed)))
    return joined_text(tuple(sorted(concealed)), [g.text() for g in parsed.groups], None)


SICHUAN_KINDS = ("concealed", "exposed", "added")


def sichuan_deal(rng: random.Random) -> dict:
    events, seats = [], list(WINDS)  # seats: the players still in
    for _ in range(rng.randint(1, 6)):
        if len(seats) < 2:
            break
        roll = rng.random()
        seat = rng.choice(seats)
        if roll < 0.35:
            event = {"type": "kong", "seat": seat, "kind": rng.choice(SICHUAN_KINDS)}
            if event["kind"] == "exposed" and rng.random() < 0.8:
                event["from"] = rng.choice([s for s in WINDS if s != seat])
            if event["kind"] == "added" and rng.random() < 0.3:
                event["held"] = True
        elif roll < 0.8:
            event = {"type": "win", "seat": seat, "self_drawn": rng.random() < 0.4}
            if not event["self_drawn"]:
                event["discarder"] = rng.choice([s for s in seats if s != seat] or WINDS)
            if rng.random() < 0.5:
                event["fans"] = rng.choice((0, 1, 2, 3, 6))
            else:
                hand = random_hand(rng, "sichuan")
                event["hand"] = hand
                absent = [s for s in "mps" if s not in hand]
                if absent and rng.random() < 0.8:
                    event["void"] = rng.choice(absent)
            for flag in ("after_kong_discard", "robbing_kong", "kong_replacement", "last_tile"):
                if rng.random() < 0.05:
                    event[flag] = True
            if rng.random() < 0.9:
                seats.remove(seat)
        else:
            hands, void = {}, {}
            shown = seats if rng.random() < 0.9 else rng.sample(WINDS, rng.randint(1, 3))
            for other in shown:
                hand = random_hand(rng, "sichuan")
                hands[other] = less_one(rng, hand)
                absent = [s for s in "mps" if s not in hand]
                if absent:
                    void[other] = rng.choice(absent)
            event = {"type": "wall_end", "hands": hands, "void": void}
        if rng.random() < 0.03:  # a malformed event
            event = rng.choice([{"type": "nope"}, {**event, "seat": "Q"}, "kong", {}])
        events.append(event)
    return {"variant": "sichuan", "rules": random_rules(rng, "sichuan"), "events": events}


def false_wins(rng: random.Random) -> dict:
    events = []
    for _ in range(rng.randint(0, 3)):
        event = {"type": "false_win", "seat": rng.choice(WINDS)}
        if rng.random() < 0.5:
            event["self_drawn"] = rng.random() < 0.5
        if rng.random() < 0.4:
            event["discarder"] = rng.choice(WINDS)
        if rng.random() < 0.05:
            event[rng.choice(["type", "seat", "self_drawn", "hand"])] = rng.choice([1, "x", None])
        events.append(event)
    request = {"variant": "american", "rules": random_rules(rng, "american", MORE_RULES),
               "events": events}
    if rng.random() < 0.03:
        request = rng.choice([{**request, "events": "x"}, {**request, "variant": "shanghai"},
                              {**request, "variant": "hongkong"}, [request]])
    return request


def more_requests():
    """The second part: (door, request, None)."""
    rng = random.Random(MORE_SEED)
    for variant in VARIANTS:
        for _ in range(MORE_SCORE):
            hand, given = more_hand(rng, variant)
            request = {"variant": variant, "hand": hand,
                       "context": more_context(rng, variant, hand, given),
                       "rules": random_rules(rng, variant, MORE_RULES)}
            if rng.random() < 0.15:
                request = mangled(rng, request)
            yield "score", request, None
        for _ in range(ANALYSE):
            hand, _ = more_hand(rng, variant)
            context = more_context(rng, variant, hand, {})
            for name in ("self_drawn", "discarder", "last_tile", "kong_replacement",
                         "double_kong_replacement", "after_kong_discard", "robbing_kong",
                         "heavenly", "earthly", "winning_tile_last", "joker_exchange",
                         "exchanger", "chiihou"):
                if rng.random() > 0.01:  # these are refused: now and then one is left in
                    context.pop(name, None)
            request = {"variant": variant, "hand": less_one(rng, hand), "context": context,
                       "rules": random_rules(rng, variant, MORE_RULES)}
            if rng.random() < 0.1:
                request = mangled(rng, request)
            yield "analyse", request, None
    for _ in range(DEALS):
        yield "settle", sichuan_deal(rng), None
    for _ in range(FALSE_WINS):
        yield "settle", false_wins(rng), None
    for odd in ([1, 2], "x", None, {}, {"variant": "riichi", "events": []},
                {"variant": "mcr", "hand": "1m"}):
        for door in DOORS:
            yield door, odd, None


def from_dump(path: str):
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            old = json.loads(line)
            yield old.get("door", "score"), old["request"], old["example"]


def main():
    chosen = (item for part in (requests(), more_requests()) for item in part)
    if len(sys.argv) == 3 and sys.argv[1] == "--requests":
        chosen = from_dump(sys.argv[2])
    for door, request, label in chosen:
        line = {"door": door, "request": request, "example": label,
                "result": DOORS[door](request)}
        sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
