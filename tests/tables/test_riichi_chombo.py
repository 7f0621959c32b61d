"""Chombo at a Riichi table (docs/rules-riichi.md, "Chombo"): a false win, or riichi on a hand
not ready, recorded as a hand with no win; its cost is the house option `chombo`: "mangan" (the
default, EMA Riichi Competition Rules 2008 §3.4.6: a mangan self-drawn paid in reverse) or
"deduction" (EMA 2016, WRC: 20,000 points off the final score, after the uma). The hand is
replayed: the same dealer, the same honba, the riichi sticks declared in it back to their
players (the sticks already on the table stay).

Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North; A deals first. Worked by
hand: a mangan self-drawn is 2,000 basic points; a non-dealer would be paid 2 x 2,000 = 4,000 by
the dealer and 2,000 by each other, 8,000 in all; the dealer 2 x 2,000 = 4,000 by each, 12,000.
A chombo pays those amounts the other way, without honba."""

import json
import subprocess
import sys

import pytest
from django.urls import reverse

from scoring.engine import api
from scoring.engine.errors import HandError
from scoring.tables.game import (
    FalseWinEntry,
    Position,
    WinEntry,
    advance,
    net_of,
    outcome_of,
    record,
)
from scoring.tables.models import Table
from scoring.tables.pending import pending_hands, table_state

A, B, C, D = range(4)
NAMES = ["Ann", "Bob", "Cy", "Di"]
DEDUCTION = {"chombo": "deduction"}


def net(entry, position=None, rules=None):
    return [int(x) for x in net_of(record("riichi", rules or {}, position or Position(), entry,
                                          NAMES)
                                   .transfers, 4)]


# The money ------------------------------------------------------------------------------------

def test_a_non_dealers_chombo_pays_a_mangan_in_reverse():
    """B (South): 4,000 to A, the dealer, 2,000 to C and to D: -8,000."""
    assert net(FalseWinEntry(declarer=B)) == [4000, -8000, 2000, 2000]
    assert net(FalseWinEntry(declarer=D, reason="noten_riichi")) == [4000, 2000, 2000, -8000]


def test_the_dealers_chombo_pays_4000_to_each():
    assert net(FalseWinEntry(declarer=A)) == [-12000, 4000, 4000, 4000]


def test_the_honba_do_not_change_a_chombo():
    """2 honba and 1 stick on the table: the same 8,000 (a mangan without honba)."""
    position = Position(honba=2, riichi_sticks=1)
    assert net(FalseWinEntry(declarer=C), position) == [4000, 2000, -8000, 2000]


def test_who_deals_is_read_from_the_position():
    """Later in the East round C deals (chair 2): B's chombo pays C 4,000, A and D 2,000."""
    position = Position(deal=2, dealer_chair=2)
    assert net(FalseWinEntry(declarer=B), position) == [2000, -8000, 4000, 2000]


def test_the_deduction_moves_no_points_at_the_table():
    recorded = record("riichi", DEDUCTION, Position(), FalseWinEntry(declarer=B), NAMES)
    assert recorded.transfers == []
    assert recorded.detail["deducted"] == 20000 and recorded.detail["payment"] == "deduction"
    assert recorded.kind == "false_win" and recorded.winner is None


# The hand is replayed ---------------------------------------------------------------------------

def test_the_hand_is_replayed_with_the_same_dealer_and_honba():
    """B dealing (chair 1), 2 honba, 3 sticks on the table: after C's chombo, B still deals, 2
    honba, 3 sticks; only the line's number moves."""
    before = Position(number=7, deal=1, dealer_chair=1, honba=2, riichi_sticks=3)
    recorded = record("riichi", {}, before, FalseWinEntry(declarer=C), NAMES)
    after = advance("riichi", before, outcome_of(recorded.winner, recorded.detail))
    assert after == Position(number=8, deal=1, dealer_chair=1, honba=2, riichi_sticks=3)


