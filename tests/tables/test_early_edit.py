"""An edit or a delete before the last hand writes that hand only; the later hands are placed again
afterwards (Table.place, issue 31), in batches, by the answer's end or whoever reads first.

The oracle is the whole game replayed from each stored hand's own facts (its outcome, its
transfers), as the edit itself worked it out before issue 31: the position before every hand
(game.positions), the totals after it (every hand's money added up, its riichi sticks from its
position), the numbers 1..n. After any sequence of adds, edits and deletes, some made while hands
were still out of date, what the board reads is that replay."""

import random
import threading
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables import game, models
from scoring.tables.models import Stale, Table

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def entry_of(variant, rng):
    """A random hand of `variant`, entered quickly: a win (on a discard or self-drawn) or a drawn
    hand; at a Riichi table with riichi declared and players ready."""
    riichi = tuple(sorted(rng.sample(range(4), rng.choice([0, 0, 1, 2])))) \
        if variant == "riichi" else ()
    if rng.random() < 0.25:
        ready = tuple(sorted(rng.sample(range(4), rng.randint(0, 4))))
        entry = game.DrawEntry(ready=ready if variant == "riichi" else (), riichi=riichi)
        return lambda pos: game.drawn(pos, variant, entry)
    winner = rng.randrange(4)
    discarder = rng.choice([None, (winner + rng.randint(1, 3)) % 4])
    total = {"riichi": rng.randint(1, 4), "hongkong": rng.randint(3, 6)}.get(variant, 10)
    entry = game.WinEntry(winner=winner, discarder=discarder, self_drawn=discarder is None,
                          total=total, fu=30 if variant == "riichi" else None, riichi=riichi)
    return lambda pos: game.quick_entry(variant, {}, pos, entry)


def replayed(table):
    """(number, position before, totals after) of every hand, from the hands' own facts."""
    hands = list(table.hands.order_by("number"))
    found = game.positions(table.variant, 4, [h.outcome() for h in hands], **table.turns())
    totals, expected = [Decimal(0)] * 4, []
    for k, (hand, position) in enumerate(zip(hands, found, strict=False), start=1):
        money = hand.transfer_list() + game.stick_transfers(position, hand.outcome(),
                                                            table.stick())
        totals = [a + b for a, b in zip(totals, game.net_of(money, 4), strict=True)]
        expected.append((k, position, totals))
    return expected, found[-1]


def read(table):
    """What the board reads: each row's number, position and totals, and where the table is."""
    rows = table.rows()
    return ([(row["number"], row["position"], row["totals"]) for row in rows],
            table.position())


@pytest.mark.django_db
@pytest.mark.parametrize("variant, keeps", [("shanghai", False), ("hongkong", True),
                                            ("riichi", False)])
@pytest.mark.parametrize("seed", range(4))
def test_what_is_read_after_early_edits_and_deletes_is_the_whole_game_replayed(
        variant, keeps, seed, monkeypatch):
    monkeypatch.setattr(models, "PLACE_BATCH", 3)  # several batches even at a short table
    monkeypatch.setattr(models, "PLACE_BATCH_ROW_LOCK", 3)
    rng = random.Random(seed)
    table = Table.objects.create(variant=variant, players=PLAYERS,
                                 dealer_keeps_deal_on_win=keeps)
    for _ in range(14):
        table.add_hand(entry_of(variant, rng))
    for _ in range(12):
        fresh = Table.objects.get(pk=table.pk)  # another phone: it may find hands to place
        hands = list(fresh.hands.order_by("number"))  # read raw: perhaps out of date
        hand = rng.choice(hands[:-1])
        try:
            match rng.choice(["edit", "edit", "delete", "add"]):
                case "edit":
                    fresh.replace_hand(hand.pk, hand.version, entry_of(variant, rng))
                case "delete":
                    fresh.delete_hand(hand.pk, hand.version)
                case "add":
                    fresh.add_hand(entry_of(variant, rng))
        except HandError:
            continue  # a hand the engine refuses (nothing written)
        if rng.random() < 0.3:  # sometimes read at once, sometimes write again first
            assert read(Table.objects.get(pk=table.pk)) == replayed(table)
    reader = Table.objects.get(pk=table.pk)
    assert read(reader) == replayed(table)
    assert reader.stale_from is None and Table.objects.get(pk=table.pk).stale_from is None
    stored = [(h.number, h.position_before(), h.totals_after())
              for h in table.hands.order_by("number")]
    assert stored == replayed(table)[0]  # written back, numbers 1..n without gaps
    # Each hand's kept CSV line is the line worked out from its row of the game replayed.
    assert [h.csv_cells for h in table.hands.order_by("number")] == [
        game.csv_cells(PLAYERS, row["number"], row["position"], row["kind"], row["hand"].winner,
                       row["hand"].discarder, row["self_drawn"], row["total"],
                       row["hand"].detail.get("declarer"), row["net"], row["totals"])
        for row in reader.rows()]


