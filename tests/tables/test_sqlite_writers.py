"""Eight phones saving hands to one table at the same moment, on the default database (SQLite
in a file), through a real server: gunicorn with four worker processes, as `make prod` runs it.
No save fails, every acknowledged hand is stored once, the numbers run without gaps, the totals
are right."""

import http.cookiejar
import re
import sqlite3
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

from bench.serving import GUNICORN, gunicorn, server_env

WRITERS, EACH = 8, 6
pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 302 is the answer itself: the save was acknowledged


def browser():
    """A client with its own cookies (csrftoken), as one phone."""
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)


def form_post(opener, base, path, fields, page=None):
    """GET the page (`page`, or the form's own) for its CSRF token, then POST `fields`;
    (status, Location)."""
    page = opener.open(base + (page or path)).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
    request = urllib.request.Request(base + path, data=body, headers={"Referer": base + path})
    try:
        response = opener.open(request)
        return response.status, response.headers.get("Location")
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers.get("Location")


@pytest.fixture
def server(tmp_path):
    # SQLite in a file, whatever DATABASE_URL says (CI runs the suite again on PostgreSQL).
    env = server_env(tmp_path, WEB_CONCURRENCY="4",
                     DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    log = tmp_path / "server.log"
    with log.open("w") as errors, gunicorn(env, stderr=errors) as (base, _):
        yield base, tmp_path / "db.sqlite3"
    text = log.read_text()
    assert "Traceback" not in text and "database is locked" not in text, text


def test_eight_writers_on_sqlite_lose_nothing_and_fail_nothing(server):
    base, database = server
    status, location = form_post(browser(), base, "/tables/new", {
        "variant": "shanghai", "name": "Rush", "player0": "Ann", "player1": "Bob",
        "player2": "Cy", "player3": "Di"})
    assert status == 302, status
    edit = urllib.parse.urlsplit(location).path.rstrip("/")
    start = threading.Barrier(WRITERS)
    acknowledged, failures = [], []

    def writer(winner: int):
        phone = browser()
        start.wait()
        for _ in range(EACH):
            # Self-drawn, 10 fans: the three others pay the winner 10 each.
            status, _ = form_post(phone, base, f"{edit}/win", {
                "winner": str(winner), "source": "self", "total": "10"}, page=edit + "/")
            (acknowledged if status == 302 else failures).append((winner, status))

    threads = [threading.Thread(target=writer, args=(i % 4,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(acknowledged) == WRITERS * EACH
    with sqlite3.connect(database) as db:
        numbers = [n for (n,) in db.execute("SELECT number FROM scoring_tablehand ORDER BY number")]
    assert numbers == list(range(1, WRITERS * EACH + 1))