def test_a_chombo_is_not_one_of_the_east_rounds_hands():
    """Four non-dealer wins pass the deal four times: the East round is over. A chombo between
    them changes nothing: the same four wins end it."""
    position = Position()
    for hand in (WinEntry(winner=B, discarder=C, total=1, fu=30),
                 FalseWinEntry(declarer=D),
                 WinEntry(winner=C, discarder=D, total=1, fu=30)):
        recorded = record("riichi", {}, position, hand, NAMES)
        position = advance("riichi", position, outcome_of(recorded.winner, recorded.detail))
    assert position.dealer_chair == 2 and position.deal == 2 and position.number == 4


def test_a_chombo_by_a_player_not_seated_is_refused():
    with pytest.raises(HandError):
        record("riichi", {}, Position(), FalseWinEntry(declarer=7), NAMES)


# Through the table's pages ----------------------------------------------------------------------

def open_table(client, **fields):
    response = client.post(reverse("table-new"), {
        "variant": "riichi", "name": "Club", **{f"player{i}": n for i, n in enumerate(NAMES)},
        **fields})
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


def chombo(client, table, who, reason="false_win"):
    return client.post(reverse("table-false-win", args=[table.edit_token]),
                       {"false-declarer": who, "false-reason": reason})


@pytest.mark.django_db
def test_a_chombo_through_the_table_mangan(client):
    """A draw with B in riichi and ready (B +3,000 from the other three, 1 honba, B's stick on
    the table; A not ready passes the deal to B); then C's chombo: 4,000 to B, the dealer, 2,000
    to A and D; B still deals, 1 honba, 1 stick."""
    table = open_table(client)
    edit = reverse("table-edit", args=[table.edit_token])
    page = client.get(edit).content.decode()
    assert "Chombo by" in page and "Record the chombo" in page
    client.post(reverse("table-draw", args=[table.edit_token]),
                {"draw-ready": [B], "draw-riichi": [B]})
    response = chombo(client, table, C)
    assert response.status_code == 302
    assert [int(x) for x in table.totals()] == [-1000 + 2000, 3000 - 1000 + 4000,
                                                -1000 - 8000, -1000 + 2000]
    position = table.position()
    assert (position.dealer, position.honba, position.riichi_sticks) == (B, 1, 1)
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "chombo: a false win." in view
    assert "The hand is replayed: the same dealer, the same honba" in view
    hand = table.hands.last()
    assert hand.detail["chombo"] == "false_win"
    edit_page = client.get(reverse("table-hand", args=[table.edit_token, hand.pk])).content
    assert "A chombo by Cy. Saving here makes it a win or a drawn hand" in edit_page.decode()


@pytest.mark.django_db
def test_a_chombo_through_the_table_deduction(client):
    """With the deduction: nothing moves at the table; the settle-up takes 20 off D's score
    after the uma. All at 25,000: ranks A, B, C, D by seat; scores (25,000 - 30,000) / 1,000 =
    -5, with the uma +20, +10, -10, -20 and the oka +20 to A: +35, +5, -15, -25; D's -25 - 20 =
    -45."""
    table = open_table(client, **{"riichi-chombo": "deduction"})
    assert table.rules["chombo"] == "deduction"
    chombo(client, table, D, "noten_riichi")
    assert [int(x) for x in table.totals()] == [0, 0, 0, 0]
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "chombo: riichi on a hand not ready." in view
    assert "20000 points off the final score, after the uma." in view
    settle = client.get(reverse("table-settle", args=[table.view_token])).content.decode()
    assert "Di's score is 20 less for chombo, taken off after the uma." in settle
    from scoring.tables.services import settlement
    scores = [float(row["score"]) for _name, row in settlement(table)["standings"]]
    assert scores == [35, 5, -15, -45]
    assert table.deducted() == [0, 0, 0, 20000]


@pytest.mark.django_db
def test_the_chombo_form_refuses_a_reason_it_does_not_know(client):
    table = open_table(client)
    response = chombo(client, table, B, "cheating")
    assert response.status_code == 200 and not table.hands.exists()
    assert "Select a valid choice" in response.content.decode()


@pytest.mark.django_db
def test_a_chombo_kept_offline_is_worked_out_as_the_server_does(client):
    table = open_table(client)
    state = table_state("riichi", table.rules, NAMES, table.position(), table.totals(),
                        options=table.table_options())
    rows = pending_hands({**state, "hands": [
        {"form": "false-win",
         "pairs": [["false-declarer", "1"], ["false-reason", "noten_riichi"]]}]})
    assert rows[0]["ok"] and rows[0]["net"] == ["4000", "-8000", "2000", "2000"]
    chombo(client, table, B, "noten_riichi")
    assert [game_total for game_total in table.totals()] == [4000, -8000, 2000, 2000]


