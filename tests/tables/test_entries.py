"""What a form hands over is one frozen value with named fields (game.WinEntry, DealEntry...):
`game.record` writes any of them up at the position the hand is written at, and the deal page's
forms refuse a deal with no event in their own words."""

import dataclasses

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.game import DealEntry, DrawEntry, FalseWinEntry, WinEntry, net_of
from scoring.tables.models import Table

A, B, C, D = range(4)


@pytest.mark.parametrize("entry", [
    WinEntry(winner=B, discarder=A, total=8), DrawEntry(ready=(A,)),
    FalseWinEntry(declarer=B, self_drawn=True), DealEntry(events=()),
    game.DiscardWinsEntry(wins=((B, 1),), discarder=A)], ids=lambda e: type(e).__name__)
def test_an_entry_is_frozen_and_named(entry):
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.discarder = C
    with pytest.raises(TypeError):
        type(entry)(*dataclasses.astuple(entry))  # keyword-only: no field by its place


def test_a_deal_names_players_and_is_played_at_the_seats_of_its_position():
    # After Bob won the first deal, Bob deals: Bob East, Cy South, Di West, Ann North. Di (W)
    # declares a concealed kong: 2 from each other player. Ann (N) wins 1 fan (2 points) on Cy's
    # (S) discard. Ann -2 + 2, Bob -2, Cy -2 - 2, Di +6.
    position = game.positions("sichuan", 4, [B])[1]
    entry = DealEntry(events=({"type": "kong", "seat": D, "kind": "concealed"},
                              {"type": "win", "seat": A, "self_drawn": False, "fans": 1,
                               "discarder": C}))
    recorded = game.record("sichuan", {}, position, entry)
    assert [e["seat"] for e in recorded.detail["events"]] == ["W", "N"]
    assert recorded.detail["events"][1]["discarder"] == "S"
    assert (recorded.winner, recorded.discarder) == (A, C)
    assert net_of(recorded.transfers, 4) == [0, -2, -4, 6]


def test_the_walls_end_names_its_hands_by_seat():
    position = game.positions("sichuan", 4, [B])[1]
    wall = {"type": "wall_end", "hands": {A: "123456789m1234p"}, "void": {A: "s"}}
    (event,) = game.deal_events(position, DealEntry(events=(wall,)))
    assert event == {"type": "wall_end", "hands": {"N": "123456789m1234p"}, "void": {"N": "s"}}


def test_record_refuses_what_is_not_an_entry():
    with pytest.raises(TypeError):
        game.record("shanghai", {}, game.start(4), {"winner": B})


@pytest.mark.django_db
def test_a_deal_with_no_event_is_refused_by_the_form(client):
    table = Table.objects.create(variant="sichuan", players=["Ann", "Bob", "Cy", "Di"])
    response = client.post(reverse("table-deal", args=[table.edit_token]),
                           {"ev-TOTAL_FORMS": 2, "ev-INITIAL_FORMS": 0})
    assert response.status_code == 200
    assert '<p class="error" role="alert">Enter at least one event.</p>' in \
        response.content.decode()
    assert not table.hands.exists()


@pytest.mark.django_db
def test_an_event_without_its_player_is_the_forms_error_not_a_crash(client):
    table = Table.objects.create(variant="sichuan", players=["Ann", "Bob", "Cy", "Di"])
    response = client.post(reverse("table-deal", args=[table.edit_token]),
                           {"ev-TOTAL_FORMS": 1, "ev-INITIAL_FORMS": 0, "ev-0-type": "kong"})
    assert response.status_code == 200
    assert '<span class="error">This field is required.</span>' in response.content.decode()
    assert not table.hands.exists()
