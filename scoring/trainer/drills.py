"""The trainer's drills, made and marked by the engine: pure Python (no Django), so that the phone
can run it as the server does.

A drill is named by (variant, kind, level, seed, focus): the same name gives the same hand, so a
page asks its question with the name and the answer is marked against the engine's result for
that hand, worked out again; no expected answer is ever stored.

- "worth": a winning hand with its context; the player ticks the patterns that count and gives
  the total (the winner's money in Riichi and American, where players count money).
- "wins": a ready 13-tile hand; the player taps every tile that wins it.
- "pays": a scored hand; the player gives each seat's net.

Hands come from the pattern library's examples and from the engine's random generators, by
level: 1, examples that count one or two patterns; 2, any example; 3, hands read more than one
way or with a pattern excluded (or, where none is found, counting three patterns or more).
A hand the engine refuses, that nobody pays, or (for "wins") that no tile wins, is never shown.
"""

import json
import random
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from scoring.engine import api, mcr_random, randomhands, tiles
from scoring.engine.analyse import before_the_win
from scoring.engine.notation import joined_text, parse
from scoring.engine.variants import VARIANTS
from scoring.examples import example_request, examples_for

KINDS = ("worth", "wins", "pays")
LEVELS = (1, 2, 3)
SEATS = ("E", "S", "W", "N")
# Where players count the hand's money rather than its fans or points.
MONEY_VARIANTS = frozenset({"riichi", "american"})
# The patterns offered to tick: the right ones, the excluded ones, and at least this many others.
DISTRACTORS = 3
LEAST_CHOICES = 8
# Random hands tried for a level-3 hand before falling back to the examples.
TRIES = 60


@dataclass(frozen=True)
class Drill:
    variant: str
    kind: str
    level: int
    seed: int
    focus: str
    request: dict      # the contract's request (§2) of the hand shown
    result: dict       # the engine's result for the winning hand
    analysis: dict | None = None  # "wins": the engine's analysis of the 13 tiles shown
    choices: tuple = ()           # "worth": the patterns offered, each a library entry

    @property
    def name(self) -> dict:
        """What a page sends back to have its answer marked."""
        return {"kind": self.kind, "level": self.level, "seed": self.seed, "focus": self.focus}

    @property
    def hand(self) -> str:
        """The hand shown: 13 tiles for "wins", else the winning hand with its winning tile."""
        return self.analysis["hand"] if self.analysis else self.result["hand"]

    @property
    def winning_patterns(self) -> frozenset:
        return frozenset(p["id"] for p in self.result["patterns"])

    @property
    def analysis_context(self) -> dict:
        return before_the_win(self.request.get("context", {}))

    @property
    def money(self) -> bool:
        return self.variant in MONEY_VARIANTS

    @property
    def expected_total(self) -> int:
        """"worth": the total asked for: the winner's money, or the hand's total in its unit."""
        if self.money:
            return max(self.result["payments"]["net"].values())
        return self.result["total"]

    @property
    def winning_tiles(self) -> tuple:
        """"wins": the tiles that win the 13 shown, in either context, at the minimum or over."""
        return tuple(w["tile"] for w in self.analysis["waits"] if wins(w))


def wins(wait: dict) -> bool:
    return any(wait[how]["meets_minimum"] for how in ("discard", "self_drawn") if how in wait)


# Making ----------------------------------------------------------------------------------------

def make(variant_id: str, kind: str, level: int = 1, seed: int = 0, focus: str = "") -> Drill:
    """The drill of this name. `focus`: a pattern the player should meet again (one they
    missed): its library example, where it has one that makes a drill of this kind."""
    if variant_id not in VARIANTS or kind not in KINDS or level not in LEVELS:
        raise ValueError(f"no drill {variant_id}/{kind}/{level}")
    rng = random.Random(f"{variant_id}/{kind}/{level}/{seed}/{focus}")
    if focus:
        request = examples_of(variant_id).get(focus)
        drill = request and drill_of(variant_id, kind, level, seed, focus, request, rng)
        if drill:
            return drill
    for request in candidates(variant_id, kind, level, rng):
        drill = drill_of(variant_id, kind, level, seed, focus, request, rng)
        if drill:
            return drill
    raise LookupError(f"no hand makes a {kind} drill in {variant_id}")  # a test keeps this away


