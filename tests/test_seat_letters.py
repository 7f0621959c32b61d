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
    ("en", "N/S→W 8, E→W 23"), ("zh-Hans", "北/南→西 8, 东→西 23")])
def test_payers_of_the_same_amount_share_one_arrow_wherever_they_sit(client, accept, line):
    # MCR, West wins 15 fan on East's discard: every other player pays the base 8, the discarder
    # 8 + 15 = 23. North and South are not next to each other in turn order (N, E, S) but pay
    # alike: one arrow. (A Riichi win's line says its money as the table does instead.)
    query = {"variant": "mcr", "hand": "147m258p369s123m11z +1z", "seat_wind": "W",
             "discarder": "E"}
    html = client.get(reverse("index") + "?" + urlencode(query),
                      HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    summary = re.search(r'<p class="summary">(.*?)</p>', html, re.S).group(1)
    assert line in " ".join(re.sub(r"<[^>]+>", "", summary).split())
