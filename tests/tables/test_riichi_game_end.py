"""How a Riichi game ends at a table (docs/rules-riichi.md, "West round", "Agari-yame"), and pao
for four kongs and on a hand from the scorer ("Pao"). Table options, each tried both ways:

- `west_round`: when the last round ends and nobody has the return points (30,000), one more
  round is played (South after an East round only, West after a hanchan), ended as soon as
  somebody reaches them (sudden death), or when it is played;
- `agari_yame`: the last hand's dealer who wins (agari-yame) or is ready at an exhaustive draw
  (tenpai-yame) and is then first may end the game;
and a house option (the table's rules, the settle door's too):

- `pao_suukantsu`: the player who fed the fourth kong of four kongs is liable, as for big three
  dragons and big four winds.

Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North; A deals first. Worked by
hand: 1 han 30 fu is 240 basic points, 1,000 from a discarder to a non-dealer, 1,500 to the
dealer; 2 han 30 fu, 2,000 (dealer 2,900); 3 han 40 fu, 5,200; a mangan, 8,000 (dealer
12,000)."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables.game import (
    DrawEntry,
    Position,
    WinEntry,
    advance,
    game_end,
    net_of,
    outcome_of,
    record,
    scored,
    start,
    table_options,
)
from scoring.tables.models import Table

A, B, C, D = range(4)
NAMES = ["Ann", "Bob", "Cy", "Di"]


def ron(winner, discarder, han=1, fu=30):
    return WinEntry(winner=winner, discarder=discarder, total=han, fu=fu)


def play(hands, options=None, east_only=True, rules=None):
    """Each hand recorded and the table moved on, as the board does: (the position now, the
    totals, the last hand (position before it, outcome))."""
    position, totals, last = start(4), [0, 0, 0, 0], None
    for entry in hands:
        recorded = record("riichi", rules or {}, position, entry, NAMES, options)
        outcome = outcome_of(recorded.winner, recorded.detail)
        totals = [a + b for a, b in zip(totals, net_of(recorded.transfers, 4), strict=True)]
        last = (position, outcome)
        position = advance("riichi", position, outcome, east_only=east_only)
    return position, totals, last


def end(hands, options=None, east_only=True, rules=None):
    position, totals, last = play(hands, options, east_only, rules)
    return game_end("riichi", rules or {}, table_options("riichi", options), position, totals,
                    last, east_only, NAMES)


# Four non-dealer wins of 1,000 in turn: the East round ends with everybody at 25,000.
LEVEL = [ron(B, C), ron(C, D), ron(D, A), ron(A, B)]
WEST = {"west_round": True}


# The West-round extension ---------------------------------------------------------------------

def test_without_the_extension_the_east_round_ends_the_game():
    found = end(LEVEL)
    assert found["over"] and "The East round is played" in found["message"]


def test_with_nobody_at_30000_the_game_goes_on_into_the_next_round():
    found = end(LEVEL, WEST)
    assert not found["over"]
    assert found["message"] == ("Nobody has reached 30000 points: the game goes on into the "
                                "South round, and ends as soon as someone reaches them.")


def test_sudden_death_ends_the_game_as_soon_as_someone_reaches_the_return_points():
    """South 1, A dealing: B's mangan on C, 8,000: B 33,000, over."""
    found = end(LEVEL + [ron(B, C, 5, None)], WEST)
    assert found["over"] and "The extra round (sudden death) is over" in found["message"]
    # 3 han 40 fu instead, 5,200: B 30,200, also over; 2 han 30 fu, 2,000: B 27,000, not yet.
    assert end(LEVEL + [ron(B, C, 3, 40)], WEST)["over"]
    assert not end(LEVEL + [ron(B, C, 2, 30)], WEST)["over"]


def test_the_extra_round_played_out_ends_the_game():
    """Four more non-dealer wins of 1,000 in South: nobody above 26,000, the round is over."""
    assert not end(LEVEL + LEVEL[:3], WEST)["over"]
    found = end(LEVEL + LEVEL, WEST)
    assert found["over"] and "sudden death" in found["message"]


def test_reaching_30000_in_the_last_round_ends_the_game_as_usual():
    """East 4: A's mangan on B instead (8,000): A 24,000 + 8,000 = 32,000, the usual end; A's
    3 han 40 fu (5,200) leaves A at 29,200: the game goes on into South."""
    assert not end(LEVEL[:3] + [ron(A, B, 3, 40)], WEST)["over"]
    hands = LEVEL[:3] + [ron(A, B, 5, None)]
    found = end(hands, WEST)
    assert found["over"] and "The East round is played" in found["message"]


