"""Pao (liability) at a Riichi table (docs/rules-riichi.md, "Pao"): the player who fed the third
dragon set (big three dragons) or the fourth wind set (big four winds) pays the whole yakuman
on a self-draw; on another player's discard the liable player and the discarder split it.

Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North; A deals first. Worked by
hand: a non-dealer's yakuman is 32,000 (8,000 basic points: 4 x on a discard; self-drawn, 16,000
from the dealer and 8,000 from each other), a dealer's 48,000; each honba 300 on a discard, 100
from each player on a self-draw."""

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables.game import Position, WinEntry, net_of, record
from scoring.tables.models import Table

A, B, C, D = range(4)
NAMES = ["Ann", "Bob", "Cy", "Di"]
HONBA = Position(honba=1)


def net(entry, position=HONBA):
    return [int(x) for x in net_of(record("riichi", {}, position, entry, NAMES).transfers, 4)]


def yakuman(**given):
    return WinEntry(total=13, yakuman=1, **given)


def test_on_a_self_draw_the_liable_player_pays_the_whole_yakuman():
    """B's self-drawn yakuman, 1 honba: 16,100 from A, 8,100 from C and D, 32,300; C liable
    pays it all."""
    assert net(yakuman(winner=B, self_drawn=True)) == [-16100, 32300, -8100, -8100]
    assert net(yakuman(winner=B, self_drawn=True, liable=C)) == [0, 32300, -32300, 0]


def test_on_a_discard_the_liable_player_and_the_discarder_split_it():
    """B's yakuman on D's discard, 1 honba: 32,000 + 300. C liable pays half the yakuman,
    16,000; D the rest, 16,300 (the honba the discarder's). On the liable player's own discard,
    the discarder pays it all, as without pao."""
    assert net(yakuman(winner=B, discarder=D, liable=C)) == [0, 32300, -16000, -16300]
    assert net(yakuman(winner=B, discarder=C, liable=C)) == [0, 32300, -32300, 0]


def test_the_dealers_yakuman_split_on_a_discard():
    """A (the dealer) on C's discard, no honba: 48,000; B liable: 24,000 each."""
    assert net(yakuman(winner=A, discarder=C, liable=B), Position()) == [48000, -24000,
                                                                          -24000, 0]


def test_pao_is_refused_for_a_hand_that_is_no_yakuman_or_for_the_winner_himself():
    with pytest.raises(HandError) as refused:
        record("riichi", {}, HONBA, WinEntry(winner=B, discarder=D, total=5, liable=C), NAMES)
    assert "This hand is no yakuman." in str(refused.value.message)
    with pytest.raises(HandError):
        record("riichi", {}, HONBA, yakuman(winner=B, discarder=D, liable=B), NAMES)



KONGS = "big three dragons (daisangen), big four winds (daisuushii) or four kongs (suukantsu)"


@pytest.mark.parametrize("rules, named", [({}, False), ({"pao_suukantsu": True}, True)])
def test_pao_on_no_yakuman_names_four_kongs_where_the_table_plays_it(rules, named):
    with pytest.raises(HandError) as refused:
        record("riichi", rules, HONBA, WinEntry(winner=B, discarder=D, total=5, liable=C), NAMES)
    assert (KONGS in str(refused.value.message)) is named
    assert "This hand is no yakuman." in str(refused.value.message)


@pytest.mark.django_db
@pytest.mark.parametrize("rules, named", [({}, False), ({"pao_suukantsu": True}, True)])
def test_the_quick_entry_form_names_four_kongs_where_the_table_plays_it(client, rules, named):
    table = Table.objects.create(name="Club", variant="riichi", rules=rules, players=NAMES)
    response = client.post(reverse("table-win", args=[table.edit_token]),
                           {"winner": B, "source": D, "total": "5", "liable": C})
    text = response.content.decode()
    assert "This hand is no yakuman: leave the liable player empty." in text
    assert (KONGS in text) is named and not table.hands.exists()

def open_table(client, **fields):
    response = client.post(reverse("table-new"), {
        "variant": "riichi", "name": "Club", **{f"player{i}": n for i, n in enumerate(NAMES)},
        **fields})
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


