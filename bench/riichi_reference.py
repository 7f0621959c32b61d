"""Riichi against the reference engine, the `mahjong` package (2.1.0): seeded random winning hands
with random contexts and house options, each scored by both; `compare` says where they differ.

Used by tests/test_riichi_oracle.py (2,000 hands in CI) and bench/oracle_riichi.py (`make oracle`,
100,000). The hands are drawn to reach every yaku often enough: most are four sets and the eyes
from the whole set, and a share is drawn from a few tile kinds (one suit, honors, terminals,
greens, the dragons or winds), or is seven pairs or thirteen orphans. A context is drawn only
among the wins a table can see (the engine refuses the others, contract §2); the house options
are drawn too, each mapped to the reference's OptionalRules; where it has none, to its own
means (`_reference_rules`): four red fives add the second red 5p to its red fives, a double wind
pair at 2 fu passes the wind once among its valued tiles, and yakuman that do not stack keep its
largest yakuman, priced by its own ScoresCalculator.
"""

import contextlib
import random

import mahjong.hand_calculating.hand as reference_hand
from mahjong.constants import AKA_DORAS, EAST
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld

from scoring.engine import score
from scoring.engine import tiles as T
from scoring.engine.variants.riichi import CHOMBO_PAYMENTS, PATTERNS

WINDS = "ESWN"
RED = {4: 16, 13: 52, 22: 88}  # a red five's kind -> the reference's 136 id for it
SECOND_RED_PIN = 53  # with four red fives, the second red 5p: copy 1 of 5p
GREENS = [19, 20, 21, 23, 25, 32]
ORPHANS = list(T.ORPHANS)

# The reference's yaku (by yaku_id) under our ids; seat and round winds are one id each.
_CONFIG = YakuConfig()
OUR_ID = {
    "tsumo": "menzen_tsumo", "riichi": "riichi", "ippatsu": "ippatsu", "chankan": "chankan",
    "rinshan": "rinshan", "haitei": "haitei", "houtei": "houtei",
    "daburu_riichi": "double_riichi", "pinfu": "pinfu", "tanyao": "tanyao",
    "iipeiko": "iipeikou", "haku": "haku", "hatsu": "hatsu", "chun": "chun",
    "sanshoku": "sanshoku", "ittsu": "ittsu", "chantai": "chanta", "honroto": "honroutou",
    "toitoi": "toitoi", "sanankou": "sanankou", "sankantsu": "sankantsu",
    "sanshoku_douko": "sanshoku_doukou", "chiitoitsu": "chiitoitsu", "shosangen": "shousangen",
    "honitsu": "honitsu", "junchan": "junchan", "ryanpeiko": "ryanpeikou",
    "chinitsu": "chinitsu", "kokushi": "kokushi", "chuuren_poutou": "chuuren",
    "suuankou": "suuankou", "daisangen": "daisangen", "shosuushi": "shousuushii",
    "ryuisou": "ryuuiisou", "suukantsu": "suukantsu", "tsuisou": "tsuuiisou",
    "chinroto": "chinroutou", "daisuushi": "daisuushii", "daburu_kokushi": "kokushi_13",
    "suuankou_tanki": "suuankou_tanki", "daburu_chuuren_poutou": "junsei_chuuren",
    "tenhou": "tenhou", "chiihou": "chiihou", "renhou": "renhou",
    "renhou_yakuman": "renhou_yakuman", "dora": "dora", "aka_dora": "aka_dora",
    "ura_dora": "ura_dora",
    **{f"seat_wind_{w}": "seat_wind" for w in ("east", "south", "west", "north")},
    **{f"round_wind_{w}": "round_wind" for w in ("east", "south", "west", "north")},
}
BY_YAKU_ID = {getattr(_CONFIG, attr).yaku_id: our for attr, our in OUR_ID.items()}
PATTERN_ORDER = {p.id: i for i, p in enumerate(PATTERNS)}


