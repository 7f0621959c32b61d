"""The scoring page and impossible contexts (contract §2): the contradiction is explained beside
the boxes, everything entered is kept, and each variant shows only the fields it reads."""

import re

import pytest

from scoring.engine.variants import VARIANTS

KONG_HAND = "(2222m) 345m 678p 99p 456p +4p"


def context_error(html: str) -> str:
    found = re.search(r'<div id="context-error"[^>]*>(.*?)</div>', html, re.S)
    assert found, "no context error area"
    return found.group(1)


def test_a_kong_replacement_not_self_drawn_is_explained_beside_the_boxes(client):
    response = client.get("/", {"variant": "shanghai", "hand": KONG_HAND,
                                "kong_replacement": "on", "seat_wind": "S"})
    html = response.content.decode()
    assert response.status_code == 200
    message = context_error(html)
    assert "a kong replacement tile is drawn: mark the hand self-drawn" in message
    assert 'data-code="bad_context"' in message
    # Nothing entered is lost: the hand, the ticked box, the seat.
    assert f'value="{KONG_HAND}"' in html
    assert re.search(r'name="kong_replacement"[^>]*aria-invalid="true"[^>]*checked', html)
    assert re.search(r'<option value="S" selected>', html)
    # The message is beside the boxes, not under the hand, and there is no score.
    assert "mark the hand self-drawn" not in html.split('id="context-error"')[0]
    assert 'class="big"' not in html


def test_under_htmx_the_explanation_comes_out_of_band(client):
    response = client.get("/", {"variant": "hongkong", "hand": KONG_HAND, "robbing_kong": "on",
                                "self_drawn": "on"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200  # htmx 2 swaps only 2xx answers
    assert '<div id="context-error" class="context-error" hx-swap-oob="true">' in html
    assert "tile: not self-drawn" in html and "(“Robbing a kong”, “Self-drawn”)" in html


def test_the_same_hand_self_drawn_scores(client):
    # 2G kong replacement 2 + 5A concealed self-drawn 5 (2E excluded) + 1A? no: eyes 99p.
    response = client.get("/", {"variant": "shanghai", "hand": KONG_HAND,
                                "kong_replacement": "on", "self_drawn": "on"})
    html = response.content.decode()
    assert context_error(html).strip() == ""
    assert 'class="big"' in html


@pytest.mark.parametrize("flag, self_drawn", [
    ("kong_replacement", "1"), ("heavenly", "1"), ("robbing_kong", "0"), ("earthly", "0")])
def test_flags_say_which_way_they_set_self_drawn(client, flag, self_drawn):
    html = client.get("/", {"variant": "shanghai"}).content.decode()
    assert re.search(rf'name="{flag}"[^>]*data-self-drawn="{self_drawn}"', html)


def test_last_tile_leaves_self_drawn_alone(client):
    html = client.get("/", {"variant": "shanghai"}).content.decode()
    assert not re.search(r'name="last_tile"[^>]*data-self-drawn', html)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_variant_shows_only_the_context_it_reads(client, variant):
    html = client.get("/", {"variant": variant}).content.decode()
    reads = VARIANTS[variant].context_fields
    for name in ("round_wind", "dealer", "void_suit", "opponents", "exchanger", "heavenly",
                 "joker_exchange", "after_kong_discard", "double_kong_replacement"):
        shown = f'name="{name}"' in html
        assert shown == (name in reads), (variant, name)


def test_sichuan_shows_no_dealer_no_round_wind():
    assert not {"dealer", "round_wind"} & VARIANTS["sichuan"].context_fields


def test_the_result_area_points_to_the_explanation(client):
    html = client.get("/", {"variant": "shanghai", "hand": KONG_HAND,
                            "kong_replacement": "on"}).content.decode()
    assert "No score: see the message under “How it was won”." in html
