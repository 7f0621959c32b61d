"""The new-table form shows the seats the chosen variant can use: a variant played by four only
(Sichuan, Chinese Official, Riichi: `rotation.players == (4,)`) has no dreamer's seat and no word
of a fifth player; the others keep the dreamer (sits out first). The page and the fragment the
variant's select asks for under htmx say the same."""

import pytest
from django.urls import reverse

from scoring.engine.variants import VARIANTS
from scoring.tables.models import Table

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
FOUR = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}
FIFTH = "A fifth player starts as the dreamer"


def new_form(client, variant, **extra):
    return client.get(reverse("table-new"), {"variant": variant}, **extra).content.decode()


@pytest.mark.parametrize("extra", [{}, HTMX], ids=["page", "htmx"])
@pytest.mark.parametrize("variant", ["sichuan", "mcr", "riichi"])
def test_a_four_player_variant_shows_four_seats_and_no_dreamer(client, variant, extra):
    assert VARIANTS[variant].rotation.players == (4,)
    page = new_form(client, variant, **extra)
    assert [f'name="player{i}"' in page for i in range(5)] == [True] * 4 + [False]
    assert "Dreamer (sits out first)" not in page
    assert FIFTH not in page
    assert "4 players. The first dealer sits East" in page


@pytest.mark.parametrize("extra", [{}, HTMX], ids=["page", "htmx"])
@pytest.mark.parametrize("variant", ["shanghai", "hongkong", "american"])
def test_a_variant_five_may_play_keeps_the_dreamers_seat_and_hint(client, variant, extra):
    assert 5 in VARIANTS[variant].rotation.players
    page = new_form(client, variant, **extra)
    assert all(f'name="player{i}"' in page for i in range(5))
    assert "Dreamer (sits out first)" in page
    assert FIFTH in page


def test_a_fifth_name_sent_to_a_four_player_variant_is_not_a_fifth_player(client):
    # A form filled for Shanghai (five names), then sent as Riichi: four players sit down.
    response = client.post(reverse("table-new"), {"variant": "riichi", **FOUR,
                                                  "player4": "Eve"})
    assert response.status_code == 302
    assert Table.objects.get().players == ["Ann", "Bob", "Cy", "Di"]


def test_five_players_still_open_a_shanghai_table(client):
    response = client.post(reverse("table-new"), {"variant": "shanghai", **FOUR,
                                                  "player4": "Eve"})
    assert response.status_code == 302
    assert Table.objects.get().players == ["Ann", "Bob", "Cy", "Di", "Eve"]