@pytest.mark.django_db
def test_pao_through_the_quick_entry_form(client):
    """B's yakuman on D's discard, C liable: C 16,000, D 16,000. A 5-han hand with a liable
    player is refused, the form kept."""
    table = open_table(client)
    url = reverse("table-win", args=[table.edit_token])
    response = client.post(url, {"winner": B, "source": D, "total": "5", "liable": C})
    assert "This hand is no yakuman: leave the liable player empty." in response.content.decode()
    response = client.post(url, {"winner": B, "source": D, "total": "yakuman1", "liable": B})
    assert "The winner cannot be liable for their own hand." in response.content.decode()
    assert not table.hands.exists()
    client.post(url, {"winner": B, "source": D, "total": "yakuman1", "liable": C})
    assert [int(x) for x in table.totals()] == [0, 32000, -16000, -16000]
    hand = table.hands.get()
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "Cy liable (pao)" in view
    edit = client.get(reverse("table-hand", args=[table.edit_token, hand.pk])).content.decode()
    liable = edit[edit.index('name="liable"'):]
    assert '<option value="2" selected>' in liable[:liable.index("</select>")]


# A double yakuman of which one part is liable (big three dragons with all honors), entered by
# its count: "Liable for: one yakuman of two". Worked by hand, 1 honba, B (a
# non-dealer) wins a double yakuman, C liable for the big three dragons only. The liable part,
# one yakuman, is 32,000 (+300 honba); the other yakuman, 32,000, is paid as any win is (no
# honba: it went with the liable part).

def double(**given):
    return WinEntry(total=26, yakuman=2, **given)


def test_a_self_drawn_double_yakuman_with_one_part_liable():
    """Self-drawn: C pays the liable yakuman whole, 32,300; the other yakuman is a self-draw,
    16,000 from A (the dealer), 8,000 from C and from D: A -16,000, B +64,300, C -40,300,
    D -8,000. With the whole hand liable, C pays all 64,300."""
    assert net(double(winner=B, self_drawn=True, liable=C, liable_yakuman=1)) == [
        -16000, 64300, -40300, -8000]
    assert net(double(winner=B, self_drawn=True, liable=C)) == [0, 64300, -64300, 0]


def test_a_double_yakuman_on_a_discard_with_one_part_liable():
    """On D's discard: C pays half the liable yakuman, 16,000; D the rest of it with the honba,
    16,300, and the other yakuman, 32,000: D -48,300. On C's own discard C pays it all."""
    assert net(double(winner=B, discarder=D, liable=C, liable_yakuman=1)) == [
        0, 64300, -16000, -48300]
    assert net(double(winner=B, discarder=C, liable=C, liable_yakuman=1)) == [
        0, 64300, -64300, 0]


def test_the_split_is_the_scorers_split_for_the_same_hand():
    """Quick entry's count and the scorer's tiles pay the same: [555z] [666z] [777z] 111z 22z
    (big three dragons, all honors), self-drawn and on D's discard, C liable."""
    from scoring.tables.game import scored
    for source in ({"self_drawn": True}, {"discarder": D}):
        by_tiles = scored("riichi", {}, HONBA, WinEntry(winner=B, liable=C, **source),
                          hand="[555z] [666z] [777z] 111z 22z", flags={})
        by_count = record("riichi", {}, HONBA, double(winner=B, liable=C, liable_yakuman=1,
                                                      **source), NAMES)
        assert net_of(by_tiles.transfers, 4) == net_of(by_count.transfers, 4)


def test_a_liable_part_larger_than_the_hand_is_refused():
    with pytest.raises(HandError) as refused:
        record("riichi", {}, HONBA, yakuman(winner=B, discarder=D, liable=C, liable_yakuman=2),
               NAMES)
    assert "The liable part of a 1x yakuman is 1 to 1 yakuman, not 2." in str(
        refused.value.message)


@pytest.mark.django_db
def test_one_liable_yakuman_through_the_quick_entry_form(client):
    """B's double yakuman on D's discard, C liable for one yakuman of it: C -16,000, D -48,000
    (no honba). "Liable for" without a liable player is refused, the form kept. The row says
    the part; the edit form keeps it."""
    table = open_table(client)
    url = reverse("table-win", args=[table.edit_token])
    page = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert 'name="liable_yakuman"' in page and "one yakuman of two" in page
    response = client.post(url, {"winner": B, "source": D, "total": "yakuman2",
                                 "liable_yakuman": 1})
    assert "Choose the liable player, or leave “Liable for” at the whole hand." in \
        response.content.decode()
    assert not table.hands.exists()
    client.post(url, {"winner": B, "source": D, "total": "yakuman2", "liable": C,
                      "liable_yakuman": 1})
    assert [int(x) for x in table.totals()] == [0, 64000, -16000, -48000]
    hand = table.hands.get()
    assert hand.detail["liable_yakuman"] == 1
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "Cy liable (pao) for one yakuman of it" in view
    edit = client.get(reverse("table-hand", args=[table.edit_token, hand.pk])).content.decode()
    part = edit[edit.index('name="liable_yakuman"'):]
    assert '<option value="1" selected>' in part[:part.index("</select>")]


