"""Japanese Riichi at a table (docs/rules-riichi.md, "At a table"): a hanchan, the East and South
rounds; a dealer who wins keeps the deal (renchan), a draw or another player's win passes it;
four players. A win is sent from the scorer (han and fu); a total of han alone is refused.
Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North."""

import pytest

from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS
from scoring.tables.game import game_over, net_of, positions, quick_entry, scored, start

A, B, C, D = range(4)
DRAW = None


def test_a_hanchan_is_two_rounds_and_the_dealer_keeps_the_deal_by_winning():
    # A (East) wins twice, then B wins: A keeps the deal twice, then B's win passes it to B.
    found = positions("riichi", 4, [A, A, B, DRAW])
    dealers = [p.dealer for p in found]
    assert dealers == [A, A, A, B, C]
    # Eight hands with no dealer win: the East and South rounds, then the game is over.
    found = positions("riichi", 4, [DRAW] * 8)
    assert [p.round_wind for p in found[:8]] == ["E"] * 4 + ["S"] * 4
    assert not any(game_over("riichi", p) for p in found[:8])
    assert game_over("riichi", found[8])
    assert VARIANTS["riichi"].rotation.players == (4,)


def test_a_win_from_the_scorer_is_paid_as_scored():
    # B (South) wins pinfu on A's discard: 1 han 30 fu, 1000 from A.
    recorded = scored("riichi", {}, start(4), B, A, False, "234m 567p 345s 678s 11m +3s", {})
    assert net_of(recorded.transfers, 4) == [-1000, 1000, 0, 0]
    assert recorded.total == 1 and recorded.detail["unit"] == "han"


def test_a_total_of_han_alone_is_refused():
    with pytest.raises(HandError, match="han and fu"):
        quick_entry("riichi", {}, start(4), B, A, False, 3)
