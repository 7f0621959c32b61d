"""American (rules-american.md): the jokerless bonus only on lines that could hold a joker, the
alias F refused in an American hand, and the false win, settled through the settle door and
recorded at a table as a hand of its own."""

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from jsonschema import Draft202012Validator

from scoring.engine import api, score
from scoring.engine.variants.american import demo_card
from scoring.tables.models import Table, TableHand
from tests.helpers import post, run_command

ROOT = Path(__file__).resolve().parent.parent
HTMX = {"HTTP_HX_REQUEST": "true"}


def american(hand, rules=None, **context):
    return score({"variant": "american", "hand": hand, "context": context, "rules": rules or {}})


def settle(events, **rules):
    return api.settle({"variant": "american", "rules": rules, "events": events})


def false_win(seat, discarder=None, self_drawn=False):
    event = {"type": "false_win", "seat": seat, "self_drawn": self_drawn}
    if discarder is not None:
        event["discarder"] = discarder
    return event


def net(e=0, s=0, w=0, n=0):
    return {"E": e, "S": s, "W": w, "N": n}


# 1. The jokerless bonus: only a line that could hold a joker ------------------------------------
# A group of one symbol three or more long is the only kind that takes jokers ("The card file").

@pytest.mark.parametrize("line, takes", [
    ("yr1", True),   # 2026a 2222b 000 666c: a mixed run, and sets
    ("yr2", False),  # FF 2026a 2026b NN SS: pairs and mixed runs
    ("ev1", True),
    ("ev3", False),  # 22a 44a 66a 88a 22b 44b 00: pairs
    ("od3", False),  # 13579a 13579b NN SS
    ("cr3", False),  # 12345a 12345b 66c 77c
    ("wd3", True),   # NEWS DDDa DDDb DDDDc: NEWS takes none, the dragons do
    ("sp1", False),
])
def test_a_line_takes_jokers_when_it_has_a_pung_or_bigger_set(line, takes):
    found = {ln.id: ln for ln in demo_card().lines}[line]
    assert found.takes_jokers is takes


@pytest.mark.parametrize("hand, line, value", [
    # yr2 FF 2026a 2026b NN SS, a=m, b=p: 30, and 30 without a joker.
    ("1f2f 226m5z 226p5z NNSS", "yr2", 30),
    # ev3 22a 44a 66a 88a 22b 44b 00: 35.
    ("22446688m 2244p 55z", "ev3", 35),
    # od3 13579a 13579b NN SS: 35.
    ("13579m 13579p NNSS", "od3", 35),
], ids=["yr2", "ev3", "od3"])
def test_a_jokerless_hand_on_a_line_of_pairs_pays_its_plain_value(hand, line, value):
    result = american(hand, discarder="N")
    assert result["ok"] is True, result
    assert (result["patterns"][0]["id"], result["jokers"]) == (line, 0)
    assert (result["total"], result["points"]) == (value, value)
    assert result["patterns"][0]["jokerless_bonus"] is False
    # Won by E on N's discard: N pays 2 x points, S and W points.
    assert result["payments"]["net"] == net(4 * value, -value, -value, -2 * value)


@pytest.mark.parametrize("hand, line, value", [
    # ev1 2222a 44a 666b 88b DDDb: 25, jokerless x 2 = 50.
    ("2222m 44m 666p 88p 555z", "ev1", 25),
    # yr1 2026a 2222b 000 666c: a mixed run beside its sets; 25 x 2 = 50.
    ("226m5z 2222p 555z 666s", "yr1", 25),
], ids=["ev1", "yr1"])
def test_a_jokerless_hand_on_a_line_with_pungs_doubles(hand, line, value):
    result = american(hand)
    assert (result["patterns"][0]["id"], result["total"], result["points"]) == (
        line, value, 2 * value)
    assert result["patterns"][0]["jokerless_bonus"] is True


def test_the_catalogue_says_which_lines_take_no_joker():
    lines = {p["id"]: p for v in api.catalog()["variants"] if v["id"] == "american"
             for p in v["patterns"]}
    assert "takes no joker, no jokerless bonus" in lines["yr2"]["definition"]
    assert "singles and pairs, no jokerless bonus" in lines["sp1"]["definition"]
    assert "jokerless" not in lines["ev1"]["definition"]


# 2. F in an American hand ---------------------------------------------------------------------