# Through the doors: the API and the command line --------------------------------------------

MANGAN_EVENTS = {"variant": "riichi", "events": [{"type": "chombo", "seat": "S"},
                                                 {"type": "chombo", "seat": "E",
                                                  "reason": "noten_riichi"}]}


def test_settle_pays_a_chombo_event_as_the_house_option_says():
    """S's chombo (-8,000: E +4,000, W and N +2,000), then E's (-12,000: +4,000 to each): E
    -8,000, S -4,000, W and N +6,000."""
    result = api.settle(MANGAN_EVENTS)
    assert result["ok"] and result["net"] == {"E": -8000, "S": -4000, "W": 6000, "N": 6000}
    assert result["ledger"][0]["what"] == "S: chombo (a false win): pays a mangan, 8000 in all"
    assert "deducted" not in result
    deducted = api.settle({**MANGAN_EVENTS, "rules": DEDUCTION})
    assert deducted["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert deducted["deducted"] == {"E": 20000, "S": 20000, "W": 0, "N": 0}
    assert deducted["ledger"][1]["deducted"] == {"seat": "E", "points": 20000}


@pytest.mark.parametrize("event, words", [
    ({"type": "kong", "seat": "S"}, "Riichi settles chombo and win events"),
    ({"type": "win", "seat": "S"}, "a win on a discard names its discarder"),
    ({"type": "chombo", "seat": "X"}, "seat must be a seat"),
    ({"type": "chombo", "seat": "S", "reason": "late"}, "reason must be one of"),
    ({"type": "chombo", "seat": "S", "amount": 1}, "a chombo event has no field amount"),
])
def test_settle_refuses_a_chombo_event_it_cannot_read(event, words):
    result = api.settle({"variant": "riichi", "events": [{"type": "chombo", "seat": "N"}, event]})
    assert not result["ok"] and result["error"]["code"] == "bad_event"
    assert result["error"]["event"] == 1 and words in result["error"]["message"]


def test_settle_refuses_a_chombo_option_it_does_not_know():
    result = api.settle({**MANGAN_EVENTS, "rules": {"chombo": "double"}})
    assert not result["ok"] and result["error"]["code"] == "bad_context"


@pytest.mark.django_db
def test_the_api_settles_a_chombo(client):
    for rules, net_s in (({}, -4000), (DEDUCTION, 0)):
        response = client.post("/api/settle", {**MANGAN_EVENTS, "rules": rules},
                               content_type="application/json")
        assert response.status_code == 200 and response.json()["net"]["S"] == net_s
    response = client.post("/api/settle", {"variant": "riichi", "events": [{"type": "kong"}]},
                           content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_event"


def run(command, request):
    done = subprocess.run([sys.executable, "manage.py", command, "--json", "-"],
                          input=json.dumps(request), capture_output=True, text=True, timeout=60)
    return done.returncode, json.loads(done.stdout)


def test_settle_json_stdin_both_ways():
    code, result = run("settle", MANGAN_EVENTS)
    assert code == 0 and result["net"]["E"] == -8000
    code, result = run("settle", {**MANGAN_EVENTS, "rules": DEDUCTION})
    assert code == 0 and result["deducted"]["S"] == 20000 and result["net"]["S"] == 0


def test_score_json_stdin_takes_the_option_and_pays_the_hand_the_same():
    """The option is the game's, not the hand's: pinfu tsumo 234m 567p 345s 567s 88p, won on
    the 5s, pays the same either way."""
    hand = {"variant": "riichi", "hand": "234m567p345s88p567s+5s",
            "context": {"self_drawn": True, "seat_wind": "S"}}
    code, mangan = run("score", hand)
    code2, deducted = run("score", {**hand, "rules": DEDUCTION})
    assert code == code2 == 0 and mangan["payments"] == deducted["payments"]
    assert deducted["rules"]["chombo"] == "deduction" and mangan["rules"]["chombo"] == "mangan"
