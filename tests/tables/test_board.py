"""The board saves by updating what changed: under htmx a save answers with the record forms,
and out of band the totals, the new hand's row and the row before it, never the whole board; an
undo removes its row. The board pages its history, the latest hands first, with a link to older
ones that works with and without JavaScript."""

import re
import uuid

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="shanghai",
                                players=["Ann", "Bob", "Cy", "Di"])


def edit(table, name="table-edit", *args):
    return reverse(name, args=[table.edit_token, *args])


def win(client, table, winner, source, total, **extra):
    return client.post(edit(table, "table-win"), {"winner": winner, "source": source,
                                                  "total": total, "once": uuid.uuid4().hex},
                       **extra)


def draws(table, count):
    for _ in range(count):
        table.add_hand(game.drawn)


def rows_in(text):
    return [int(n) for n in re.findall(r'<article id="hand-(\d+)"', text)]


def test_a_save_under_htmx_answers_with_the_new_row_and_the_totals_out_of_band(client, table):
    win(client, table, 1, 0, 10, **HTMX)           # hand 1: Ann pays Bob 10
    response = win(client, table, 3, "self", 6, **HTMX)  # hand 2: Di self-drawn, three pay 6
    text = response.content.decode()
    assert response.status_code == 200 and 'id="board"' not in text
    # The target: the record forms, for the hand after (hand 3), with fresh one-time keys.
    assert text.startswith('<section id="record"') and "Record hand 3" in text
    assert "Hand saved" in text
    # Out of band: the totals...
    now = re.search(r'<section id="now"[^>]*>', text).group(0)
    assert 'hx-swap-oob="true"' in now
    # In seat order from East: Cy deals hand 3 (Bob dealt hand 2 and Di won it).
    assert re.findall(r'data-total="([^"]+)"', text) == ["-6", "18", "-16", "4"]
    # ...the new row, put first in the list...
    assert re.search(r'<div hx-swap-oob="afterbegin:#hands">\s*<article id="hand-2"', text)
    # ...and hand 1's row again, without its undo button now.
    assert re.search(r'<article id="hand-1"[^>]*hx-swap-oob="true"', text)
    assert rows_in(text) == [2, 1]
    assert "Undo hand 2" in text and "Undo hand 1" not in text


def test_the_first_save_takes_away_the_no_hand_yet_line(client, table):
    assert 'id="no-hands"' in client.get(edit(table)).content.decode()
    text = win(client, table, 1, 0, 10, **HTMX).content.decode()
    assert '<p id="no-hands" hx-swap-oob="delete">' in text and rows_in(text) == [1]


def test_a_save_answer_does_not_grow_with_the_history(client, table):
    draws(table, 120)
    text = win(client, table, 1, 0, 10, **HTMX).content.decode()
    assert rows_in(text) == [121, 120]


def test_an_undo_under_htmx_removes_its_row_and_gives_the_undo_to_the_one_before(client, table):
    draws(table, 3)
    last = table.hands.get(number=3)
    response = client.post(edit(table, "table-hand-delete", last.pk),
                           {"version": last.version, "once": uuid.uuid4().hex, "confirm": 1},
                           **HTMX)
    text = response.content.decode()
    assert text.startswith('<section id="record"') and "Record hand 3" in text
    assert '<article id="hand-3" hx-swap-oob="delete">' in text
    assert re.search(r'<article id="hand-2"[^>]*hx-swap-oob="true"', text)
    assert "Undo hand 2" in text and table.hands.count() == 2


def test_a_form_error_under_htmx_is_the_record_forms_with_the_error(client, table):
    text = win(client, table, 1, 1, 10, **HTMX).content.decode()
    assert text.startswith('<section id="record"') and "cannot have discarded" in text
    assert "hx-swap-oob" not in text


def test_the_board_shows_the_latest_50_hands_and_a_link_to_older_ones(client, table):
    draws(table, 120)
    text = client.get(edit(table)).content.decode()
    assert rows_in(text) == list(range(120, 70, -1))
    assert 'href="?before=71"' in text and 'hx-get="?before=71"' in text
    assert "Record hand 121" in text