@pytest.mark.parametrize("hand, position", [
    ("FF 226m5z 226p5z NNSS", 1),  # yr2 copied from the card: FF meant two flowers
    ("2222m 44m 66s [FFF] 88s 666z", 16),
    ("222m 44m 66s 88s 2222s FFF", 24),
], ids=["flowers-meant", "exposed", "concealed"])
def test_an_american_hand_refuses_the_alias_F_and_says_how_to_write_each(hand, position):
    result = american(hand)
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_notation"
    message = result["error"]["message"]
    assert message.startswith("In “F")
    assert "green dragon 6z" in message and "a flower 1f to 8f" in message


def test_the_same_hands_written_with_6z_and_flowers_score():
    assert american("1f2f 226m5z 226p5z NNSS")["patterns"][0]["id"] == "yr2"
    assert american("2222m 44m 66s [666z] 88s")["ok"] is False  # 13 tiles: counted, not refused
    assert american("2222m 44m 66sJ 88s [666z]")["patterns"][0]["id"] == "ev1"


def test_a_notation_fault_before_the_F_is_named_first():
    result = american("FF 226x")
    assert result["error"]["code"] == "bad_notation"
    assert "In “FF" not in result["error"]["message"]


@pytest.mark.parametrize("variant, hand, canonical", [
    ("shanghai", "234m 567p 22s [FFF] [789p] +2s", "234m567p22s [666z] [789p] +2s"),
    ("hongkong", "234m 567p 22s FFF 789p", "234m567789p22s666z +9p"),
])
def test_the_other_variants_keep_F_as_the_green_dragon(variant, hand, canonical):
    result = score({"variant": variant, "hand": hand})
    assert result["ok"] is True, result
    assert result["hand"] == canonical


def run_door(command, request):
    """`python manage.py COMMAND --json -` in a process of its own: (exit code, result)."""
    done = subprocess.run([sys.executable, "manage.py", command, "--json", "-"], cwd=ROOT,
                          input=json.dumps(request), capture_output=True, text=True, timeout=60)
    return done.returncode, json.loads(done.stdout)


def test_the_score_command_refuses_F_in_american_and_takes_it_in_shanghai():
    code, result = run_door("score", {"variant": "american", "hand": "FF 226m5z 226p5z NNSS"})
    assert code == 2 and result["error"]["code"] == "bad_notation"
    assert "6z" in result["error"]["message"] and "1f" in result["error"]["message"]
    code, result = run_door("score", {"variant": "shanghai",
                                      "hand": "234m 567p 22s [FFF] [789p] +2s"})
    assert code == 0 and result["hand"] == "234m567p22s [666z] [789p] +2s"


# 3. The false win, through the settle door -----------------------------------------------------

def test_a_false_win_on_a_discard_pays_the_discarder_the_highest_line_and_the_others_half():
    result = settle([false_win("S", "E")])
    assert result == {"ok": True, "net": net(50, -100, 25, 25), "ledger": [{
        "event": 0,
        "what": "S declared a false win on E's discard: E is paid 50, the card's highest line "
                "(sp1), the others 25 each",
        "transfers": [{"from": "S", "to": "E", "amount": 50},
                      {"from": "S", "to": "W", "amount": 25},
                      {"from": "S", "to": "N", "amount": 25}]}]}


def test_a_false_win_on_a_self_drawn_tile_pays_every_other_player_the_highest_line():
    result = settle([false_win("W", self_drawn=True)])
    assert result["net"] == net(50, 50, -150, 50)
    assert result["ledger"][0]["what"] == ("W declared a false win on a self-drawn tile: E, S and "
                                           "N are paid 50 each, the card's highest line (sp1)")


def test_the_highest_line_of_the_demo_card_is_its_top_value():
    assert max(line.value for line in demo_card().lines) == 50


def test_a_pasted_card_pays_its_own_highest_line_and_halves_may_be_fractions():
    card = "[W]\nw1 25 X : NNNN EEE WWW SSSS\nw2 35 X : NNN EEEE WWW SSSS\n"
    result = settle([false_win("N", "W")], card=card)
    assert result["net"] == net(17.5, 17.5, 35, -70)
    assert "W is paid 35, the card's highest line (w2), the others 17.5 each" in (
        result["ledger"][0]["what"])


@pytest.mark.parametrize("rules, value, named", [
    ({}, 100, "the temporary table's jackpot"),
    ({"jackpot": 150}, 150, "the temporary table's jackpot"),
    # A jackpot below a plain self-drawn hand (25 + 20): the false win pays that hand's worth.
    ({"jackpot": 40}, 45, "a self-drawn hand on the temporary table"),
])
def test_the_temporary_table_pays_the_most_a_hand_is_worth_there(rules, value, named):
    result = settle([false_win("E", "N")], card="temporary", **rules)
    assert result["net"] == net(-2 * value, value / 2, value / 2, value)
    assert named in result["ledger"][0]["what"]


