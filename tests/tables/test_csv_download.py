"""The CSV download (issue 30 item 8, issue 31 item 2): named after the table and the day it was
opened, in ASCII for every browser and in full (RFC 6266 `filename*`, UTF-8 percent-encoded) when
the name has more; and a conditional request is answered 304 while nothing changed."""

import datetime
from email.message import EmailMessage
from unittest import mock
from urllib.parse import unquote

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.tables import game
from scoring.tables.models import Table
from scoring.tables.views import csv_disposition

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 12, 1)


def parsed(header: str) -> EmailMessage:
    """The header as a mail reader (RFC 2231, the same encoding as RFC 8187) reads it."""
    message = EmailMessage()
    message["Content-Disposition"] = header
    return message


@pytest.mark.parametrize(("name", "ascii_name", "full_name"), [
    ("Friday night", "friday-night-2026-12-01.csv", None),
    ("", "table-2026-12-01.csv", None),
    ("麻将之夜", "table-2026-12-01.csv", "麻将之夜-2026-12-01.csv"),
    ("Soirée chez Zoé", "soiree-chez-zoe-2026-12-01.csv", "soirée-chez-zoé-2026-12-01.csv"),
    ('a"b;c\\d\r\nX-Evil: 1', "abcd-x-evil-1-2026-12-01.csv", None),
    ("../../etc/passwd", "etcpasswd-2026-12-01.csv", None),
    ("台北 星期五 🀄", "table-2026-12-01.csv", "台北-星期五-2026-12-01.csv"),
])
def test_the_file_is_named_after_the_table_and_the_day(name, ascii_name, full_name):
    header = csv_disposition(name, DAY)
    assert header.isascii() and "\r" not in header and "\n" not in header
    message = parsed(header)
    assert message.get_content_disposition() == "attachment"
    if full_name is None:
        assert "filename*" not in header and message.get_filename() == ascii_name
    else:
        # A reader that knows filename* takes it; one that does not has the ASCII one.
        assert message["Content-Disposition"].params["filename"] == ascii_name
        assert f'filename="{ascii_name}"' in header
        assert unquote(header.split("filename*=UTF-8''")[1]) == full_name


def test_the_download_says_its_name_and_answers_304_while_nothing_changed(
        client, django_assert_num_queries):
    table = Table.objects.create(name="Thé du jeudi", variant="shanghai",
                                 players=["Ann", "Bob", "Cy", "Di"])
    url = reverse("table-csv", args=[table.view_token])
    first = client.get(url)
    day = timezone.localdate(table.created).isoformat()
    assert first["Content-Disposition"] == (
        f"attachment; filename=\"the-du-jeudi-{day}.csv\"; "
        f"filename*=UTF-8''th%C3%A9-du-jeudi-{day}.csv")
    assert "no-store" in first["Cache-Control"] and first["ETag"].startswith('W/"csv-')
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    table.add_hand(game.drawn)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert len(changed.content.splitlines()) > len(first.content.splitlines())  # the hand's line
    # Another language is another file: its ETag differs.
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=changed["ETag"])
    assert french.status_code == 200 and french["ETag"] != changed["ETag"]


def test_the_same_csv_asked_again_is_not_made_again(client, django_assert_num_queries):
    table = Table.objects.create(name="Kept", variant="shanghai", players=["A", "B", "C", "D"])
    table.add_hand(game.drawn)
    url = reverse("table-csv", args=[table.view_token])
    first = client.get(url).content
    with mock.patch("scoring.tables.services.csv_export", side_effect=AssertionError):
        assert client.get(url).content == first  # from the cache, for this version
    table.add_hand(game.drawn)
    again = client.get(url).content  # a new version: made again, with the new hand
    assert again != first and len(again.splitlines()) == len(first.splitlines()) + 1