def candidates(variant_id: str, kind: str, level: int, rng: random.Random):
    """The hands to try, in order: the level's own first, then any example."""
    examples = list(examples_of(variant_id).values())
    rng.shuffle(examples)
    if level == 1:
        yield from (r for r in examples if len(scored(r)["patterns"]) <= 2)
    elif level == 3:  # read several ways or with an exclusion; else (Sichuan's few patterns
        # hardly exclude) a hand that counts three patterns or more
        tried = [random_request(variant_id, rng) for _ in range(TRIES)]
        tried = [r for r in tried if r] + examples
        yield from (r for r in tried if several_ways(scored(r)))
        yield from (r for r in tried if len(scored(r).get("patterns") or ()) >= 3)
    yield from examples


def drill_of(variant_id, kind, level, seed, focus, request, rng) -> Drill | None:
    """The drill of one hand, or None when the hand cannot make it."""
    result = scored(request)
    if not pays(result):
        return None
    drill = Drill(variant_id, kind, level, seed, focus, request, result)
    if kind == "worth":
        return replace(drill, choices=choices(variant_id, result, rng))
    if kind == "wins":
        analysis = analysed(variant_id, request, result)
        drill = replace(drill, analysis=analysis) if analysis else None
        return drill if drill and drill.winning_tiles else None
    return drill


def pays(result: dict) -> bool:
    return bool(result.get("ok") and result.get("meets_minimum")
                and any(result["payments"]["net"].values()))


def several_ways(result: dict) -> bool:
    return bool(result.get("ok") and (result.get("alternatives") or result.get("excluded")))


def choices(variant_id: str, result: dict, rng: random.Random) -> tuple:
    """The patterns offered to tick: those counted, those excluded, and others of the variant's,
    in the library's order."""
    library = patterns_of(variant_id)
    shown = {p["id"] for p in result["patterns"]} | {p["id"] for p in result["excluded"]}
    others = [pid for pid in library if pid not in shown and not library[pid].get("card")]
    wanted = max(DISTRACTORS, LEAST_CHOICES - len(shown))
    shown |= set(rng.sample(others, min(wanted, len(others))))
    return tuple(library[pid] for pid in library if pid in shown)


def analysed(variant_id: str, request: dict, result: dict) -> dict | None:
    """The engine's analysis of the winning hand less its winning tile, asked in the context it
    was won in less what only a won hand has."""
    parsed = parse(result["hand"])
    if parsed.winning is None or tiles.is_flower(parsed.winning):
        return None
    concealed = list(parsed.concealed)
    concealed.remove(parsed.winning)
    held = joined_text(tuple(concealed), [g.text() for g in parsed.groups], None)
    analysis = api.analyse({**request, "hand": held,
                            "context": before_the_win(request.get("context", {}))})
    if not analysis.get("ok") or analysis.get("shanten") != 0:
        return None
    return {**analysis, "hand": held}


def random_request(variant_id: str, rng: random.Random) -> dict | None:
    """A random legal hand of the variant with a context a table could see, or None (American
    hands are on the card: its examples only)."""
    if variant_id == "american":
        return None
    if variant_id == "mcr":
        return mcr_random.random_request(rng)
    suits = "mps"
    honors = variant_id != "sichuan"
    if variant_id == "sichuan":
        suits = "".join(rng.sample("mps", 2))
    hand = randomhands.random_winning_hand(rng, suits=suits, honors=honors,
                                           exposed_chows=variant_id != "sichuan")
    fields = VARIANTS[variant_id].context_fields
    context = {}
    if rng.random() < 0.4 and "self_drawn" in fields:
        context["self_drawn"] = True
    elif "discarder" in fields:
        context["discarder"] = rng.choice(SEATS[1:])
    if "riichi" in fields and "[" not in hand and rng.random() < 0.6:
        context["riichi"] = True
    return {"variant": variant_id, "hand": hand, "context": context}


@lru_cache(maxsize=4096)
def _scored(request_json: str) -> dict:
    return api.score(json.loads(request_json))


def scored(request: dict) -> dict:
    """The engine's result for a request (the library's examples are scored once a process)."""
    return _scored(json.dumps(request, sort_keys=True))


@cache
def examples_of(variant_id: str) -> dict:
    return {pid: example_request(variant_id, example)
            for pid, example in examples_for(variant_id).items()}


@cache
def patterns_of(variant_id: str) -> dict:
    return {p["id"]: p for p in VARIANTS[variant_id].describe()["patterns"]}


# Marking ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Marked:
    right: bool
    missed: tuple = ()      # "worth": patterns that count and were not ticked; "wins": tiles
    added: tuple = ()       # "worth": patterns ticked that do not count; "wins": tiles
    total_right: bool = True
    wrong_seats: tuple = ()  # "pays": the seats whose net was not the engine's