@pytest.mark.django_db
def test_an_edit_of_hand_1_writes_it_alone_and_the_rest_after_the_answer():
    """Through the edit page: the write marks the table; the answer's end places the rest."""
    table = Table.objects.create(variant="shanghai", players=PLAYERS)
    first = table.add_hand(lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=0, self_drawn=True, total=10)))
    for _ in range(4):
        table.add_hand(game.drawn)
    # Shanghai: Ann deals hand 1 and wins it, so she deals hand 2; each drawn hand passes the deal.
    assert [h.position_before().dealer for h in table.hands.order_by("number")] == [0, 0, 1, 2, 3]
    # Bob wins hand 1 instead: a service call (no request) leaves hands 2-5 to place.
    table.replace_hand(first.pk, first.version, lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=1, self_drawn=True, total=10)))
    marked = Table.objects.get(pk=table.pk)
    assert marked.stale_from == 2
    assert [h.position_before().dealer for h in marked.hands.order_by("number")] == [0, 0, 1, 2,
                                                                                      3]
    assert marked.hands.get(number=1).totals == ["-10", "30", "-10", "-10"]  # its own, at once
    assert marked.hands.get(number=5).totals == ["30", "-10", "-10", "-10"]  # not yet
    first = marked.hands.get(number=1)
    client = Client()
    response = client.post(reverse("table-hand", args=[table.edit_token, first.pk]),
                           {"winner": 2, "source": "self", "total": 10, "version": first.version,
                            "once": "4f2a39a8-8d0c-4c5e-9d4e-6f7f6b4d1c21"})
    assert response.status_code == 302
    placed = Table.objects.get(pk=table.pk)  # the answer's end placed every later hand
    assert placed.stale_from is None
    assert [h.position_before().dealer for h in placed.hands.order_by("number")] == [0, 1, 2, 3,
                                                                                      0]
    assert placed.hands.get(number=5).totals == ["-10", "-10", "30", "-10"]


@pytest.mark.django_db
def test_a_delete_moves_the_later_numbers_up_when_placed(monkeypatch):
    monkeypatch.setattr(models, "PLACE_BATCH", 2)
    monkeypatch.setattr(models, "PLACE_BATCH_ROW_LOCK", 2)
    table = Table.objects.create(variant="shanghai", players=PLAYERS)
    hands = [table.add_hand(game.drawn) for _ in range(7)]
    table.delete_hand(hands[1].pk, hands[1].version)
    assert Table.objects.get(pk=table.pk).stale_from == 2
    assert list(table.hands.values_list("number", flat=True)) == [1, 3, 4, 5, 6, 7]  # not yet
    table.delete_hand(hands[3].pk, hands[3].version)  # another, before they are placed
    again = Table.objects.get(pk=table.pk)
    assert [row["number"] for row in again.rows()] == [1, 2, 3, 4, 5]
    assert list(table.hands.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert [h.pk for h in table.hands.order_by("number")] == [hands[k].pk for k in (0, 2, 4, 5, 6)]
    with pytest.raises(Stale):  # a page that still shows the old version
        again.delete_hand(hands[2].pk, hands[2].version - 1)


@pytest.mark.django_db
@pytest.mark.parametrize("what", ["edit", "delete"])
def test_under_htmx_an_early_write_answers_a_board_that_says_the_rest_is_being_placed(what):
    """The answer shows no total of a hand not placed yet: it says the later hands are being
    updated and asks for the board, which (placed after the answer) is the game replayed."""
    table = Table.objects.create(variant="shanghai", players=PLAYERS)
    first = table.add_hand(lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=0, self_drawn=True, total=10)))
    for _ in range(4):
        table.add_hand(game.drawn)
    client = Client(headers={"HX-Request": "true"})
    once = {"once": "5e2a39a8-8d0c-4c5e-9d4e-6f7f6b4d1c21"}
    if what == "edit":
        response = client.post(reverse("table-hand", args=[table.edit_token, first.pk]), {
            "winner": 1, "source": "self", "total": 10, "version": first.version, **once})
    else:
        response = client.post(reverse("table-hand-delete", args=[table.edit_token, first.pk]),
                               {"confirm": "1", "version": first.version, **once})
    text = response.content.decode()
    assert response.status_code == 200 and response["HX-Retarget"] == "#board"
    assert "The later hands are being updated" in text
    assert "hx-trigger=\"load\"" in text and "data-total" not in text
    board = client.get(reverse("table-edit", args=[table.edit_token]), {"notice": "saved"})
    assert "data-total" in board.content.decode()
    placed = Table.objects.get(pk=table.pk)
    assert placed.stale_from is None
    assert read(placed)[0] == [(n, p, t) for n, p, t in replayed(placed)[0]]


