"""Japanese Riichi at a table (docs/rules-riichi.md, "At a table"): a hanchan, the East and South
rounds; a dealer who wins keeps the deal (renchan), a draw or another player's win passes it;
four players. A win is sent from the scorer, or entered by its han and fu (tests/tables/
test_riichi_quick.py); below 5 han, a total of han alone is refused.
Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North."""

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS
from scoring.tables.game import (
    WinEntry,
    game_over,
    net_of,
    positions,
    quick_entry,
    scored,
    start,
)
from scoring.tables.models import Table

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
    recorded = scored("riichi", {}, start(4), WinEntry(winner=B, discarder=A),
                      hand="234m 567p 345s 678s 11m +3s", flags={})
    assert net_of(recorded.transfers, 4) == [-1000, 1000, 0, 0]
    assert recorded.total == 1 and recorded.detail["unit"] == "han"


def test_a_total_of_han_alone_below_mangan_is_refused():
    with pytest.raises(HandError, match="paid by its han and fu"):
        quick_entry("riichi", {}, start(4), WinEntry(winner=B, discarder=A, total=3))


def test_the_hanchan_end_counts_points_uma_and_oka():
    # Nets at the table: A +12,000, B and C -3,000, D -6,000; 25,000 start, 30,000 return,
    # uma 10-20, oka 4 x 5,000 = 20 (thousand) to the first.
    variant = VARIANTS["riichi"]
    rows = variant.standings([12000, -3000, -3000, -6000], variant.check_rules({}))
    assert [(r["final"], r["rank"], r["uma"], r["score"]) for r in rows] == [
        (37000, 1, 20, 47),   # +7 + 20 uma + 20 oka
        (22000, 2, 10, 2),    # -8 + 10 (tied with C: B sat down first)
        (22000, 3, -10, -18),  # -8 - 10
        (19000, 4, -20, -31),  # -11 - 20
    ]
    assert sum(r["score"] for r in rows) == 0
    flat = variant.standings([0, 0, 0, 0], variant.check_rules({"uma": "0",
                                                                "return_points": 25000}))
    assert [r["score"] for r in flat] == [0, 0, 0, 0]


def test_the_return_is_never_below_the_start():
    with pytest.raises(HandError, match="return points .* start points") as refused:
        VARIANTS["riichi"].check_rules({"start_points": 30000, "return_points": 25000})
    assert refused.value.fields == ("rules.return_points", "rules.start_points")


NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


def new_table(client, variant: str, name: str) -> Table:
    client.post(reverse("table-new"), {"variant": variant, "name": name, **NAMES})
    return Table.objects.get(name=name)


@pytest.mark.django_db
def test_the_settle_up_page_shows_the_hanchan_end(client):
    table = new_table(client, "riichi", "Club")
    page = client.get(reverse("table-settle", args=[table.view_token])).content.decode()
    assert "The hanchan&#x27;s end" in page or "The hanchan's end" in page
    # No hand yet: 25,000 each; ranks by seat; -5 each, uma 20 10 -10 -20, oka 20 to Ann.
    assert [cell for cell in ("35.0", "5.0", "-15.0", "-25.0") if cell in page] == [
        "35.0", "5.0", "-15.0", "-25.0"]


def test_the_table_counts_the_honba():
    # A deals: A wins twice (renchan), a draw (the deal passes to B), B wins as dealer, C wins.
    found = positions("riichi", 4, [A, A, DRAW, B, C])
    assert [(p.dealer, p.honba) for p in found] == [(A, 0), (A, 1), (A, 2), (B, 3), (B, 4),
                                                    (C, 0)]
    # Other variants count none.
    assert {p.honba for p in positions("shanghai", 4, [A, A, DRAW, B, C])} == {0}


def test_a_win_from_the_scorer_is_paid_the_tables_honba():
    # Hand 3 (2 honba): B wins pinfu on A's discard: 1000 + 2 x 300, whatever the scorer said.
    position = positions("riichi", 4, [A, A])[2]
    recorded = scored("riichi", {}, position, WinEntry(winner=B, discarder=A),
                      hand="234m 567p 345s 678s 11m +3s", flags={"honba": 5})
    assert net_of(recorded.transfers, 4) == [-1600, 1600, 0, 0]
    assert recorded.detail["context"]["honba"] == 2


@pytest.mark.django_db
def test_the_board_shows_the_honba(client):
    table = new_table(client, "riichi", "Club")
    board = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert 'data-honba="0"' in board and "0 honba" in board
    other = new_table(client, "shanghai", "Other")
    assert "data-honba" not in client.get(reverse("table-view",
                                                  args=[other.view_token])).content.decode()
