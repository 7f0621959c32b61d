"""The score line under the hand says who pays whom in seat letters (S/W/N→E 1000): letters as the
page's players write them, French O for West (Ouest), Chinese 东 南 西 北 (東 in Traditional).
The compare page's lines too."""

import re
from urllib.parse import urlencode

import pytest
from django.urls import reverse

# Self-drawn by West: the three others pay alike, listed in turn from West (North, East, South).
HAND = {"variant": "shanghai", "hand": "234m 567p 22s [EEE] [789p] +2s", "seat_wind": "W",
        "self_drawn": "on"}


def score_line(client, accept: str) -> str:
    html = client.get(reverse("index") + "?" + urlencode(HAND),
                      HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    line = re.search(r'<p class="summary">(.*?)</p>', html, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", "", line).split())


@pytest.mark.parametrize("accept, payers, winner", [
    ("en", "N/E/S", "W"), ("fr", "N/E/S", "O"), ("zh-Hans", "北/东/南", "西"),
    ("zh-Hant", "北/東/南", "西")])
def test_the_score_line_writes_seats_as_the_page_s_players_do(client, accept, payers, winner):
    assert f"{payers}→{winner} " in score_line(client, accept)


def test_the_compare_page_writes_them_so_too(client):
    html = client.get(reverse("compare") + "?" + urlencode(HAND),
                      HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert "东→西" in html


@pytest.mark.parametrize("accept, line", [
    ("en", "N/S→W 1000, E→W 2000"), ("zh-Hans", "北/南→西 1000, 东→西 2000")])
def test_payers_of_the_same_amount_share_one_arrow_wherever_they_sit(client, accept, line):
    # Riichi, West wins self-drawn: the dealer (East) pays 2000, North and South 1000 each. North
    # and South are not next to each other in turn order (N, E, S) but pay alike: one arrow.
    query = {"variant": "riichi", "hand": "234m06788p345678s +8p", "seat_wind": "W",
             "self_drawn": "on"}
    html = client.get(reverse("index") + "?" + urlencode(query),
                      HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    summary = re.search(r'<p class="summary">(.*?)</p>', html, re.S).group(1)
    assert line in " ".join(re.sub(r"<[^>]+>", "", summary).split())