def test_older_hands_without_javascript_are_a_page_of_their_own(client, table):
    draws(table, 120)
    text = client.get(edit(table) + "?before=71").content.decode()
    assert rows_in(text) == list(range(70, 20, -1))
    assert 'href="?before=21"' in text and "Back to the latest hands" in text
    assert 'class="quick"' not in text  # no record forms on an older page
    assert 'data-total="0"' in text     # the totals are today's
    last = client.get(edit(table) + "?before=21").content.decode()
    assert rows_in(last) == list(range(20, 0, -1)) and 'href="?before=' not in last


def test_older_hands_under_htmx_are_the_rows_and_the_next_link_only(client, table):
    draws(table, 120)
    response = client.get(reverse("table-view", args=[table.view_token]) + "?before=71", **HTMX)
    text = response.content.decode()
    assert rows_in(text) == list(range(70, 20, -1))
    assert 'id="older-21"' in text and 'id="now"' not in text and 'id="board"' not in text


def test_the_rows_show_the_dealer_and_totals_each_hand_keeps(client, table):
    win(client, table, 1, 0, 10)   # Ann deals, Bob wins: the deal passes to Bob (Shanghai)
    win(client, table, 1, 0, 10)   # Bob deals and wins: he keeps it
    client.post(edit(table, "table-draw"))
    text = client.get(edit(table)).content.decode()
    assert re.findall(r"· (\w+) deals", text) == ["Bob", "Bob", "Ann"]
    first = table.hands.get(number=1)
    # An edit of hand 1 moves the deal: Ann wins it, keeps the deal, loses hand 2 to Bob.
    client.post(edit(table, "table-hand", first.pk), {"winner": 0, "source": "self",
                                                      "total": 6, "version": 1,
                                                      "action": "win"})
    text = client.get(edit(table)).content.decode()
    assert re.findall(r"· (\w+) deals", text) == ["Bob", "Ann", "Ann"]
    assert [h.totals for h in table.hands.all()] == [
        ["18", "-6", "-6", "-6"], ["8", "4", "-6", "-6"], ["8", "4", "-6", "-6"]]


def _without_keys(html: str) -> str:
    """A page with its one-time keys and CSRF tokens (new at every rendering) left out."""
    html = re.sub(r'"X-CSRFToken": "[^"]+"', '"X-CSRFToken": ""', html)
    html = re.sub(r'"once": "[0-9a-f]+"', '"once": ""', html)
    return re.sub(r'(name="(once|csrfmiddlewaretoken)" value=")[^"]+', r"\1", html)


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["riichi", "hongkong", "mcr"])
def test_the_rows_kept_rendered_are_the_rows_the_template_renders(client, variant, monkeypatch):
    """The board's rows come from the "rows" cache (views.row_html) as they would be rendered
    in the page: after saves, an edit, an undo, on both pages, in two languages."""
    from scoring.tables import views

    t = Table.objects.create(variant=variant, players=["Ann", "<b>Bob</b>", "Cy", "Di"])
    for k in range(6):
        t.add_hand(game.drawn if k % 3 == 2 else lambda pos, w=k % 4: game.quick_entry(
            variant, {}, pos, game.WinEntry(winner=w, self_drawn=True, total=8 if variant ==
                                            "mcr" else 3, fu=30 if variant == "riichi" else None,
                                            riichi=(w,) if variant == "riichi" else ())))
    second = t.hands.get(number=2)
    t.replace_hand(second.pk, second.version, game.drawn)
    t.place()
    last = t.hands.order_by("-number").first()
    t.delete_hand(last.pk, last.version)
    pages = [reverse("table-edit", args=[t.edit_token]), reverse("table-view", args=[t.view_token])]
    for language in ("en", "fr"):
        for url in pages:
            headers = {"HTTP_ACCEPT_LANGUAGE": language}
            cold = client.get(url, **headers).content.decode()
            warm = client.get(url, **headers).content.decode()
            with monkeypatch.context() as patched:
                patched.setattr(views, "row_html", lambda *args: "")
                included = client.get(url, **headers).content.decode()
            assert 'class="hand-row"' in included
            assert _without_keys(cold) == _without_keys(warm) == _without_keys(included)
