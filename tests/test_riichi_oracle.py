"""Riichi against the reference engine (the `mahjong` package): 2,000 seeded random hands with
random contexts and house options; han, fu, the yaku (each with its han), every transfer and the
riichi sticks equal the reference's on every hand. `make oracle` runs the same over 100,000
(bench/oracle_riichi.py); docs/rules-riichi.md records what the runs found."""

import collections

from bench.riichi_reference import cases, compare
from scoring.engine.variants.riichi import PATTERNS

SEED, COUNT = 20261201, 2000


def test_every_hand_agrees_with_the_reference():
    seen = collections.Counter()
    disagreements = [(request, found) for request in cases(SEED, COUNT)
                     if (found := compare(request, seen)) is not None]
    assert disagreements == []
    # The draw reaches the yaku: all but the rarest (four kongs, ...) in 2,000 hands.
    never = {p.id for p in PATTERNS} - set(seen)
    assert len(never) <= 3, never
    assert seen["(error) no_yaku"] > 0  # and hands with no yaku, which neither pays


# The table's mangans against the reference: its nagashi mangan (HandConfig.is_nagashi_mangan,
# the reference's own option) prices nagashi mangan at a draw (game.nagashi) and, paid the other
# way, a chombo with the house option chombo "mangan" (Riichi.chombo); the reference has no
# chombo, West round, agari-yame or pao of its own (docs/rules-riichi.md).

def reference_nagashi(seat: str) -> dict:
    """What the reference pays a nagashi mangan by `seat` (East deals): {payer seat: amount}."""
    from mahjong.constants import EAST, NORTH, SOUTH, WEST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.tile import TilesConverter

    winds = dict(zip("ESWN", (EAST, SOUTH, WEST, NORTH), strict=True))
    tiles = TilesConverter.string_to_136_array(man="19", pin="19", sou="19", honors="1234567")
    config = HandConfig(is_tsumo=True, is_nagashi_mangan=True, player_wind=winds[seat],
                        round_wind=EAST)
    cost = HandCalculator().estimate_hand_value(tiles, tiles[0], config=config).cost
    return {other: cost["main"] if other == "E" or seat == "E" else cost["additional"]
            for other in "ESWN" if other != seat}


def test_the_tables_mangans_agree_with_the_references_nagashi_mangan():
    from scoring.engine import api
    from scoring.tables.game import FalseWinEntry, Position, nagashi, net_of, record

    for chair, seat in enumerate("ESWN"):
        expected = reference_nagashi(seat)
        paid = net_of(nagashi("riichi", {}, Position(), [chair]), 4)
        assert {s: -int(paid[k]) for k, s in enumerate("ESWN") if s != seat} == expected
        chombo = net_of(record("riichi", {}, Position(), FalseWinEntry(declarer=chair)).transfers,
                        4)
        assert {s: int(chombo[k]) for k, s in enumerate("ESWN") if s != seat} == expected
        settled = api.settle({"variant": "riichi", "events": [{"type": "chombo", "seat": seat}]})
        assert {s: n for s, n in settled["net"].items() if s != seat} == expected
