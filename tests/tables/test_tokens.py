"""A table's tokens are its keys: the pages they open are never cached (Cache-Control: no-store),
the scorekeeper can replace the write link (the old one is then a 404), the CSV's file name does
not tell the table's number, a token that is not a token's shape is a 404 before any query, and
gunicorn's access log never holds one."""

import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from bench.serving import GUNICORN, gunicorn, server_env
from scoring.tables import game
from scoring.tables.models import Table

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(db):
    table = Table.objects.create(name="Friday Night!", variant="shanghai",
                                 players=["Ann", "Bob", "Cy", "Di"])
    table.add_hand(game.drawn)
    return table


def view_pages(table):
    hand = table.hands.get()
    token, edit = table.view_token, table.edit_token
    return [reverse("table-view", args=[token]), reverse("table-settle", args=[token]),
            reverse("table-csv", args=[token]), reverse("table-score", args=[token]),
            reverse("table-edit", args=[edit]), reverse("table-deal", args=[edit]),
            reverse("table-hand", args=[edit, hand.pk]),
            reverse("table-from-scorer", args=[edit]) + "?variant=shanghai&hand=x"]


def test_every_token_page_says_no_store(client, table):
    """The look-only page too: its poll names the version it shows (tables/test_polling.py)."""
    for page in view_pages(table):
        response = client.get(page)
        assert response.status_code == 200, page
        assert response["Cache-Control"] == "no-store", page
    for answer in (client.post(reverse("table-draw", args=[table.edit_token])),
                   client.post(reverse("table-draw", args=[table.edit_token]), **HTMX)):
        assert answer["Cache-Control"] == "no-store"


def test_replacing_the_write_link_makes_the_old_one_a_404(client, table):
    old = table.edit_token
    client.get(reverse("table-edit", args=[old]))  # the scorer's cookie holds the old link
    response = client.post(reverse("table-edit", args=[old]), {"once": uuid.uuid4().hex})
    table.refresh_from_db()
    assert table.edit_token != old and len(table.edit_token) == len(old)
    assert response.status_code == 302
    assert response["Location"] == reverse("table-edit", args=[table.edit_token]) + \
        "?notice=new_link"
    page = client.get(response["Location"])
    assert "the old one no longer opens it" in page.content.decode()
    assert client.cookies["mahjong_table"].value == table.edit_token
    assert client.get(reverse("table-edit", args=[old])).status_code == 404
    assert client.post(reverse("table-draw", args=[old])).status_code == 404
    assert client.get(reverse("table-view", args=[table.view_token])).status_code == 200
    assert table.hands.count() == 1


def test_the_edit_page_offers_to_replace_its_link_and_the_view_page_does_not(client, table):
    edit = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert "Replace the write link" in edit
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "Replace the write link" not in view and table.edit_token not in view


def test_the_csv_is_named_after_the_table_never_its_number(client, table):
    day = timezone.localdate(table.created).isoformat()
    response = client.get(reverse("table-csv", args=[table.view_token]))
    assert response["Content-Disposition"] == f'attachment; filename="friday-night-{day}.csv"'
    unnamed = Table.objects.create(variant="shanghai", players=["A", "B", "C"])
    response = client.get(reverse("table-csv", args=[unnamed.view_token]))
    assert response["Content-Disposition"] == f'attachment; filename="table-{day}.csv"'
    stem = response["Content-Disposition"].split('"')[1].removesuffix(f"-{day}.csv")
    assert stem == "table" and str(unnamed.pk) not in stem


ODD = ["%00", "abc%00defghijklmnopqrstu", "%27%20OR%201%3D1--", "%E2%80%AEabcdefghijklmnopq",
       "a" * 44, "abc", "x.y", "%20" * 20, "aaaaaaaaaaaaaaaaaaaaaaa%0A"]


@pytest.mark.parametrize("token", ODD)
def test_an_odd_token_is_a_404_without_a_query(client, db, token, django_assert_num_queries):
    with django_assert_num_queries(0):
        for path in (f"/tables/{token}/", f"/tables/{token}/settle", f"/tables/{token}/table.csv",
                     f"/tables/{token}/score", f"/tables/e/{token}/"):
            assert client.get(path).status_code == 404, path
        for path in (f"/tables/e/{token}/win", f"/tables/e/{token}/draw",
                     f"/tables/e/{token}/hands/1/delete"):
            assert client.post(path, {"winner": 1, "source": "self",
                                      "total": 8}).status_code == 404, path


def test_a_token_of_the_right_shape_that_is_no_tables_is_a_404(client, table):
    assert client.get(f"/tables/{'A' * 24}/").status_code == 404
    assert client.get(f"/tables/e/{table.view_token}/").status_code == 404


# The access log ---------------------------------------------------------------------------------

@pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed")
def test_the_access_log_holds_no_token(tmp_path):
    env = server_env(tmp_path, WEB_CONCURRENCY="1", GUNICORN_ACCESS_LOG="1",
                     DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")  # a database of its own
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    subprocess.run([sys.executable, "-c", (
        "import django; django.setup(); from scoring.models import Table; "
        "Table.objects.create(view_token='V' * 24, edit_token='E' * 24, variant='shanghai', "
        "players=['A', 'B', 'C', 'D'])")], cwd=ROOT, check=True,
        env={**env, "DJANGO_SETTINGS_MODULE": "mahjong_site.settings"})
    log = tmp_path / "access.log"
    with log.open("w") as out, gunicorn(env, stdout=out) as (base, _):
        edit = f"{base}/tables/e/{'E' * 24}/"
        for url, headers in ((edit, {}), (f"{base}/tables/{'V' * 24}/settle",
                                          {"Referer": edit, "HX-Current-URL": edit}),
                             (f"{base}/tables/{'V' * 24}/table.csv", {})):
            urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=5)
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"{base}/tables/e/{'E' * 23}x/", timeout=5)
    text = log.read_text()
    assert "/tables/e/…/" in text and "/tables/…/settle" in text, text
    assert "E" * 20 not in text and "V" * 20 not in text, text
    assert text.count("\n") >= 5
