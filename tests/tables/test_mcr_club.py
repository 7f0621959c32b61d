"""Chinese Official at a club night (docs/rules-mcr.md, "The game" and "At a club night"): a game
is 16 hands, and the table then starts the next game (the board never counts past the 16th hand);
each game ranks the players with table points, 4, 2, 1, 0 by place, players tied sharing the
points of the places they fill, summed over the games; a false win (错和) costs its declarer a
penalty, the table's option (10 to each of the three others by default, as the competition rules
have it), and the same hand goes on. Players are A=0, B=1, C=2, D=3, sitting down East, South,
West, North."""

import random
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables import game
from scoring.tables.game import (
    FalseWinEntry,
    Outcome,
    advance,
    game_over,
    hand_of_game,
    net_of,
    positions,
    record,
    show_points,
    start,
    table_options,
    table_points,
)
from scoring.tables.models import Table

A, B, C, D = range(4)
DRAW = None
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


def seats(position):
    return "".join("ABCD"[player] for _, player in position.seating())


# The games -------------------------------------------------------------------------------------

def test_after_the_sixteenth_hand_the_next_game_starts_as_the_first_did():
    found = positions("mcr", 4, [A, DRAW, C, B] * 5)  # 20 hands
    last_of_first, first_of_second = found[15], found[16]
    assert (last_of_first.round_wind, hand_of_game("mcr", last_of_first)) == ("N", 16)
    assert seats(last_of_first) == "BDCA"  # North round DCAB, its fourth deal: B deals
    # Game 2, hand 1: East round, the players back in the chairs they sat down in, A deals.
    assert (first_of_second.game, first_of_second.round_wind, seats(first_of_second),
            hand_of_game("mcr", first_of_second)) == (1, "E", "ABCD", 1)
    assert first_of_second.number == 17  # the table's 17th line
    assert hand_of_game("mcr", found[20]) == 5 and found[20].round_wind == "S"


def test_the_board_never_counts_past_the_sixteenth_hand_nor_the_fourth_round():
    found = positions("mcr", 4, [A, B, DRAW, D, C] * 10)  # 50 hands: games 1 to 4
    assert {hand_of_game("mcr", p) for p in found} == set(range(1, 17))
    assert max(p.round_index for p in found) == 3
    assert [p.number for p in found if game_over("mcr", p)] == [17, 33, 49]
    assert [p.game for p in found if game_over("mcr", p)] == [1, 2, 3]


def test_other_variants_do_not_start_a_new_game():
    after = positions("hongkong", 4, [A] * 17)[-1]
    assert after.game == 0 and after.round_index == 4 and game_over("hongkong", after)
    assert hand_of_game("hongkong", after) is None


# Table points ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("scores", "points"), [
    ([30, 10, -10, -30], [4, 2, 1, 0]),
    ([-30, 10, 30, -10], [0, 2, 4, 1]),                               # by score, not by seat
    ([20, 20, -10, -30], [3, 3, 1, 0]),                               # (4 + 2) / 2
    ([10, 0, 0, -10], [4, Fraction(3, 2), Fraction(3, 2), 0]),        # (2 + 1) / 2
    ([10, -10, -10, -10], [4, Fraction(1), Fraction(1), Fraction(1)]),  # (2 + 1 + 0) / 3
    ([10, 10, 10, -30], [Fraction(7, 3)] * 3 + [0]),                  # (4 + 2 + 1) / 3
    ([0, 0, 0, 0], [Fraction(7, 4)] * 4),
], ids=["in-order", "by-score", "two-first", "two-second", "three-second", "three-first",
        "all-tied"])
def test_table_points_by_place_ties_sharing(scores, points):
    assert table_points(scores) == points


def test_table_points_always_sum_to_seven_and_follow_the_scores():
    rng = random.Random(29)
    for _ in range(500):
        scores = [rng.choice([-40, -8, 0, 8, 16, 40]) for _ in range(4)]
        points = table_points(scores)
        assert sum(points) == 7
        for i in range(4):
            for j in range(4):
                if scores[i] > scores[j]:
                    assert points[i] > points[j]
                if scores[i] == scores[j]:
                    assert points[i] == points[j]


@pytest.mark.parametrize(("points", "shown"), [
    (Fraction(3), "3"), (Fraction(3, 2), "1.5"), (Fraction(7, 4), "1.75"),
    (Fraction(7, 3), "2.33"), (Fraction(0), "0")])