def test_the_discarder_defaults_to_the_upper_house_as_for_a_win():
    # S's upper house is E (contract §2, `discarder`).
    assert settle([{"type": "false_win", "seat": "S"}])["net"] == net(50, -100, 25, 25)


def test_several_false_wins_are_one_entry_each_and_the_net_sums_to_zero():
    result = settle([false_win("S", "E"), false_win("E", self_drawn=True)])
    assert [entry["event"] for entry in result["ledger"]] == [0, 1]
    assert result["net"] == net(-100, -50, 75, 75)
    assert sum(result["net"].values()) == 0


@pytest.mark.parametrize("event, says", [
    ({"type": "false_win", "seat": "X"}, "seat must be a seat: E, S, W or N (got 'X')"),
    ({"type": "false_win", "seat": "S", "discarder": "Q"}, "discarder must be a seat"),
    (false_win("S", "S"), "the discarder cannot be the player who declared the win"),
    ({"type": "win", "seat": "S"}, "unknown event type 'win'; American settles false_win"),
    ({"type": "false_win", "seat": "S", "self_drawn": "yes"}, "self_drawn must be true or false"),
    ({"type": "false_win", "seat": "S", "hand": "11m"}, "a false_win event has no field 'hand'"),
    ([1], "an event must be an object"),
], ids=["unknown_seat", "unknown_discarder", "own_discard", "other_type", "bad_flag",
        "unknown_field", "not_an_object"])
def test_an_event_that_cannot_be_is_bad_event_naming_its_index(event, says):
    result = settle([false_win("S", "E"), event])
    assert result["ok"] is False
    error = result["error"]
    assert (error["code"], error["event"]) == ("bad_event", 1)
    assert error["message"].startswith("Event 1") and says in error["message"]


def test_the_card_and_the_events_are_checked_outside_the_events_too():
    assert settle(None)["error"]["code"] == "bad_request"
    assert settle([false_win("S", "E")], card="x : y\n")["error"]["code"] == "bad_card"
    assert settle([], bonus=1)["error"]["code"] == "unknown_rule"


@pytest.mark.parametrize("variant", ["shanghai", "hongkong"])
def test_variants_that_settle_each_hand_on_its_own_still_refuse_the_settle_door(variant):
    result = api.settle({"variant": variant, "events": [false_win("S", "E")]})
    assert result["error"]["code"] == "unknown_variant"
    assert "settles each hand on its own" in result["error"]["message"]


def test_the_api_settles_a_false_win_in_the_contract_shape():
    client = Client()
    body = {"variant": "american", "rules": {"card": "demo"}, "events": [false_win("S", "E")]}
    response = post(client, "/api/settle", body)
    assert response.status_code == 200
    assert response.json()["net"] == net(50, -100, 25, 25)
    document = client.get("/api/openapi.json").json()
    schema = {**document, "$ref": "#/components/schemas/SettleResult"}
    Draft202012Validator(schema).validate(response.json())
    request_schema = document["components"]["schemas"]["SettleRequest"]
    assert "false_win" in request_schema["properties"]["events"]["items"]["properties"]["type"][
        "enum"]
    bad = post(client, "/api/settle", {"variant": "american", "events": [false_win("S", "S")]})
    assert bad.status_code == 400 and bad.json()["error"]["event"] == 0


def test_the_settle_command_settles_a_false_win():
    code, out, _err = run_command("settle", "--json", "-", stdin=json.dumps(
        {"variant": "american", "events": [false_win("S", self_drawn=True)]}))
    assert code == 0 and json.loads(out)["net"] == net(50, -150, 50, 50)
    code, result = run_door("settle", {"variant": "american", "events": [false_win("S", "E")]})
    assert code == 0 and result["ledger"][0]["what"].startswith("S declared a false win on E's")
    code, result = run_door("settle", {"variant": "american", "events": [{"type": "kong"}]})
    assert code == 2 and result["error"]["code"] == "bad_event"


# 3. The false win at a table ------------------------------------------------------------------

def edit_url(name, table, *args):
    return reverse(name, args=[table.edit_token, *args])


def declare(client, table, declarer, source, **extra):
    return client.post(edit_url("table-false-win", table),
                       {"false-declarer": declarer, "false-source": source}, **extra)


def totals(table):
    return [str(x) for x in table.totals()]


@pytest.fixture
def table(db):
    return Table.objects.create(name="Thursday", variant="american", rules={"card": "demo"},
                                players=["Ann", "Bob", "Cy", "Di"])