def test_the_pending_row_reads_the_liable_part_as_the_form_does():
    """The phone's pending row (scoring/tables/pending.py) of the same double yakuman, 1 honba:
    the split of the table's."""
    from scoring.tables import game
    from scoring.tables.pending import pending_hands
    rows = pending_hands({
        "variant": "riichi", "rules": {}, "players": NAMES, "position": game.position_data(HONBA),
        "totals": [0, 0, 0, 0],
        "hands": [{"form": "win", "pairs": [["winner", "1"], ["source", "3"],
                                            ["total", "yakuman2"], ["liable", "2"],
                                            ["liable_yakuman", "1"]]}]})
    assert rows[0]["ok"] and [int(x) for x in rows[0]["net"]] == [0, 64300, -16000, -48300]


# The settle door (contract §5): a win event, by its tiles or its count, with pao -----------------

SETTLE_HAND = "[555z] [666z] [777z] 111z 22z"


def settle(event, rules=None):
    from scoring.engine import api
    return api.settle({"variant": "riichi", "rules": rules or {}, "events": [event]})


def test_settle_pays_a_double_yakuman_with_its_liable_part_by_its_tiles():
    """S's big three dragons with all honors, 1 honba, W liable: by its tiles the liable part is
    the big three dragons. Self-drawn: W 32,300 + 8,000, E (the dealer) 16,000, N 8,000; on N's
    discard: W 16,000, N 16,300 + 32,000."""
    drawn = settle({"type": "win", "seat": "S", "self_drawn": True, "hand": SETTLE_HAND,
                    "context": {"honba": 1}, "liable": "W"})
    assert drawn["ok"] and drawn["net"] == {"E": -16000, "S": 64300, "W": -40300, "N": -8000}
    assert drawn["ledger"][0]["what"] == ("S: wins self-drawn, 2x yakuman; W liable (pao) for 1x "
                                          "yakuman")
    ron = settle({"type": "win", "seat": "S", "discarder": "N", "hand": SETTLE_HAND,
                  "context": {"honba": 1}, "liable": "W"})
    assert ron["net"] == {"E": 0, "S": 64300, "W": -16000, "N": -48300}


SUUKANTSU = "[1111m][2222p](3333s)[4444s]EE+E"


def test_settle_pays_four_kongs_pao_with_the_house_option():
    """S's four kongs, 1 honba, W fed the fourth kong. With the house option pao_suukantsu, as
    at a table that plays it: self-drawn, a non-dealer's yakuman, 32,000 + 3 x 100, all from W;
    on N's discard, W half the yakuman (16,000), N the rest with the honba (16,300). Without it
    pao is refused, as at a table that does not play it."""
    win = {"type": "win", "seat": "S", "hand": SUUKANTSU, "context": {"honba": 1}, "liable": "W"}
    on = {"pao_suukantsu": True}
    drawn = settle({**win, "self_drawn": True}, on)
    assert drawn["ok"], drawn
    assert drawn["net"] == {"E": 0, "S": 32300, "W": -32300, "N": 0}
    assert drawn["ledger"][0]["what"] == "S: wins self-drawn, 1x yakuman; W liable (pao) for 1x " \
                                         "yakuman"
    assert settle({**win, "discarder": "N"}, on)["net"] == {"E": 0, "S": 32300, "W": -16000,
                                                           "N": -16300}
    off = settle({**win, "self_drawn": True})
    assert not off["ok"] and off["error"]["code"] == "bad_context" and off["error"]["event"] == 0
    assert "big four winds (daisuushii): this hand has neither" in off["error"]["message"]
    # With the option, a hand with none of the three names all three.
    none = settle({**win, "hand": "123m 456p 789s 111z 22z", "self_drawn": True}, on)
    assert "or four kongs (suukantsu): this hand has none of them" in none["error"]["message"]


@pytest.mark.django_db
def test_the_api_and_the_command_take_the_house_option(client):
    import json

    from tests.helpers import run_command
    request = {"variant": "riichi", "rules": {"pao_suukantsu": True}, "events": [
        {"type": "win", "seat": "S", "discarder": "N", "hand": SUUKANTSU,
         "context": {"honba": 1}, "liable": "W"}]}
    paid = {"E": 0, "S": 32300, "W": -16000, "N": -16300}
    response = client.post("/api/settle", request, content_type="application/json")
    assert response.status_code == 200 and response.json()["net"] == paid
    code, out, _ = run_command("settle", "--json", "-", stdin=json.dumps(request))
    assert code == 0 and json.loads(out)["net"] == paid


