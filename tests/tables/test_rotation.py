"""Who deals and which seat wind each player has, hand after hand, per variant (the seeds).

Players are A=0, B=1, C=2, D=3 (X=4, the dreamer, at five), sitting down East, South, West, North.
Each case plays a whole game out hand by hand and checks the position before chosen hands.
"""

import pytest

from scoring.tables.game import advance, game_over, positions, start

A, B, C, D, X = range(5)
DRAW = None


def seats(position):
    """'ABCD' for the players at East, South, West, North."""
    return "".join("ABCDX"[player] for _, player in position.seating())


def where(position):
    return (position.round_wind, "ABCDX"[position.dealer], seats(position))


def test_shanghai_dealer_keeps_the_deal_only_by_winning_and_passes_on_a_draw():
    # Seed 002: the deal passes on a Fortune Hand (drawn); the dealer keeps it by winning.
    winners = [A, B, DRAW, C, A, DRAW]
    found = positions("shanghai", 4, winners)
    assert [where(p) for p in found] == [
        ("E", "A", "ABCD"),  # 1: A deals and wins: A keeps the deal
        ("E", "A", "ABCD"),  # 2: B wins: the deal passes to B
        ("E", "B", "BCDA"),  # 3: drawn: in Shanghai the deal still passes
        ("E", "C", "CDAB"),  # 4: C deals and wins: keeps it
        ("E", "C", "CDAB"),  # 5: A wins: the deal passes to D
        ("E", "D", "DABC"),  # 6: drawn: passes back to A's chair: four deals passed, South round
        ("S", "A", "ABCD"),
    ]
    assert [p.number for p in found] == [1, 2, 3, 4, 5, 6, 7]


def test_shanghai_swaps_seats_after_four_rounds_and_the_last_winner_deals():
    # Seed 002: after four rounds East swaps with South and West with North; the last winner of
    # the fourth round is the first dealer of the next four. Rounds 1-3: twelve drawn hands.
    # Round 4 (North): 13 drawn (A->B), 14 C wins on B's deal (->C), 15 drawn (->D), 16 drawn.
    winners = [DRAW] * 12 + [DRAW, C, DRAW, DRAW]
    found = positions("shanghai", 4, winners)
    assert where(found[12]) == ("N", "A", "ABCD")
    after = found[16]
    # Chairs were A B C D; after the swap they hold B A D C. C deals: C is East, then B, A, D.
    assert after.chairs == (B, A, D, C)
    assert where(after) == ("E", "C", "CBAD")
    assert after.round_index == 4 and not game_over("shanghai", after)
    # Four more rounds of drawn hands: eight rounds played, time to draw seats anew.
    assert game_over("shanghai", positions("shanghai", 4, winners + [DRAW] * 16)[-1])


def test_hong_kong_turns_the_seats_after_every_hand_dealer_wins_and_dead_hands_included():
    # Seed 004 and the issue: the winds turn after each hand, dead hands too; 16 hands a game.
    winners = [A, A, DRAW, D] + [B] * 12
    found = positions("hongkong", 4, winners)
    assert [where(p) for p in found[:5]] == [
        ("E", "A", "ABCD"), ("E", "B", "BCDA"), ("E", "C", "CDAB"), ("E", "D", "DABC"),
        ("S", "A", "ABCD")]
    assert [p.round_wind for p in found[::4]] == ["E", "S", "W", "N", "E"]
    assert not game_over("hongkong", found[15]) and game_over("hongkong", found[16])


def test_sichuan_the_first_winner_deals_next_and_a_deal_without_winner_keeps_its_dealer():
    winners = [C, DRAW, C, D]
    found = positions("sichuan", 4, winners)
    assert [where(p) for p in found] == [
        ("E", "A", "ABCD"),  # 1: C wins first
        ("E", "C", "CDAB"),  # 2: nobody wins
        ("E", "C", "CDAB"),  # 3: C (the dealer) wins first again
        ("E", "C", "CDAB"),  # 4: D wins first
        ("S", "D", "DABC"),  # four deals make a round
    ]


def test_american_deal_passes_every_hand_wall_games_included():
    winners = [A, DRAW, C, DRAW]
    found = positions("american", 4, winners)
    assert [where(p)[1] for p in found] == ["A", "B", "C", "D", "A"]
    assert found[4].round_wind == "S"


def test_american_five_players_the_dreamer_replaces_one_chair_each_round():
    # Seed 001: after the East round the first dealer (A) retires and the dreamer (X) takes the
    # seat; after the South round the South player (B) is replaced by A; and so on, until each
    # has played four of five rounds.
    found = positions("american", 5, [DRAW, A, B, C] * 5)
    starts = [found[4 * r] for r in range(6)]
    assert [(where(p), "ABCDX"[p.dreamer]) for p in starts] == [
        (("E", "A", "ABCD"), "X"),
        (("S", "X", "XBCD"), "A"),
        (("W", "X", "XACD"), "B"),
        (("N", "X", "XABD"), "C"),
        (("E", "X", "XABC"), "D"),
        (("S", "D", "DABC"), "X"),  # the cycle repeats: D comes back in chair 0
    ]
    played = {p: sum(p in s.chairs for s in starts[:5]) for p in range(5)}
    assert played == {A: 4, B: 4, C: 4, D: 4, X: 4}
    assert starts[1].seat_of(A) is None


def test_three_players_sit_east_south_west_and_the_deal_goes_round_three_chairs():
    found = positions("american", 3, [A, B, C, A])
    assert [where(p) for p in found] == [
        ("E", "A", "ABC"), ("E", "B", "BCA"), ("E", "C", "CAB"), ("S", "A", "ABC"),
        ("S", "B", "BCA")]
    assert found[0].player_at("N") is None


def test_a_winner_who_is_dreaming_does_not_move_the_deal_like_a_win():
    first = start(5)
    assert advance("shanghai", first, X) == advance("shanghai", first, DRAW)


@pytest.mark.parametrize("players", [2, 6])
def test_a_table_has_three_to_five_players(players):
    with pytest.raises(ValueError):
        start(players)