@pytest.mark.django_db
def test_placing_through_a_hand_stops_after_it(monkeypatch):
    """An edit page of hand 3 after hand 1 was deleted: the hands up to it are placed, the
    rest stays for later."""
    monkeypatch.setattr(models, "PLACE_BATCH", 2)
    monkeypatch.setattr(models, "PLACE_BATCH_ROW_LOCK", 2)
    table = Table.objects.create(variant="shanghai", players=PLAYERS)
    hands = [table.add_hand(game.drawn) for _ in range(9)]
    table.delete_hand(hands[0].pk, hands[0].version)
    stale = Table.objects.get(pk=table.pk)
    stale.place(through=3)
    assert 3 < stale.stale_from < 9
    assert list(table.hands.values_list("number", flat=True)[:3]) == [1, 2, 3]
    client = Client()
    page = client.get(reverse("table-hand", args=[table.edit_token, hands[8].pk]))
    assert page.status_code == 200
    assert Table.objects.get(pk=table.pk).stale_from is None  # hand 9, now 8, was the last


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["table-edit", "table-view"])
def test_a_board_read_while_its_hands_are_being_placed_waits_under_htmx(page):
    """Someone places the later hands (an edit just marked them): the board under htmx says so
    and asks again later; the whole page (no JavaScript) places them itself and shows them."""
    table = Table.objects.create(variant="shanghai", players=PLAYERS)
    first = table.add_hand(lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=0, self_drawn=True, total=10)))
    for _ in range(4):
        table.add_hand(game.drawn)
    table.replace_hand(first.pk, first.version, lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=1, self_drawn=True, total=10)))
    models._UNPLACED.tables = set()  # placed elsewhere (another worker's thread), not here
    token = table.edit_token if page == "table-edit" else table.view_token
    url = reverse(page, args=[token])
    waiting = Client(headers={"HX-Request": "true"}).get(url).content.decode()
    assert "The later hands are being updated" in waiting and "data-total" not in waiting
    assert 'hx-trigger="load delay:500ms"' in waiting and f'hx-get="{url}"' in waiting
    assert Table.objects.get(pk=table.pk).stale_from == 2  # not placed by that reader
    whole = Client().get(url).content.decode()
    assert 'data-total="30"' in whole  # Bob's 30 after hand 1 and four drawn hands
    assert Table.objects.get(pk=table.pk).stale_from is None
    # Left out of date by a placer that stopped (a worker restarted) long enough ago: the
    # reader under htmx places them itself.
    Table.objects.filter(pk=table.pk).update(stale_from=2, placing_seen=None)
    again = Client(headers={"HX-Request": "true"}).get(url).content.decode()
    assert 'data-total="30"' in again and "being updated" not in again


@pytest.mark.django_db
def test_the_placing_thread_waits_while_its_worker_answers_and_not_after():
    """The thread placing hands after an answer waits between batches while its process answers
    a request (one thread runs Python at a time: a save answered meanwhile would share the
    processor with it), and goes on once it is answered; answers of every kind (a page, a
    refused form, a 404) leave nothing for it to wait on."""
    table = Table.objects.create(variant="shanghai", players=PLAYERS)
    client = Client()
    # Counted against what the suite's earlier tests left (a response they never closed).
    before = models._ANSWERING.count
    client.get(reverse("table-edit", args=[table.edit_token]))
    client.post(reverse("table-win", args=[table.edit_token]), {"winner": "9"})
    client.get(reverse("table-edit", args=["x" * 24]))
    assert models._ANSWERING.count == before
    answering = models._Answering()
    answering.started()
    waited = threading.Thread(target=answering.idle, args=(60,))
    waited.start()
    waited.join(0.2)
    assert waited.is_alive()  # a request being answered here
    answering.finished()
    waited.join(10)
    assert not waited.is_alive()