def test_a_hanchan_extends_into_the_west_round():
    position, _totals, _last = play(LEVEL * 2, WEST, east_only=False)
    assert position.round_wind == "W"
    found = end(LEVEL * 2, WEST, east_only=False)
    assert not found["over"] and "into the West round" in found["message"]


# Agari-yame and tenpai-yame -------------------------------------------------------------------

# East 1-3 passing (B on C, C on A, A on B, 1,000 each): all at 25,000, D deals East 4.
TO_LAST = [ron(B, C), ron(C, A), ron(A, B)]
YAME = {"agari_yame": True}


def test_the_last_dealer_who_wins_and_is_first_may_stop():
    """D (dealer) 2 han 30 fu on A, 2,900: D 27,900, first."""
    hands = TO_LAST + [ron(D, A, 2, 30)]
    found = end(hands, YAME)
    assert found["over"] and found["message"] == (
        "Di, the last dealer, won and is first: the game may end here (agari-yame). Settle "
        "up, or play on.")
    assert not end(hands)["over"]  # without the option D keeps the deal, the game goes on


def test_the_last_dealer_ready_at_a_draw_and_first_may_stop():
    """An exhaustive draw, D alone ready: D +3,000, 28,000, first."""
    hands = TO_LAST + [DrawEntry(ready=(D,))]
    found = end(hands, YAME)
    assert found["over"] and "(tenpai-yame)" in found["message"]
    assert not end(hands)["over"]


def test_a_last_dealer_who_is_not_first_plays_on():
    """B's 3 han 40 fu on C first (5,200): B 30,200; D's 2,900 leaves D second."""
    hands = [ron(B, C, 3, 40), ron(C, A), ron(A, B), ron(D, A, 2, 30)]
    assert not end(hands, YAME)["over"]


def test_an_abortive_draw_or_an_earlier_dealer_is_no_stop():
    assert not end(TO_LAST + [DrawEntry(abortive="nine_terminals")], YAME)["over"]
    assert not end([ron(A, B, 2, 30)], YAME)["over"]  # East 1's dealer: not the last hand


def test_with_the_extension_the_dealer_stops_only_at_the_return_points():
    """D at 27,900 is first but below 30,000: the game goes on; D's mangan (12,000 on A), D at
    37,000: the game may end."""
    assert not end(TO_LAST + [ron(D, A, 2, 30)], {**YAME, **WEST})["over"]
    found = end(TO_LAST + [ron(D, A, 5, None)], {**YAME, **WEST})
    assert found["over"] and "(agari-yame)" in found["message"]


# Pao for four kongs, and on a hand from the scorer ---------------------------------------------

HONBA = Position(honba=1)
SUUKANTSU = "[1111m][2222p](3333s)[4444s]EE+E"
DAISANGEN = "[PPP][FFF][CCC]234m22p+2p"
TWO_YAKUMAN = "[PPP][FFF][CCC][EEE]SS+S"  # big three dragons and all honors


def from_scorer(hand, winner=B, discarder=None, liable=C, rules=None, position=HONBA):
    entry = WinEntry(winner=winner, discarder=discarder, self_drawn=discarder is None,
                     liable=liable)
    recorded = scored("riichi", rules or {}, position, entry, hand=hand, flags={})
    return [int(x) for x in net_of(recorded.transfers, 4)]


def test_four_kongs_pao_is_a_house_option():
    """B's four kongs self-drawn, 1 honba: 32,300; C fed the fourth kong. With the option C
    pays it all; without, pao is refused (four kongs is not liable there)."""
    assert from_scorer(SUUKANTSU, rules={"pao_suukantsu": True}) == [0, 32300, -32300, 0]
    with pytest.raises(HandError) as refused:
        from_scorer(SUUKANTSU)
    assert "big four winds (daisuushii): this hand has neither" in str(refused.value.message)
    # On D's discard: C half the yakuman (16,000), D the rest with the honba (16,300).
    assert from_scorer(SUUKANTSU, discarder=D, rules={"pao_suukantsu": True}) == [
        0, 32300, -16000, -16300]


def test_pao_on_a_hand_from_the_scorer():
    """B's big three dragons, C liable, 1 honba: self-drawn, C 32,300; on D's discard, C
    16,000 and D 16,300; on C's own discard, C pays it all."""
    assert from_scorer(DAISANGEN) == [0, 32300, -32300, 0]
    assert from_scorer(DAISANGEN, discarder=D) == [0, 32300, -16000, -16300]
    assert from_scorer(DAISANGEN, discarder=C) == [0, 32300, -32300, 0]


