"""A hand recorded offline is worked out on the phone by scoring/tables/pending.py (the pocket
engine runs it) before the server has it. These tests are its oracle: random games, each hand
posted to the server as a phone would post it, and the same pairs read by `pending_hands` from
where the board stood; both must take or refuse the same hands, and pending's running totals
must be the totals the server stores, hand after hand (riichi sticks, honba, dealers moving)."""

import random
import uuid

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table
from scoring.tables.pending import pending_hands, table_state

NAMES = ["Ann", "Bob", "Cy", "Di"]
HAN = [str(h) for h in range(1, 14)] + ["yakuman1", "yakuman2"]
FU = [20, 25, 30, 40, 50, 60, 70, 110]


def state(table):
    table.refresh_from_db()
    return table_state(table.variant, table.rules, table.players, table.position(),
                       table.totals(), dealer_keeps=table.dealer_keeps_deal_on_win,
                       options=table.table_options())


def riichi_hand(rng):
    if rng.random() < 0.25:
        ready = rng.sample(range(4), rng.randint(0, 4))
        riichi = [p for p in ready if rng.random() < 0.4] + [rng.randrange(4)] * (
            rng.random() < 0.1)  # now and then somebody in riichi not ticked ready: refused
        abortive = [("draw-abortive", rng.choice(list(game.ABORTIVE_DRAWS)))] * (
            rng.random() < 0.3)
        return "draw", [("draw-ready", p) for p in ready] * (not abortive or rng.random() < 0.3) + [
            ("draw-riichi", p) for p in riichi] + abortive
    winner = rng.randrange(4)
    source = rng.choice(["self"] + [p for p in range(4) if p != winner] + [winner])
    pairs = [("winner", winner), ("source", source), ("total", rng.choice(HAN)),
             ("fu", rng.choice(FU + [""]))]
    return "win", pairs + [("riichi", p) for p in rng.sample(range(4), rng.randint(0, 2))]


def riichi_hand_more(rng):
    """Riichi's entries beyond one win: double (and triple) ron, pao, nagashi mangan; now and
    then one the form refuses (the discarder or the winner again as the second winner, a
    second han with nobody named, pao on a double ron or on no yakuman)."""
    roll = rng.random()
    if roll < 0.3:
        ready = rng.sample(range(4), rng.randint(0, 4))
        nagashi = rng.sample(range(4), rng.choice([1, 1, 2]))
        abortive = [("draw-abortive", "four_winds")] * (rng.random() < 0.15)
        return "draw", [("draw-ready", p) for p in ready] + [
            ("draw-nagashi", p) for p in nagashi] + [
            ("draw-riichi", p) for p in ready if rng.random() < 0.3] + abortive
    winner = rng.randrange(4)
    discarder = rng.choice([p for p in range(4) if p != winner])
    pairs = [("winner", winner), ("riichi", rng.randrange(4))] * 1
    if roll < 0.7:  # several winners on the discard
        others = [p for p in range(4) if p not in (winner, discarder)]
        second = rng.choice(others + [discarder] * (rng.random() < 0.1)
                            + [winner] * (rng.random() < 0.1))
        pairs += [("source", discarder), ("total", rng.choice(HAN[:8])), ("fu", 30),
                  ("winner2", second), ("total2", rng.choice(HAN[:8] + ["yakuman1"])),
                  ("fu2", rng.choice([30, 40]))]
        third = [p for p in others if p != second]
        if third and rng.random() < 0.4:
            pairs += [("winner3", third[0]), ("total3", "2"), ("fu3", 40)]
        if rng.random() < 0.1:
            pairs += [("liable", discarder)]
        return "win", [(name, value) for name, value in pairs if name != "riichi" or
                       value in (winner, second)]
    source = rng.choice(["self", discarder])
    liable = rng.choice([p for p in range(4) if p != winner] + [winner] * (rng.random() < 0.1))
    total = "yakuman1" if rng.random() < 0.85 else "5"
    return "win", pairs + [("source", source), ("total", total), ("fu", ""),
                           ("liable", liable)] + [("winner2", "")] + [("total2", "3")] * (
        rng.random() < 0.05)


def shanghai_hand(rng):
    if rng.random() < 0.2:
        return "draw", []
    winner = rng.randrange(4)
    return "win", [("winner", winner), ("source", rng.choice(["self", (winner + 1) % 4])),
                   ("total", rng.choice([0, 3, 8, 20, 40, 120, 500]))]


def sichuan_hand(rng):
    if rng.random() < 0.3:
        seat, other = rng.sample(range(4), 2)
        events = [("ev-TOTAL_FORMS", 6), ("ev-INITIAL_FORMS", 0),
                  ("ev-0-type", "kong"), ("ev-0-seat", seat), ("ev-0-kind", "concealed"),
                  ("ev-1-type", "win"), ("ev-1-seat", other), ("ev-1-source", seat),
                  ("ev-1-fans", rng.randint(0, 5))]
        return "deal", events
    winners = rng.sample(range(4), rng.randint(1, 3))
    discarder = rng.choice([p for p in range(4) if p not in winners] or ["self"])
    source = "self" if len(winners) == 1 and rng.random() < 0.3 else discarder
    return "win", [("winners", w) for w in winners] + [("source", source)] + [
        (f"fans_{w}", rng.randint(0, 6)) for w in winners]


def mcr_hand(rng):
    roll = rng.random()
    if roll < 0.15:
        return "draw", []
    if roll < 0.35:
        declarer = rng.randrange(4)
        return "false-win", [("false-declarer", declarer),
                             ("false-source", rng.choice(["self", (declarer + 1) % 4]))]
    winner = rng.randrange(4)
    source = rng.choice(["self", (winner + 2) % 4, (winner + 2) % 4, winner])  # winner: refused
    return "win", [("winner", winner), ("source", source), ("total", rng.choice([8, 12, 24, 88]))]


