"""Nagashi mangan at a Riichi table (docs/rules-riichi.md, "Nagashi mangan"): at an exhaustive
draw, a player whose discards were all terminals and honors, none claimed, is paid as a mangan
self-drawn (a non-dealer: 4,000 from the dealer, 2,000 from each other; the dealer: 4,000 from
each), without the honba; the tenpai payments are then not made. The deal moves as after any
exhaustive draw: a ready dealer keeps it, and the honba go up one.

Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North; A deals first."""

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables.game import DrawEntry, Position, advance, net_of, outcome_of, record
from scoring.tables.models import Table

A, B, C, D = range(4)
NAMES = ["Ann", "Bob", "Cy", "Di"]
ONE_HONBA = Position(honba=1)


def drawn(entry, position=ONE_HONBA):
    recorded = record("riichi", {}, position, entry, NAMES)
    return recorded, [int(x) for x in net_of(recorded.transfers, 4)]


def test_a_non_dealers_nagashi_mangan_is_paid_as_a_mangan_self_drawn_and_no_tenpai():
    """C's nagashi, 1 honba, A and C ready: A -4,000, B -2,000, D -2,000, C +8,000 (no tenpai
    payment, no honba). A was ready: A keeps the deal, 2 honba."""
    position = Position(honba=1)
    recorded, net = drawn(DrawEntry(ready=(A, C), nagashi=(C,)), position)
    assert net == [-4000, -2000, 8000, -2000]
    after = advance("riichi", position, outcome_of(None, recorded.detail))
    assert (after.dealer, after.honba) == (A, 2)


def test_the_dealers_nagashi_and_two_at_once():
    """A's nagashi (the dealer): 4,000 from each, 12,000. A's and B's: A +12,000 - 4,000 (the
    dealer's share of B's) = +8,000, B +8,000 - 4,000 = +4,000, C and D -4,000 - 2,000 = -6,000
    each. Nobody ready: the deal passes."""
    assert drawn(DrawEntry(nagashi=(A,)))[1] == [12000, -4000, -4000, -4000]
    recorded, net = drawn(DrawEntry(nagashi=(B, A)))
    assert net == [8000, 4000, -6000, -6000]
    assert advance("riichi", Position(honba=1), outcome_of(None, recorded.detail)).dealer == B


def test_nagashi_is_refused_at_an_abortive_draw():
    with pytest.raises(HandError) as refused:
        drawn(DrawEntry(abortive="four_winds", nagashi=(C,)))
    assert "Nagashi mangan is paid at an exhaustive draw only" in str(refused.value.message)


@pytest.mark.django_db
def test_nagashi_mangan_on_the_drawn_hands_form(client):
    response = client.post(reverse("table-new"), {
        "variant": "riichi", **{f"player{i}": n for i, n in enumerate(NAMES)}})
    table = Table.objects.get()
    client.post(reverse("table-draw", args=[table.edit_token]),
                {"draw-nagashi": [C], "draw-ready": [B]})
    assert [int(x) for x in table.totals()] == [-4000, -2000, 8000, -2000]
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "Nagashi mangan: Cy, paid as a mangan self-drawn; no tenpai payments." in view
    assert response.status_code == 302 and table.position().dealer == B