def mark(drill: Drill, answer: dict) -> Marked:
    """The player's answer against the engine's. `answer`: "worth": {"patterns": [ids],
    "total": int}; "wins": {"tiles": [codes]}; "pays": {"net": {seat: int}}."""
    if drill.kind == "worth":
        ticked = set(answer.get("patterns", ()))
        missed = tuple(pid for pid in patterns_of(drill.variant)
                       if pid in drill.winning_patterns and pid not in ticked)
        added = tuple(pid for pid in patterns_of(drill.variant)
                      if pid in ticked and pid not in drill.winning_patterns)
        total_right = answer.get("total") == drill.expected_total
        return Marked(not missed and not added and total_right, missed, added, total_right)
    if drill.kind == "wins":
        tapped, right = set(answer.get("tiles", ())), drill.winning_tiles
        missed = tuple(t for t in right if t not in tapped)
        added = tuple(t for t in sorted(tapped, key=tile_order) if t not in right)
        return Marked(not missed and not added, missed, added)
    net, expected = answer.get("net", {}), drill.result["payments"]["net"]
    wrong = tuple(seat for seat in SEATS if net.get(seat) != expected[seat])
    return Marked(not wrong, wrong_seats=wrong)


def tile_order(code: str) -> tuple:
    return (0, tiles.CODES.index(code)) if code in tiles.CODES else (1, code)


def keyboard(variant_id: str) -> list[str]:
    """The tiles the "wins" drill offers to tap: every tile the variant plays with that can
    complete a hand (American's flowers and joker too; elsewhere a flower is a bonus)."""
    return [tiles.code(kind) for kind in sorted(VARIANTS[variant_id].kinds)
            if variant_id == "american" or kind < tiles.FLOWER_BASE]


# Reading a page's query ------------------------------------------------------------------------

SEED_MAX = 2**31 - 1
MINUS = str.maketrans({"\u2212": "-", ",": None, " ": None, "\u00a0": None, "\u202f": None})


@dataclass(frozen=True)
class Asked:
    """What a drill page's query asks: the drill's name and, once answered, the answer.
    `errors`: {field: "missing" or "not_number"}; `typed`: each number field as typed, to give
    back; `seed` None: none given (the page picks one)."""
    level: int = 1
    seed: int | None = None
    focus: str = ""
    answered: bool = False
    answer: dict = None
    typed: dict = None
    errors: dict = None


def number(text: str) -> int | None:
    """A whole number as a player types it: a sign (or a minus sign), digits of any script,
    thousands written with commas or spaces; None when it is no such number."""
    text = text.strip().translate(MINUS)
    body = text[1:] if text[:1] in "+-" else text
    return int(text) if body.isdigit() else None


def read(pairs, variant_id: str, kind: str) -> Asked:
    """A drill page's query (pairs, in order) as the drill's name and the player's answer; a
    value that names nothing (a level, a seed, a pattern or a tile that is none) is left out."""
    values: dict[str, list[str]] = {}
    for name, value in pairs:
        values.setdefault(name, []).append(value)

    def one(name: str) -> str:
        return values.get(name, [""])[-1]

    level = int(one("level")) if one("level") in {str(n) for n in LEVELS} else 1
    seed = int(one("seed")) if one("seed").isascii() and one("seed").isdigit() else None
    if seed is not None and seed > SEED_MAX:
        seed = None
    focus = one("focus") if one("focus") in patterns_of(variant_id) else ""
    patterns = [v for v in values.get("patterns", []) if v in patterns_of(variant_id)]
    offered = set(keyboard(variant_id))
    picked = [v for v in values.get("tiles", []) if v in offered]
    answered = one("answered") in ("1", "on")
    fields = ("total",) if kind == "worth" else tuple(f"net_{seat}" for seat in SEATS)
    typed = {name: one(name) for name in fields} if kind != "wins" else {}
    errors, numbers = {}, {}
    for name, text in typed.items():
        numbers[name] = number(text) if text.strip() else None
        if answered and not text.strip():
            errors[name] = "missing"
        elif text.strip() and numbers[name] is None:
            errors[name] = "not_number"
    answer = {"patterns": patterns, "tiles": picked, "total": numbers.get("total"),
              "net": {seat: numbers.get(f"net_{seat}") for seat in SEATS}}
    return Asked(level, seed, focus, answered, answer, typed, errors)