def reference_options(rules: dict) -> OptionalRules:
    """Our house options as the reference's OptionalRules (docs/rules-riichi.md)."""
    return OptionalRules(
        has_open_tanyao=rules.get("open_tanyao", True),
        has_aka_dora=rules.get("aka_dora", 3) > 0,
        has_double_yakuman=rules.get("double_yakuman", True),
        kiriage=rules.get("kiriage", False),
        kazoe_limit=(HandConstants.KAZOE_SANBAIMAN if rules.get("kazoe") == "sanbaiman"
                     else HandConstants.KAZOE_LIMITED),
        renhou_as_yakuman=rules.get("renhou", "none") == "yakuman",
    )


class _WindPairOnce(FuCalculator):
    """The reference's fu with each valued tile passed once: eyes of a wind that is both the
    seat and the round wind are 2 fu, not 4 (its valued tiles count a tile passed twice
    double)."""

    @staticmethod
    def calculate_fu(hand, win_tile, win_group, config, valued_tiles=None, melds=None):
        once = list(dict.fromkeys(valued_tiles or ()))
        return FuCalculator.calculate_fu(hand, win_tile, win_group, config, once, melds)


@contextlib.contextmanager
def _reference_rules(rules: dict):
    """The options the reference has no switch for, set in its module for one call: a fourth red
    five (the second red 5p), the double wind pair at 2 fu."""
    saved = reference_hand.AKA_DORAS, reference_hand.FuCalculator
    if rules.get("aka_dora", 3) == 4:
        reference_hand.AKA_DORAS = AKA_DORAS | {SECOND_RED_PIN}
    if rules.get("double_wind_pair", 4) == 2:
        reference_hand.FuCalculator = _WindPairOnce
    try:
        yield
    finally:
        reference_hand.AKA_DORAS, reference_hand.FuCalculator = saved


# Drawing hands -----------------------------------------------------------------------------------

def _pool(rng: random.Random) -> list[int]:
    """The tile kinds a hand is drawn from: usually all 34, sometimes a few (to reach the rarer
    yaku)."""
    roll = rng.random()
    suit = rng.randrange(3) * 9
    if roll < 0.55:
        return list(range(34))
    if roll < 0.70:
        return list(range(suit, suit + 9))  # one suit (flushes, nine gates)
    if roll < 0.78:
        return list(range(suit, suit + 9)) + list(range(27, 34))  # half flush
    if roll < 0.84:
        return ORPHANS  # terminals and honors
    if roll < 0.88:
        return list(range(27, 34))  # honors
    if roll < 0.91:
        return GREENS
    if roll < 0.95:
        return list(range(27, 34)) + rng.sample(range(27), 6)  # dragons and winds heavy
    return [t for t in range(27) if t % 9 not in (0, 8)]  # simples


def _shaped(rng: random.Random, counts: list[int]):
    """Sets of a shape the whole-set draw rarely reaches (mixed triple chow, pure straight,
    outside hands, all terminals), completed at random; or None."""
    suit = rng.randrange(3) * 9
    shape = rng.choice(("sanshoku", "ittsu", "outside", "outside_honors", "terminals"))
    found = []
    if shape == "sanshoku":
        number = rng.randrange(7)
        found = [("chow", number + 9 * s) for s in range(3)]
    elif shape == "ittsu":
        found = [("chow", suit + n) for n in (0, 3, 6)]
    for _, first in found:
        for t in range(first, first + 3):
            counts[t] += 1
    if found:
        rest = _sets(rng, list(range(34)), counts, need=1, chows=rng.random())
    else:
        pool = [t for t in range(27) if t % 9 in (0, 8)]
        if shape == "outside_honors":
            pool += list(range(27, 34))
        rest = _sets(rng, pool, counts, chows=0.0 if shape == "terminals" else 0.6,
                     outside=True)
    return None if rest is None else found + rest