def test_table_points_shown(points, shown):
    assert show_points(points) == shown


def test_games_score_each_game_on_its_own():
    # Game 1: a win (+32 -16 -8 -8) and a false win (+10 +10 -30 +10), one hand played; game 2:
    # a win (-16 -16 -16 +48). Each game by the totals after its last hand.
    ends = [(1, [Decimal(26), Decimal(-22), Decimal(-54), Decimal(50)], 1),
            (0, [Decimal(42), Decimal(-6), Decimal(-38), Decimal(2)], 1)]
    first, second = game.games(ends, 4)
    assert (first["number"], first["scores"], first["played"]) == (1, [42, -6, -38, 2], 1)
    assert first["table_points"] == [4, 1, 0, 2]
    assert (second["number"], second["played"], second["table_points"]) == (2, 1, [1, 1, 1, 4])
    assert game.total_table_points([first, second]) == [5, 2, 1, 6]


# The false win --------------------------------------------------------------------------------

def test_a_false_win_costs_ten_to_each_of_the_three_others_and_the_hand_goes_on():
    before = positions("mcr", 4, [A, B, C, D, A])[-1]  # hand 6, South round (BADC): A deals
    recorded = record("mcr", {}, before, FalseWinEntry(declarer=C, discarder=D))
    assert recorded.kind == "false_win" and recorded.winner is None
    assert net_of(recorded.transfers, 4) == [10, 10, -30, 10]
    assert recorded.detail["goes_on"] and recorded.detail["penalty"] == 10
    after = advance("mcr", before, game.outcome_of(None, recorded.detail))
    # The deal does not pass and the game's hands are not one more; only the line's number moves.
    assert after == game.replace(before, number=before.number + 1)
    assert hand_of_game("mcr", after) == hand_of_game("mcr", before) == 6


def test_a_false_win_does_not_count_among_the_sixteen_hands():
    hands = [A] * 5 + [Outcome(goes_on=True)] + [B] * 11
    found = positions("mcr", 4, hands)
    assert not game_over("mcr", found[16]) and hand_of_game("mcr", found[16]) == 16
    assert game_over("mcr", found[17])


@pytest.mark.parametrize(("options", "entry", "net"), [
    ({"false_win_penalty": 5}, FalseWinEntry(declarer=A, discarder=B), [-15, 5, 5, 5]),
    ({"false_win_to": "discarder"}, FalseWinEntry(declarer=A, discarder=B), [-10, 10, 0, 0]),
    ({"false_win_to": "discarder"}, FalseWinEntry(declarer=D, self_drawn=True),
     [10, 10, 10, -30]),  # a self-drawn tile has no discarder: the three
    ({"false_win_penalty": 0}, FalseWinEntry(declarer=A, self_drawn=True), [0, 0, 0, 0]),
], ids=["five-each", "to-the-discarder", "self-drawn-to-the-three", "no-penalty"])
def test_the_penalty_is_the_tables_option(options, entry, net):
    recorded = record("mcr", {}, start(4), entry, options=options)
    assert net_of(recorded.transfers, 4) == net


def test_a_false_win_needs_its_discarder_or_a_self_drawn_tile():
    with pytest.raises(HandError):
        record("mcr", {}, start(4), FalseWinEntry(declarer=A))
    with pytest.raises(HandError):
        record("mcr", {}, start(4), FalseWinEntry(declarer=A, discarder=A))


@pytest.mark.parametrize(("given", "message"), [
    ({"false_win_penalty": 101},
     "False win: the penalty: 101 is not a whole number from 0 to 100."),
    ({"false_win_penalty": -1}, "False win: the penalty: -1 is not a whole number from 0 to 100."),
    ({"false_win_penalty": True}, "is not a whole number"),
    ({"false_win_to": "nobody"}, "False win: who receives it: nobody is not one of its choices."),
    ({"east_only": True}, "Chinese Official (MCR) tables have no option east_only."),
])
def test_the_options_refuse_what_they_cannot_be(given, message):
    with pytest.raises(HandError) as refused:
        table_options("mcr", given)
    assert message in str(refused.value.message)


def test_the_options_default_to_the_competition_rules():
    assert table_options("mcr") == {"false_win_penalty": 10, "false_win_to": "others"}
    assert table_options("mcr", {"false_win_penalty": 30, "false_win_to": "discarder"}) == {
        "false_win_penalty": 30, "false_win_to": "discarder"}