def test_pao_answers_for_the_liable_yakuman_only():
    """Big three dragons and all honors, 64,000 + 300. Self-drawn: C pays the liable yakuman
    whole (32,300) and, as a non-dealer, 8,000 of the other; A, the dealer, 16,000, D 8,000. On
    D's discard: C 16,000 (half the liable yakuman), D the rest, 48,300."""
    assert from_scorer(TWO_YAKUMAN) == [-16000, 64300, -40300, -8000]
    assert from_scorer(TWO_YAKUMAN, discarder=D) == [0, 64300, -16000, -48300]


def test_pao_on_a_scorers_hand_with_no_liable_yakuman_is_refused():
    with pytest.raises(HandError):
        from_scorer("234m567p345s678s11m+3s", discarder=D)


def open_table(client, **fields):
    response = client.post(reverse("table-new"), {
        "variant": "riichi", "name": "Club", **{f"player{i}": n for i, n in enumerate(NAMES)},
        **fields})
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


@pytest.mark.django_db
def test_a_table_that_had_four_kongs_pao_as_its_option_keeps_it_in_its_rules():
    """The option moved into the house rules (migration 0010): a table that had it on plays it
    on, its other options as they were."""
    from importlib import import_module

    from django.apps import apps
    moved = import_module("scoring.migrations.0010_pao_suukantsu_house_option")
    table = Table.objects.create(variant="riichi", players=NAMES, rules={"uma": "10-30"},
                                 options={"east_only": True, "pao_suukantsu": True})
    moved.to_rules(apps, None)
    table.refresh_from_db()
    assert table.rules == {"uma": "10-30", "pao_suukantsu": True}
    assert table.options == {"east_only": True}
    assert from_scorer(SUUKANTSU, rules=table.rules) == [0, 32300, -32300, 0]
    moved.to_options(apps, None)  # backwards: the option where it was
    table.refresh_from_db()
    assert table.rules == {"uma": "10-30"}
    assert table.options == {"east_only": True, "pao_suukantsu": True}


@pytest.mark.django_db
def test_pao_through_the_scorers_page(client):
    """The page asks who is liable; B's big three dragons on D's discard, C liable: C 16,000,
    D 16,000 (no honba). A pinfu with a liable player comes back with the reason."""
    table = open_table(client)
    address = reverse("table-from-scorer", args=[table.edit_token])
    query = urlencode({"variant": "riichi", "hand": DAISANGEN})
    assert 'name="liable"' in client.get(f"{address}?{query}").content.decode()
    pinfu = urlencode({"variant": "riichi", "hand": "234m567p345s678s11m+3s"})
    refused = client.post(address, {"q": pinfu, "winner": B, "source": D, "liable": C,
                                    "action": "add"}).content.decode()
    assert "this hand has neither" in refused and not table.hands.exists()
    client.post(address, {"q": query, "winner": B, "source": D, "liable": C, "action": "add"})
    assert [int(x) for x in table.totals()] == [0, 32000, -16000, -16000]
    assert table.hands.get().detail["liable"] == C
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "Cy liable (pao)" in view


@pytest.mark.django_db
def test_the_board_says_how_the_game_ends(client):
    """East only with the extension: after four level hands the board says the game goes on
    into South, and it does not say it is over; with agari-yame the quick entry's liable help
    names four kongs where the table plays it."""
    table = open_table(client, east_only="on", west_round="on",
                       **{"riichi-pao_suukantsu": "1"})
    url = reverse("table-win", args=[table.edit_token])
    for winner, discarder in ((B, C), (C, D), (D, A), (A, B)):
        client.post(url, {"winner": winner, "source": discarder, "total": "1", "fu": "30"})
    page = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert "the game goes on into the South round" in page
    assert "game-over" not in page and "round 2 of 1" not in page
    assert "or the fourth kong (four kongs)" in page
    client.post(url, {"winner": B, "source": C, "total": "5"})
    page = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "The extra round (sudden death) is over" in page


@pytest.mark.django_db
def test_a_pao_win_kept_offline_is_worked_out_as_the_server_does(client):
    """B's yakuman on D's discard, C liable, entered with no signal: C 16,000, D 16,000, as the
    server then stores it."""
    from scoring.tables.pending import pending_hands, table_state

    table = open_table(client)
    state = table_state("riichi", table.rules, NAMES, table.position(), table.totals(),
                        options=table.table_options())
    pairs = [["winner", "1"], ["source", "3"], ["total", "yakuman1"], ["liable", "2"]]
    rows = pending_hands({**state, "hands": [{"form": "win", "pairs": pairs}]})
    assert rows[0]["ok"] and rows[0]["net"] == ["0", "32000", "-16000", "-16000"]
    client.post(reverse("table-win", args=[table.edit_token]), dict(pairs))
    assert [int(x) for x in table.totals()] == [0, 32000, -16000, -16000]