def _sets(rng: random.Random, pool: list[int], counts: list[int], need: int = 4,
          chows: float = 0.5, outside: bool = False):
    """`need` sets and the eyes from `pool`, or None: each set (kind, first). `outside`: a
    chow is 123 or 789, drawn from its terminal."""
    found = []
    for _ in range(need):
        for _attempt in range(30):
            tile = rng.choice(pool)
            chow = None
            if rng.random() < chows and tile < 27:
                if outside:
                    chow = tile if tile % 9 == 0 else tile - 2
                elif tile % 9 <= 6 and all(t in pool for t in (tile + 1, tile + 2)):
                    chow = tile
            if chow is not None:
                if all(counts[t] < 4 for t in (chow, chow + 1, chow + 2)):
                    for t in (chow, chow + 1, chow + 2):
                        counts[t] += 1
                    found.append(("chow", chow))
                    break
            else:
                kong = rng.random() < 0.12
                need_tiles = 4 if kong else 3
                if counts[tile] + need_tiles <= 4:
                    counts[tile] += need_tiles
                    found.append(("kong" if kong else "pung", tile))
                    break
        else:
            return None
    for _attempt in range(30):
        tile = rng.choice(pool)
        if counts[tile] <= 2:
            counts[tile] += 2
            found.append(("pair", tile))
            return found
    return None