def test_settle_pays_a_win_by_its_count_as_quick_entry_does():
    """S's 3 han 40 fu self-drawn, no honba: 40 x 2^5 = 1,280 basic points; E (the dealer) pays
    2 x 1,280 = 2,560, rounded up 2,600; W and N 1,280, 1,300: S +5,200."""
    assert settle({"type": "win", "seat": "S", "self_drawn": True, "han": 3, "fu": 40})[
        "net"] == {"E": -2600, "S": 5200, "W": -1300, "N": -1300}


def test_settle_pays_it_by_its_count_too():
    """The same by its count: yakuman 2, liable_yakuman 1; without liable_yakuman the whole
    count is liable (W 64,300 self-drawn); without liable, as any double yakuman (E 32,100,
    W and N 16,100)."""
    count = {"type": "win", "seat": "S", "yakuman": 2, "context": {"honba": 1}}
    assert settle({**count, "discarder": "N", "liable": "W", "liable_yakuman": 1})["net"] == {
        "E": 0, "S": 64300, "W": -16000, "N": -48300}
    assert settle({**count, "self_drawn": True, "liable": "W"})["net"] == {
        "E": 0, "S": 64300, "W": -64300, "N": 0}
    assert settle({**count, "self_drawn": True})["net"] == {
        "E": -32100, "S": 64300, "W": -16100, "N": -16100}


@pytest.mark.parametrize("event, code, words", [
    ({"type": "win", "seat": "S", "self_drawn": True, "hand": "123m 456p 789s 111z 22z",
      "liable": "W"}, "bad_context", "this hand has neither"),
    ({"type": "win", "seat": "S", "self_drawn": True, "yakuman": 1, "liable": "S"},
     "bad_context", "another seated player than the winner"),
    ({"type": "win", "seat": "S", "self_drawn": True, "yakuman": 1, "liable": "W",
      "liable_yakuman": 2}, "bad_context", "1 to 1 yakuman, not 2"),
    ({"type": "win", "seat": "S", "self_drawn": True, "yakuman": 1, "liable_yakuman": 1},
     "bad_event", "liable_yakuman is a number of yakuman, with liable"),
    ({"type": "win", "seat": "S", "self_drawn": True, "yakuman": 1, "pao": "W"},
     "bad_event", "a win event has no field pao"),
    ({"type": "win", "seat": "S", "discarder": "N", "han": 3, "fu": 40, "liable": "W"},
     "bad_context", "This hand is no yakuman."),
    ({"type": "win", "seat": "S", "discarder": "S", "han": 3, "fu": 40},
     "bad_event", "the winner cannot have discarded the winning tile"),
    ({"type": "win", "seat": "S", "self_drawn": "yes", "han": 3, "fu": 40},
     "bad_event", "self_drawn must be true or false"),
    ({"type": "win", "seat": "S", "self_drawn": True, "han": 3, "fu": "40"},
     "bad_event", "a win by its count has whole numbers"),
])
def test_settle_refuses_a_win_event_it_cannot_pay(event, code, words):
    result = settle(event)
    assert not result["ok"] and result["error"]["code"] == code, result
    assert result["error"]["event"] == 0 and words in result["error"]["message"]


@pytest.mark.parametrize("rules, named", [({}, False), ({"pao_suukantsu": True}, True)])
def test_settle_refuses_pao_on_no_yakuman_naming_four_kongs_where_the_table_plays_it(rules,
                                                                                     named):
    """The settle door's words are the engine's (`Riichi.pao`), the table's the same ones."""
    result = settle({"type": "win", "seat": "S", "discarder": "N", "han": 3, "fu": 40,
                     "liable": "W"}, rules)
    assert result["error"]["code"] == "bad_context"
    assert "This hand is no yakuman." in result["error"]["message"]
    assert (KONGS in result["error"]["message"]) is named


def test_settle_json_stdin_pays_the_liable_part():
    """`manage.py settle --json -`: the same as the API."""
    import json

    from tests.helpers import run_command
    code, out, _ = run_command("settle", "--json", "-", stdin=json.dumps({
        "variant": "riichi", "events": [{"type": "win", "seat": "S", "discarder": "N",
                                         "hand": SETTLE_HAND, "context": {"honba": 1},
                                         "liable": "W"}]}))
    assert code == 0 and json.loads(out)["net"] == {"E": 0, "S": 64300, "W": -16000, "N": -48300}


@pytest.mark.django_db
def test_the_api_settles_the_liable_part(client):
    response = client.post("/api/settle", {"variant": "riichi", "events": [
        {"type": "win", "seat": "S", "self_drawn": True, "yakuman": 2, "context": {"honba": 1},
         "liable": "W", "liable_yakuman": 1}]}, content_type="application/json")
    assert response.status_code == 200
    assert response.json()["net"] == {"E": -16000, "S": 64300, "W": -40300, "N": -8000}