def test_a_table_records_a_false_win_as_a_hand_without_a_winner(client, table):
    # Hand 1: Ann deals (E), Bob is S. Bob declares on Ann's discard: he pays Ann 50 (the demo
    # card's highest line), Cy and Di 25 each.
    response = declare(client, table, 1, 0)
    assert response.status_code == 302
    hand = TableHand.objects.get()
    assert (hand.kind, hand.winner, hand.discarder, hand.self_drawn) == ("false_win", None, 0,
                                                                         False)
    assert hand.detail["declarer"] == 1 and hand.detail["unit"] == "points"
    assert totals(table) == ["50", "-100", "25", "25"]


def test_running_totals_over_false_wins_and_a_win(client, table):
    declare(client, table, 1, 0)  # Ann +50, Bob -100, Cy +25, Di +25
    # Hand 2: Bob deals (E), Cy S, Di W, Ann N. Di wins 30 points self-drawn: each pays 60.
    client.post(edit_url("table-win", table), {"winner": 3, "source": "self", "total": 30})
    assert totals(table) == ["-10", "-160", "-35", "205"]
    # Hand 3: Cy deals. Cy declares on a self-drawn tile: Cy pays each other player 50.
    declare(client, table, 2, "self")
    assert totals(table) == ["40", "-110", "-185", "255"]
    page = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    page = html.unescape(page)
    assert 'data-kind="false_win"' in page
    assert "declared a false win on Ann's discard, and pays" in page
    assert "declared a false win on a self-drawn tile, and pays" in page
    assert "the others 25 each" in page and "(sp1)" in page
    assert 'data-total="255"' in page
    csv = client.get(reverse("table-csv", args=[table.view_token])).content.decode()
    lines = csv.splitlines()
    assert lines[0].startswith("hand,round,dealer,kind,winner,discarder,self_drawn,total,"
                               "declarer,Ann change,")
    assert lines[1] == "1,E,Ann,false_win,,Ann,,,Bob,50,-100,25,25,50,-100,25,25"
    assert lines[3] == "3,E,Cy,false_win,,,yes,,Cy,50,50,-150,50,40,-110,-185,255"


def test_the_false_win_form_is_on_an_american_board_only(client, table):
    page = client.get(edit_url("table-edit", table)).content.decode()
    assert edit_url("table-false-win", table) in page and 'name="false-declarer"' in page
    other = Table.objects.create(variant="shanghai", players=["Ann", "Bob", "Cy", "Di"])
    page = client.get(edit_url("table-edit", other)).content.decode()
    assert "table-false-win" not in page and 'name="false-declarer"' not in page
    assert declare(client, other, 1, 0).status_code == 404
    assert not TableHand.objects.exists()


def test_under_htmx_the_false_win_answers_with_its_row_and_the_totals(client, table):
    # A save under htmx sends what changed (the new row, the totals), not the whole board.
    response = declare(client, table, 1, "self", **HTMX)
    text = response.content.decode()
    assert response.status_code == 200 and 'hx-swap-oob' in text
    assert 'data-total="50"' in text and 'data-total="-150"' in text


def test_a_false_win_on_ones_own_discard_is_a_form_error_and_nothing_is_saved(client, table):
    response = declare(client, table, 1, 1, **HTMX)
    assert response.status_code == 200
    assert "cannot have discarded the tile" in response.content.decode()
    assert not TableHand.objects.exists()


def test_the_temporary_table_pays_its_jackpot(client, db):
    table = Table.objects.create(variant="american", players=["Ann", "Bob", "Cy", "Di"],
                                 rules={"card": "temporary", "jackpot": 100, "base_value": 25,
                                        "self_drawn_bonus": 20, "jokerless_bonus": True})
    declare(client, table, 2, 1)  # Cy (W) on Bob's discard: Bob 100, Ann and Di 50
    assert totals(table) == ["50", "100", "-200", "50"]


def test_at_three_players_nobody_sits_north_to_be_paid(client, db):
    table = Table.objects.create(variant="american", players=["Ann", "Bob", "Cy"],
                                 rules={"card": "demo"})
    declare(client, table, 1, 0)
    assert totals(table) == ["50", "-75", "25"]


def test_the_false_win_can_be_undone_and_its_edit_page_says_what_it_is(client, table):
    declare(client, table, 1, 0)
    hand = TableHand.objects.get()
    page = client.get(edit_url("table-hand", table, hand.pk)).content.decode()
    assert "A false win declared by Bob" in page
    client.post(edit_url("table-hand-delete", table, hand.pk), {"version": hand.version,
                                                                "confirm": 1})
    assert not TableHand.objects.exists() and totals(table) == ["0", "0", "0", "0"]