# On the pages ---------------------------------------------------------------------------------

def open_table(client, **options):
    response = client.post(reverse("table-new"), {"variant": "mcr", "name": "Club", **NAMES,
                                                  **options})
    return response, Table.objects.first()


@pytest.mark.django_db
def test_a_new_table_keeps_its_options_or_their_defaults(client):
    response, table = open_table(client)
    assert response.status_code == 302
    assert table.options == {"false_win_penalty": 10, "false_win_to": "others"}
    Table.objects.all().delete()
    response, table = open_table(client, false_win_penalty="20", false_win_to="discarder")
    assert response.status_code == 302
    assert table.options == {"false_win_penalty": 20, "false_win_to": "discarder"}


@pytest.mark.django_db
@pytest.mark.parametrize(("options", "message"), [
    ({"false_win_penalty": "101"}, "101 is not a whole number from 0 to 100."),
    ({"false_win_penalty": "ten"}, "Enter a whole number."),
    ({"false_win_to": "nobody"}, "Select a valid choice."),
])
def test_a_new_table_refuses_an_option_saying_why(client, options, message):
    response, table = open_table(client, **options)
    assert response.status_code == 200 and table is None
    assert message in response.content.decode()


def post(client, table, name, data):
    return client.post(reverse(name, args=[table.edit_token]), data)


def board(client, table) -> str:
    return client.get(reverse("table-view", args=[table.view_token])).content.decode()


def settle(client, table) -> str:
    return client.get(reverse("table-settle", args=[table.view_token])).content.decode()


@pytest.mark.django_db
def test_a_club_game_with_a_false_win_ranked_in_table_points(client):
    """Worked by hand (8 + the fans from the discarder, 8 from each of the others):
    hand 1, A wins 8 fan on B's discard: A +32, B -16, C -8, D -8.
    Hand 2, C declares a false win on D's discard: C -30, the others +10; the hand goes on:
    B (who deals hand 2) wins 8 fan on A's discard: B +32, A -16, C -8, D -8. Hands 3 to 16
    are drawn. Game 1: A 26, B 26, C -46, D -6: A and B tied first, (4 + 2) / 2 = 3 each, D 1, C 0.
    Game 2, hand 1, D self-drawn 8 fan: D +48, the others -16 each: D 4, A B C (2 + 1 + 0) / 3 =
    1 each. Table points: A 4, B 4, C 1, D 5; money: A +10, B +10, C -62, D +42."""
    response, table = open_table(client)
    assert post(client, table, "table-win", {"winner": A, "source": B, "total": 8}).status_code \
        in (200, 302)
    post(client, table, "table-false-win", {"false-declarer": C, "false-source": D})
    page = board(client, table)
    assert 'data-game-hand="2"' in page and "the same hand goes on." in page
    assert [h.kind for h in table.hands.all()] == ["win", "false_win"]
    post(client, table, "table-win", {"winner": B, "source": A, "total": 8})
    for _ in range(14):
        post(client, table, "table-draw", {})
    assert table.hands.count() == 17  # 16 hands and the false win
    page = board(client, table)
    assert "Sixteen hands, four rounds: the game is over." in page
    assert "The next hand is the first of game 2." in page
    assert 'data-game="2"' in page and 'data-game-hand="1"' in page
    totals = table.totals()
    assert totals == [26, 26, -46, -6]
    post(client, table, "table-win", {"winner": D, "source": "self", "total": 8})
    page = board(client, table)
    assert 'data-game-hand="2"' in page and "game is over" not in page
    assert "Hand 18" not in page and "round 5" not in page
    games = table.games()
    assert [g["table_points"] for g in games] == [[3, 3, 0, 1], [1, 1, 1, 4]]
    assert [g["played"] for g in games] == [16, 1]
    page = settle(client, table)
    assert "Game 1: 16 of 16 hands" in page and "Game 2: 1 of 16 hands" in page
    sums = page[page.index("table-points-sum"):]
    assert [f'data-table-points="{n}"' in sums for n in (4, 1, 5)] == [True] * 3
    assert table.final_net()[0] == [10, 10, -62, 42]
    csv = client.get(reverse("table-csv", args=[table.view_token])).content.decode()
    assert csv.splitlines()[-4:] == ["table points,game,Ann,Bob,Cy,Di", ",1,3,3,0,1",
                                     ",2,1,1,1,4", ",all games,4,4,1,5"]
    assert ",false_win,,Di," in csv  # the false win's line: no winner, on Di's discard


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(3))
def test_the_games_read_off_the_hands_are_each_hands_money_added_up_game_by_game(seed):
    """Table.games reads each game's last totals and counts its false wins in the database; the
    oracle adds up every hand's own money, game by game, after edits and deletes before the last
    hand (whose later hands are placed again: other games, other totals)."""
    rng = random.Random(seed)
    table = Table.objects.create(variant="mcr", players=list(NAMES.values()))

    def entry():
        player, total = rng.randrange(4), rng.randint(8, 24)
        if rng.random() < 0.2:
            return lambda pos: game.false_win(
                "mcr", {}, pos, FalseWinEntry(declarer=player, self_drawn=True))
        if rng.random() < 0.3:
            return game.drawn
        return lambda pos: game.quick_entry(
            "mcr", {}, pos, game.WinEntry(winner=player, self_drawn=True, total=total))

    for _ in range(40):
        table.add_hand(entry())
    for _ in range(6):
        hand = rng.choice(list(table.hands.order_by("number"))[:-1])
        if rng.random() < 0.5:
            table.replace_hand(hand.pk, hand.version, entry())
        else:
            table.delete_hand(hand.pk, hand.version)
    read = Table.objects.get(pk=table.pk).games()
    found = {}
    for hand in table.ordered_hands():
        scores, played = found.get(hand.position_before().game, ([Decimal(0)] * 4, 0))
        found[hand.position_before().game] = (
            [a + b for a, b in zip(scores, net_of(hand.transfer_list(), 4), strict=True)],
            played + (not hand.outcome().goes_on))
    assert len(found) >= 2  # 40 hands, false wins among them: two games at least
    assert [(g["number"], g["scores"], g["played"], g["table_points"]) for g in read] == [
        (index + 1, scores, played, table_points(scores))
        for index, (scores, played) in sorted(found.items())]