def draw_hand(rng: random.Random):
    """(form, groups, winning kind, winning group index): groups are (kind, first, shown) with
    shown '' concealed, 'open' claimed, 'closed_kong'."""
    roll = rng.random()
    if roll < 0.05:  # thirteen orphans
        extra = rng.choice(ORPHANS)
        held = ORPHANS + [extra]
        return "orphans", held, rng.choice(held)
    if roll < 0.15:  # seven pairs
        pool = _pool(rng)
        if len(pool) < 7:
            pool = list(range(34))
        kinds = rng.sample(pool, 7)
        return "pairs", kinds, rng.choice(kinds)
    if roll < 0.17:  # nine gates: 1112345678999 and one more of the suit, won on any of them
        suit = rng.randrange(3) * 9
        kinds = [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
        kinds.append(suit + rng.randrange(9))
        return "loose", kinds, rng.choice(kinds)
    while True:
        counts = [0] * 34
        if roll < 0.27:
            sets = _shaped(rng, counts)
        else:
            sets = _sets(rng, _pool(rng), counts, chows=rng.choice((0.2, 0.5, 0.85)))
        if sets is not None:
            break
    open_hand = rng.random() < 0.4
    groups = []
    for kind, first in sets:
        shown = ""
        if kind == "kong":
            shown = "open" if (open_hand and rng.random() < 0.6) else "closed_kong"
        elif kind != "pair" and open_hand and rng.random() < 0.5:
            shown = "open"
        groups.append((kind, first, shown))
    concealed = [i for i, g in enumerate(groups) if g[2] == "" ]
    index = rng.choice(concealed)
    kind, first, _ = groups[index]
    win = first + rng.randrange(3) if kind == "chow" else first
    return "standard", groups, win, index


def _group_tiles(kind: str, first: int) -> list[int]:
    if kind == "chow":
        return [first, first + 1, first + 2]
    return [first] * {"pung": 3, "kong": 4, "pair": 2}[kind]


def draw_case(rng: random.Random) -> dict:
    """One request (variant riichi) with a random hand, context and house options."""
    drawn = draw_hand(rng)
    form = drawn[0]
    rules = {"open_tanyao": rng.random() < 0.7, "kiriage": rng.random() < 0.3,
             "double_yakuman": rng.random() < 0.7, "aka_dora": rng.choice((0, 3, 3, 4)),
             "kazoe": "sanbaiman" if rng.random() < 0.2 else "yakuman",
             "double_wind_pair": 2 if rng.random() < 0.3 else 4,
             "yakuman_stacking": rng.random() < 0.7,
             "renhou": rng.choice(("none", "mangan", "yakuman"))}
    if form == "standard":
        _, groups, win, _ = drawn
    else:
        held = (drawn[1] if form in ("orphans", "loose")
                else [t for t in drawn[1] for _ in (0, 1)])
        groups, win = [("loose", t, "") for t in held], drawn[2]
    # Tiles as written: concealed ones, then groups; red fives where the set has them.
    concealed, bracketed, counts = [], [], [0] * 34
    claimed = kongs = 0
    for kind, first, shown in groups:
        tiles = [first] if kind == "loose" else _group_tiles(kind, first)
        for t in tiles:
            counts[t] += 1
        if shown == "open":
            bracketed.append(("[", tiles))
            claimed += 1
        elif shown == "closed_kong":
            bracketed.append(("(", tiles))
        else:
            concealed += tiles
        kongs += kind == "kong"
    # The red fives of the set, by kind: one of each, two 5p with four; a five held more times
    # than its plain copies is red that many times more.
    set_red = {k: (0 if not rules["aka_dora"] else 2 if k == 13 and rules["aka_dora"] == 4
                   else 1) for k in RED}
    red_left = {k: rng.randint(max(0, counts[k] - 4 + n), min(n, counts[k]))
                for k, n in set_red.items()}
    seen = {k: 0 for k in RED}
    concealed_red = []

    def text_of(tiles: list[int], reds: list[int]) -> str:
        out = []
        for t in sorted(tiles):
            if t in red_left:  # red while reds are left and the plain copies run short
                seen[t] += 1
                if red_left[t] and (rng.random() < 0.5 or counts[t] - seen[t] < red_left[t]):
                    red_left[t] -= 1
                    reds.append(t)
                    out.append("0" + T.suit_of(t))
                    continue
            out.append(T.code(t))
        return "".join(out)

    parts = [text_of(concealed, concealed_red)] + [
        b + text_of(ts, []) + {"[": "]", "(": ")"}[b] for b, ts in bracketed]
    plain = concealed.count(win) - concealed_red.count(win)
    win_red = win in concealed_red and (plain == 0 or rng.random() < 0.5)
    hand = " ".join(parts) + " +" + ("0" + T.suit_of(win) if win_red else T.code(win))
    seat = rng.choice(WINDS)
    ctx = {"seat_wind": seat, "round_wind": rng.choice("ESWN" if rng.random() < 0.2 else "ES")}
    self_drawn = rng.random() < 0.45
    ctx["self_drawn"] = self_drawn
    if not self_drawn:
        ctx["discarder"] = rng.choice([w for w in WINDS if w != seat])
    closed_hand = claimed == 0
    if closed_hand and rng.random() < 0.5:
        if rng.random() < 0.1:
            ctx["double_riichi"] = True
        else:
            ctx["riichi"] = True
        if rng.random() < 0.2:
            ctx["ippatsu"] = True
    riichi = ctx.get("riichi") or ctx.get("double_riichi")
    if rng.random() < 0.08:
        ctx["last_tile"] = True
    if (self_drawn and kongs and rng.random() < 0.15 and not ctx.get("last_tile")
            and not ctx.get("ippatsu")):  # any kong ends ippatsu, the winner's own too
        ctx["kong_replacement"] = True
    if (not self_drawn and counts[win] == 1 and rng.random() < 0.1
            and not ctx.get("last_tile")):
        ctx["robbing_kong"] = True
    if (not self_drawn and closed_hand and not kongs and not riichi and seat != "E"
            and not ctx.get("last_tile") and not ctx.get("robbing_kong") and rng.random() < 0.05):
        ctx["renhou"] = True
    first_turn = (self_drawn and closed_hand and not kongs and not riichi
                  and not ctx.get("last_tile") and rng.random() < 0.03)
    if first_turn:
        ctx["heavenly" if seat == "E" else "chiihou"] = True
    # Indicators: tiles the hand leaves free.
    free = [t for t in range(34) for _ in range(4 - counts[t])]
    rng.shuffle(free)
    n = rng.choice((1, 1, 1, 2, 2, 3, 5)) if rng.random() < 0.9 else 0
    ctx["dora_indicators"] = [T.code(t) for t in free[:n]]
    if riichi:
        ctx["ura_dora_indicators"] = [T.code(t) for t in free[n:2 * n]]
    ctx["honba"] = rng.choice((0, 0, 0, 1, 2, 5))
    ctx["riichi_sticks"] = (1 if riichi else 0) + rng.choice((0, 0, 0, 1, 2))
    return {"variant": "riichi", "hand": hand, "context": ctx, "rules": rules}


# The reference ------------------------------------------------------------------------------------

def reference(request: dict) -> dict:
    """The reference's score of a request: han, fu, yaku (our ids, with their han) and the
    transfers, or its error."""
    from scoring.engine.notation import parse

    parsed = parse(request["hand"])
    ctx, rules = request["context"], request["rules"]
    used = [0] * 34
    red_left = list(parsed.all_red) if rules.get("aka_dora", 3) else []
    # The red copies of each five: copy 0, and copy 1 of 5p with four red fives.
    red_ids = {k: [i] for k, i in RED.items()} if rules.get("aka_dora", 3) else {}
    if rules.get("aka_dora", 3) == 4:
        red_ids[13].append(SECOND_RED_PIN)
    red_free = {k: list(v) for k, v in red_ids.items()}

    def ids(kinds, reds=()):
        out, reds = [], list(reds)
        for k in kinds:
            if k in reds:
                reds.remove(k)
                out.append(red_free[k].pop(0))
                continue
            copy = used[k] + len(red_ids.get(k, ()))  # the plain copies follow the red ones
            used[k] += 1
            out.append(4 * k + copy)
        return out

    melds, all_ids = [], []
    for group in parsed.groups:
        gids = ids(group.tiles, group.red if red_left else ())
        kinds = group.tiles
        if len(kinds) == 4:
            meld = Meld(Meld.KAN, gids, opened=group.bracket == "[")
        elif kinds[0] == kinds[1]:
            meld = Meld(Meld.PON, gids, opened=True)
        else:
            meld = Meld(Meld.CHI, gids, opened=True)
        melds.append(meld)
        all_ids += gids
    concealed_ids = ids(parsed.concealed, parsed.red if red_left else ())
    all_ids += concealed_ids
    win = parsed.winning
    if parsed.winning_red and red_left:
        win_id = next(i for i in concealed_ids if i in red_ids[win])
    else:
        win_id = next(i for i in concealed_ids
                      if i // 4 == win and i not in red_ids.get(win, ()))
    seat = ctx.get("seat_wind", "E")
    config = HandConfig(
        is_tsumo=ctx.get("self_drawn", False), is_riichi=ctx.get("riichi", False),
        is_ippatsu=ctx.get("ippatsu", False), is_rinshan=ctx.get("kong_replacement", False),
        is_chankan=ctx.get("robbing_kong", False),
        is_haitei=ctx.get("last_tile", False) and ctx.get("self_drawn", False),
        is_houtei=ctx.get("last_tile", False) and not ctx.get("self_drawn", False),
        is_daburu_riichi=ctx.get("double_riichi", False), is_tenhou=ctx.get("heavenly", False),
        is_chiihou=ctx.get("chiihou", False),
        is_renhou=ctx.get("renhou", False) and rules.get("renhou", "none") != "none",
        player_wind=EAST + WINDS.index(seat),
        round_wind=EAST + WINDS.index(ctx.get("round_wind", "E")),
        kyoutaku_number=ctx.get("riichi_sticks", 0), tsumi_number=ctx.get("honba", 0),
        options=reference_options(rules))

    def indicator_ids(codes):
        out = []
        for code in codes:
            k = parse(code).concealed[0]
            out.append(4 * k + 3 - min(used[k], 3))  # a copy the hand does not use
            used[k] += 1
        return out

    dora = indicator_ids(ctx.get("dora_indicators", []))
    ura = indicator_ids(ctx.get("ura_dora_indicators", []))
    with _reference_rules(rules):
        result = HandCalculator.estimate_hand_value(all_ids, win_id, melds=melds,
                                                    dora_indicators=dora, config=config,
                                                    ura_dora_indicators=ura)
    if result.error:
        return {"error": result.error}
    opened = result.is_open_hand
    yaku = {}
    for item in result.yaku:
        han = item.han_open if (opened and item.han_open) else item.han_closed
        our = BY_YAKU_ID[item.yaku_id]
        yaku[our] = yaku.get(our, 0) + han
    cost, han_total = result.cost, result.han
    if not rules.get("yakuman_stacking", True) and any(y.is_yakuman for y in result.yaku):
        # Yakuman that do not stack: its largest (the first of equals in our table's order)
        largest = min(yaku, key=lambda our: (-yaku[our], PATTERN_ORDER[our]))
        yaku, han_total = {largest: yaku[largest]}, yaku[largest]
        cost = ScoresCalculator.calculate_scores(han_total, result.fu, config, True)
    winner = seat
    transfers = []
    if ctx.get("self_drawn"):
        others = [WINDS[(WINDS.index(seat) + k) % 4] for k in (1, 2, 3)]
        for other in others:
            if seat == "E" or other == "E":
                amount = cost["main"] + cost["main_bonus"]
            else:
                amount = cost["additional"] + cost["additional_bonus"]
            transfers.append((other, winner, amount))
    else:
        discarder = ctx.get("discarder") or WINDS[(WINDS.index(seat) - 1) % 4]
        transfers.append((discarder, winner, cost["main"] + cost["main_bonus"]))
    return {"han": han_total, "fu": result.fu, "yaku": yaku, "transfers": sorted(transfers),
            "sticks": cost["kyoutaku_bonus"], "total": cost["total"]}


def ours(request: dict) -> dict:
    result = score(request)
    if not result["ok"]:
        return {"error": result["error"]["code"], "message": result["error"]["message"]}
    if not result["meets_minimum"]:
        return {"error": "no_yaku"}
    return {"han": result["han"], "fu": result["fu"],
            "yaku": {p["id"]: p["han"] for p in result["patterns"]},
            "transfers": sorted((t["from"], t["to"], t["amount"])
                                for t in result["payments"]["transfers"]),
            "sticks": result["deposits"]["amount"], "total": result["winner_receives"]}


def compare(request: dict, seen=None) -> tuple[dict, dict] | None:
    """None when both agree on han, fu, yaku (each with its han), every transfer and the sticks;
    else (ours, the reference's). `seen`, a Counter, counts the yaku of our results."""
    mine, theirs = ours(request), reference(request)
    if seen is not None:
        seen.update(mine.get("yaku", {"(error) " + mine.get("error", ""): 1}).keys())
    if "error" in mine or "error" in theirs:
        if "error" in mine and "error" in theirs and mine["error"] == theirs["error"] == "no_yaku":
            return None
        return mine, theirs
    return None if mine == theirs else (mine, theirs)


def cases(seed: int, count: int):
    """`count` requests drawn from `seed`; the house options that no hand's score reads (a
    table's: `chombo`) are drawn from a stream of their own, so that the hands stay those the
    seed drew before them, and must change no score."""
    rng = random.Random(seed)
    table_rng = random.Random(f"{seed}-table")
    for _ in range(count):
        request = draw_case(rng)
        request["rules"]["chombo"] = table_rng.choice(CHOMBO_PAYMENTS)
        yield request