URLS = {"win": "table-win", "draw": "table-draw", "deal": "table-deal",
        "false-win": "table-false-win"}


@pytest.mark.django_db
@pytest.mark.parametrize("variant, hands, seed, options, keeps", [
    ("riichi", riichi_hand, 1, {}, False), ("riichi", riichi_hand, 2, {}, False),
    ("riichi", riichi_hand, 3, {"east_only": True}, True),
    ("riichi", riichi_hand_more, 8, {}, False), ("riichi", riichi_hand_more, 9, {}, False),
    ("riichi", riichi_hand_more, 10, {"triple_ron": "paid"}, False),
    ("riichi", riichi_hand_more, 11, {"head_bump": True}, False),
    ("shanghai", shanghai_hand, 4, {}, False), ("sichuan", sichuan_hand, 5, {}, False),
    ("sichuan", sichuan_hand, 6, {}, False),
    ("mcr", mcr_hand, 7, {"false_win_penalty": 30, "false_win_to": "discarder"}, False),
])
def test_pending_says_what_the_server_stores(client, settings, variant, hands, seed, options,
                                             keeps):
    """Each table option moves the money or the deal as the server does: the abortive draws,
    a dealer who keeps the deal, the East round alone, MCR's false-win penalty."""
    settings.TABLES_WRITE_RATE = "10000/m"
    rng = random.Random(seed)
    table = Table.objects.create(name="Oracle", variant=variant, rules={}, players=NAMES,
                                 options=options, dealer_keeps_deal_on_win=keeps)
    taken = refused = 0
    for _ in range(40):
        form, pairs = hands(rng)
        pairs = [(name, str(value)) for name, value in pairs] + [("once", uuid.uuid4().hex)]
        before = state(table)
        row, = pending_hands({**before, "hands": [{"form": form, "pairs": pairs}]})
        count = table.hands.count()
        client.post(reverse(URLS[form], args=[table.edit_token]), _data(pairs))
        stored = table.hands.count() == count + 1
        assert row["ok"] == stored, (form, pairs, row)
        if stored:
            taken += 1
            after = state(table)
            assert row["totals"] == after["totals"], (form, pairs)
            assert row["number"] == count + 1
            assert game.position_data(table.position(table.last_hands(2)[-1]) if count else
                                      game.start(4)) == row["position"]
        else:
            refused += 1
    assert taken >= 10 and (variant == "shanghai" or refused >= 1)


def _data(pairs):
    data = {}
    for name, value in pairs:
        data.setdefault(name, []).append(value)
    return data


@pytest.mark.django_db
def test_several_pending_hands_run_on_from_each_other(client, settings):
    """Three hands kept offline at once: their totals are those the server reaches after the
    same three; a refused one in the middle moves nothing."""
    settings.TABLES_WRITE_RATE = "10000/m"
    table = Table.objects.create(name="Run", variant="riichi", rules={}, players=NAMES)
    start = state(table)
    hands = [
        ("win", [("winner", "1"), ("source", "0"), ("total", "3"), ("fu", "30"),
                 ("riichi", "1"), ("riichi", "2")]),
        ("win", [("winner", "2"), ("source", "2"), ("total", "3"), ("fu", "30")]),  # refused
        ("draw", [("draw-ready", "0"), ("draw-ready", "3")]),
        ("win", [("winner", "0"), ("source", "self"), ("total", "yakuman1")]),
    ]
    rows = pending_hands({**start, "hands": [{"form": f, "pairs": p} for f, p in hands]})
    assert [r["ok"] for r in rows] == [True, False, True, True]
    assert "cannot have discarded" in rows[1]["error"]
    assert [r["number"] for r in rows] == [1, 2, 2, 3]
    for form, pairs in hands:
        client.post(reverse(URLS[form], args=[table.edit_token]),
                    _data(pairs + [("once", uuid.uuid4().hex)]))
    assert table.hands.count() == 3
    assert rows[-1]["totals"] == state(table)["totals"]
    # Cy's stick, then Bob's and Cy's: Bob took the pot with his win, Ann took none at the draw.
    assert rows[0]["pot_taken"] == 2 and rows[2]["pot_left"] == 0


def test_bad_pairs_are_refused_in_words_never_a_crash():
    start = table_state("riichi", {}, NAMES, game.start(4), [0, 0, 0, 0])
    rows = pending_hands({**start, "hands": [
        {"form": "win", "pairs": [["winner", "x"], ["source", "self"], ["total", "3"]]},
        {"form": "win", "pairs": [["winner", "9"], ["source", "self"], ["total", "3"]]},
        {"form": "win", "pairs": []},
        {"form": "deal", "pairs": [["ev-TOTAL_FORMS", "nope"]]},
        {"form": "nothing", "pairs": []},
        {"form": "win", "pairs": [["winner", "0"], ["source", "self"], ["total", "²"]]},
    ]})
    assert [r["ok"] for r in rows] == [False] * 6
    assert all(r["error"] for r in rows)


def test_han_in_any_scripts_digits_read_as_the_form_reads_them():
    """A full-width ３ is 3 han, as the form's select reads it (game.read_han)."""
    start = table_state("riichi", {}, NAMES, game.start(4), [0, 0, 0, 0])
    wide, plain = ([{"form": "win", "pairs": [["winner", "0"], ["source", "self"],
                                              ["total", han], ["fu", "30"]]}] for han in "３3")
    assert pending_hands({**start, "hands": wide}) == pending_hands({**start, "hands": plain})