@pytest.mark.django_db
def test_a_false_win_with_the_discarder_option_pays_the_discarder_alone(client):
    response, table = open_table(client, false_win_penalty="30", false_win_to="discarder")
    post(client, table, "table-false-win", {"false-declarer": B, "false-source": D})
    assert table.totals() == [0, -30, 0, 30]


@pytest.mark.django_db
def test_each_variant_asks_its_own_options_only(client):
    mcr = client.get(reverse("table-new") + "?variant=mcr").content.decode()
    riichi = client.get(reverse("table-new") + "?variant=riichi").content.decode()
    assert 'name="false_win_penalty"' in mcr and 'name="east_only"' not in mcr
    assert 'name="east_only"' in riichi and 'name="false_win_penalty"' not in riichi
    assert 'name="tobi_below"' in riichi


@pytest.mark.django_db
def test_a_kept_option_the_tables_no_longer_have_is_left_out(client):
    table = Table.objects.create(variant="mcr", players=["Ann", "Bob", "Cy", "Di"],
                                 options={"retired_option": 1, "false_win_penalty": 20})
    assert table.table_options() == {"false_win_penalty": 20, "false_win_to": "others"}
    assert client.get(reverse("table-view", args=[table.view_token])).status_code == 200


@pytest.mark.django_db
def test_the_games_are_read_as_one_moment_of_the_table():
    """Another phone undoes the last hand while the games are read (the moment is made to fall
    between the database's reads, if there are two): the games are those of the table before the
    undo or after it, never a failed page."""
    from django.db import connection

    table = Table.objects.create(variant="mcr", players=list(NAMES.values()))
    for n in range(18):  # game 1 and two hands of game 2
        table.add_hand(lambda pos, n=n: game.quick_entry(
            "mcr", {}, pos, game.WinEntry(winner=n % 4, self_drawn=True, total=8 + n)))
    before = Table.objects.get(pk=table.pk).games()
    last = table.hands.get(number=18)

    def undo_after_the_first_read(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if "GROUP BY" in sql and table.hands.filter(pk=last.pk).exists():
            table.delete_hand(last.pk, last.version)
        return result

    with connection.execute_wrapper(undo_after_the_first_read):
        read = Table.objects.get(pk=table.pk).games()
    after = Table.objects.get(pk=table.pk).games()
    assert after[1]["played"] == 1 and after != before  # the undo was made
    assert read in (before, after)
