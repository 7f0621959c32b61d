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
