"""What players type, kept safe: names normalised on entry (NFC, no invisible or bidi control
characters, not empty after that, no two equal but for case) and CSV cells that a spreadsheet
would run as a formula neutralised, while the numbers written stay numbers."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.forms import visible_text
from scoring.tables.models import Table

pytestmark = pytest.mark.django_db
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}
HYPERLINK = '=HYPERLINK("http://x.example","Ann")'


def open_table(client, **names):
    return client.post(reverse("table-new"), {"variant": "shanghai", **NAMES, **names})


@pytest.mark.parametrize("typed, kept", [
    pytest.param("Zoe\u200b", "Zoe", id="zero-width-space"),
    pytest.param("\u202eevE", "evE", id="right-to-left-override"),
    pytest.param("A\u2066n\u2069n\ufeff", "Ann", id="isolates-and-bom"),
    pytest.param("Jose\u0301", "José", id="nfc"),
    pytest.param("  Mei \t Lin \n", "Mei Lin", id="spaces-tabs-line-breaks"),
])
def test_names_are_kept_visible(typed, kept):
    assert visible_text(typed) == kept


def test_a_table_keeps_its_players_names_normalised(client):
    assert open_table(client, player0="\u202eAnn\u200d", player2="Ce\u0301line").status_code == 302
    assert Table.objects.get().players == ["Ann", "Bob", "Céline", "Di"]


def test_a_name_of_only_zero_width_spaces_is_refused(client):
    response = open_table(client, player1="\u200b\u200b\u200b")
    assert response.status_code == 200
    assert "This name has only invisible characters" in response.content.decode()
    assert not Table.objects.exists()


def test_an_optional_seat_of_only_invisible_characters_is_refused_not_left_empty(client):
    response = open_table(client, player4="\u200b\u202e")
    assert "This name has only invisible characters" in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize("second", ["ann", "ANN", "A\u200bnn", "Ann "])
def test_two_names_equal_but_for_case_or_invisible_characters_are_refused(client, second):
    response = open_table(client, player1=second)
    assert "Two players have the same name." in response.content.decode()
    assert not Table.objects.exists()


def test_casefold_catches_what_lowercase_misses(client):
    response = open_table(client, player0="Strauß", player1="STRAUSS")
    assert "Two players have the same name." in response.content.decode()


@pytest.mark.parametrize("text, cell", [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("Ann", "Ann"), ("A=B", "A=B"), ("", ""),
])
def test_a_text_cell_that_would_run_as_a_formula_is_quoted(text, cell):
    assert game.text_cell(text) == cell


def test_the_csv_neutralises_a_hyperlink_name_and_keeps_numbers(client):
    table = Table.objects.create(name="Friday", variant="shanghai",
                                 players=[HYPERLINK, "Bob", "@Cy", "-Di"])
    client.post(reverse("table-win", args=[table.edit_token]),
                {"winner": 1, "source": 0, "total": 10})   # the first player pays Bob 10
    text = client.get(reverse("table-csv", args=[table.view_token])).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][9:] == ["'" + HYPERLINK + " change", "Bob change", "'@Cy change",
                           "'-Di change", "'" + HYPERLINK + " total", "Bob total",
                           "'@Cy total", "'-Di total"]
    hand = rows[1]
    assert hand[2] == "'" + HYPERLINK and hand[4] == "Bob" and hand[5] == "'" + HYPERLINK
    assert hand[9:] == ["-10", "10", "0", "0", "-10", "10", "0", "0"]  # numbers, unquoted
    assert rows[-1] == ["", "'" + HYPERLINK, "Bob", "10"]
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)
