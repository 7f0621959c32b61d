"""Serving that holds at a club and past one machine (issue 31), with real servers: gunicorn
processes started as `make prod` starts them, sharing one database.

- The tables' abuse limits are counted in the database's cache (mahjong_site/cache.py): one count
  for every worker of every server on the database, kept across a restart, and exact when two
  servers count the same address at the same moment.
- A database that does not answer is a 503 with Retry-After on pages and API alike, the API in
  the contract's error shape, a form's page saying nothing was saved and keeping what was typed;
  /api/health (liveness) still answers, /api/ready (readiness) says what is down.
- A request for a host this site is not is one warning line in the log, without a traceback.
"""

import gzip
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli
import pytest
from django.core.cache import caches
from django.db import InterfaceError, OperationalError, connection

from mahjong_site.cache import DatabaseCache, cache_from_url
from mahjong_site.middleware import DatabaseDownMiddleware, OneLineWarning
from tests.test_security import PRODUCTION, free_port

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
PLAYERS = {"name": "Club night", "variant": "shanghai", "player0": "Ann", "player1": "Bob",
           "player2": "Cy", "player3": "Di"}


COLLECTED = {"root": ""}  # where static_root collected the module's static files


@pytest.fixture(scope="module", autouse=True)
def static_root(tmp_path_factory):
    """Production serves the collected, hashed static files: collected once for the module."""
    folder = tmp_path_factory.mktemp("static")
    COLLECTED["root"] = str(folder)
    done = subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput"], cwd=ROOT,
                          env=environment("sqlite:///:memory:"), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return folder


def environment(database_url, **extra):
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DJANGO_", "GUNICORN_")) and k not in {"DATABASE_URL",
                                                                          "WEB_CONCURRENCY"}}
    return {**clean, **PRODUCTION, "DATABASE_URL": database_url,
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_STATIC_ROOT": COLLECTED["root"], **extra}


class Server:
    """gunicorn on a free loopback port; its log (standard error) in a file."""

    def __init__(self, env, log: Path, workers=2):
        self.port = free_port()
        self.log = log
        with open(log, "ab") as out:
            self.process = subprocess.Popen(
                [GUNICORN, "-c", "gunicorn.conf.py"], cwd=ROOT, stdout=subprocess.DEVNULL,
                stderr=out, start_new_session=True,
                env={**env, "GUNICORN_BIND": f"127.0.0.1:{self.port}",
                     "WEB_CONCURRENCY": str(workers)})
        for _ in range(150):  # up to about 30 s for the start, polled; not a timing assertion
            try:
                if self.request("GET", "/api/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        pytest.fail("gunicorn did not start:\n" + log.read_text())

    def request(self, method, path, body=None, headers=None):
        """(status, headers, body): one request, redirects not followed."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, response.headers, response.read().decode()
        finally:
            conn.close()

    def csrf(self):
        """(cookie header, form token) from the scoring page, which reads no database."""
        status, headers, body = self.request("GET", "/")
        assert status == 200, body
        cookie = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
        return f"csrftoken={cookie}", token

    def post_form(self, path, fields, csrf):
        cookie, token = csrf
        return self.request("POST", path, urllib.parse.urlencode(
            {**fields, "csrfmiddlewaretoken": token}), {
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})

    def stop(self):
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)


def migrated(env):
    done = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# The cache's settings ---------------------------------------------------------------------------

def test_the_default_cache_is_the_databases_own():
    assert cache_from_url("DJANGO_CACHE_URL", None)["BACKEND"] == "mahjong_site.cache.DatabaseCache"
    assert cache_from_url("DJANGO_CACHE_URL", "")["LOCATION"] == "mahjong_cache"


@pytest.mark.parametrize("url, backend, location", [
    ("redis://cache.internal:6379/0", "django.core.cache.backends.redis.RedisCache",
     "redis://cache.internal:6379/0"),
    ("rediss://cache.internal:6380", "django.core.cache.backends.redis.RedisCache",
     "rediss://cache.internal:6380"),
    ("memcached://10.0.0.5:11211", "django.core.cache.backends.memcached.PyMemcacheCache",
     ["10.0.0.5:11211"]),
    ("memcached://a:11211,b:11211/", "django.core.cache.backends.memcached.PyMemcacheCache",
     ["a:11211", "b:11211"]),
])
def test_a_cache_url_picks_djangos_own_backend(url, backend, location):
    assert cache_from_url("DJANGO_CACHE_URL", url) == {"BACKEND": backend, "LOCATION": location}


@pytest.mark.parametrize("url", ["redis", "locmem://", "memcached://", "http://cache:80"])
def test_a_cache_url_this_site_does_not_know_stops_the_start(url):
    done = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120,
                          env=environment("sqlite:///:memory:", DJANGO_CACHE_URL=url))
    assert done.returncode != 0
    assert f"DJANGO_CACHE_URL={url!r} is not a cache this site knows" in done.stderr


@pytest.mark.django_db
def test_migrate_makes_the_cache_table():
    assert "mahjong_cache" in connection.introspection.table_names()
    cache = caches["default"]
    assert isinstance(cache, DatabaseCache)
    cache.set("seen", 1)
    cache.incr("seen", 2)
    assert cache.get("seen") == 3


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="the row lock is PostgreSQL's (SQLite: tested with two servers below)")
@pytest.mark.django_db(transaction=True)
def test_increments_from_many_connections_at_once_are_each_counted_on_postgresql():
    cache = caches["default"]
    cache.add("count", 0)
    start = threading.Barrier(8)

    def count(_):
        start.wait()
        try:
            for _ in range(10):
                cache.incr("count")
        finally:
            connection.close()  # each thread's own connection

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(count, range(8)))
    assert cache.get("count") == 80


# The limits across processes ----------------------------------------------------------------------

def opened(status):
    return {302: "opened", 429: "refused"}[status]


def test_the_new_tables_limit_holds_across_two_servers_and_a_restart(tmp_path):
    env = environment(f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_TABLES_NEW_RATE="6/h")
    migrated(env)
    one, two = Server(env, tmp_path / "one.log"), Server(env, tmp_path / "two.log")
    try:
        csrf = one.csrf()  # one secret key: the same token works on both
        # Four, one after the other, alternating servers (and workers): four tables.
        assert [opened(server.post_form("/tables/new", PLAYERS, csrf)[0])
                for server in (one, two, one, two)] == ["opened"] * 4
        # Twelve more at once, half to each: exactly the two the rate has left open.
        with ThreadPoolExecutor(6) as pool:
            statuses = list(pool.map(
                lambda server: server.post_form("/tables/new", PLAYERS, csrf)[0],
                [one, two] * 6))
        assert sorted(opened(status) for status in statuses) == ["opened"] * 2 + ["refused"] * 10
        # A restart forgets nothing: the count is in the database.
        one.stop()
        one = Server(env, tmp_path / "one-again.log")
        status, headers, body = one.post_form("/tables/new", PLAYERS, csrf)
        assert status == 429 and headers["Retry-After"] == "60"
        assert "Nothing was saved" in body
    finally:
        one.stop()
        two.stop()


def test_a_bad_host_is_one_warning_line_without_a_traceback(tmp_path):
    env = environment(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrated(env)
    server = Server(env, tmp_path / "server.log", workers=1)
    try:
        for _ in range(3):
            assert server.request("GET", "/", headers={"Host": "evil.example"})[0] == 400
    finally:
        server.stop()
    lines = [line.split(" ", 2)[2]  # after the date and time
             for line in (tmp_path / "server.log").read_text().splitlines()
             if "[INFO]" not in line]  # gunicorn's own start and stop
    assert lines == ["WARNING django.security.DisallowedHost: Invalid HTTP_HOST header: "
                     "'evil.example'. You may need to add 'evil.example' to ALLOWED_HOSTS."] * 3


def test_one_line_warning_cuts_a_long_message_and_drops_the_traceback():
    import logging

    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord("django.security.DisallowedHost", logging.ERROR, __file__, 1,
                                   "Invalid HTTP_HOST header: %r\nsecond line", ("x" * 500,),
                                   sys.exc_info())
    assert OneLineWarning().filter(record)
    text = logging.Formatter("{levelname} {message}", style="{").format(record)
    assert text.startswith("WARNING Invalid HTTP_HOST header: 'xxx") and "\n" not in text
    assert len(record.getMessage()) == 300 and "Traceback" not in text


def test_the_server_starts_with_what_start_up_made_out_of_the_collectors_sight(tmp_path):
    """mahjong_site/wsgi.py, as gunicorn loads it: every view imported, then `gc.freeze`, so a
    full collection during a request walks only what requests made."""
    script = ("import gc, sys; import mahjong_site.wsgi; "
              "print(gc.get_freeze_count(), 'scoring.tables.views' in sys.modules, "
              "'scoring.engine.variants.riichi' in sys.modules)")
    env = environment(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.split()
    assert int(out[0]) > 10000 and out[1:] == ["True", "True"]


# The static files as production serves them ------------------------------------------------------

def collected(name: str) -> Path:
    """The hashed file collectstatic made of static `name`."""
    manifest = json.loads((Path(COLLECTED["root"]) / "staticfiles.json").read_text())
    return Path(COLLECTED["root"]) / manifest["paths"][name]


def test_production_serves_the_projects_scripts_minified_and_still_valid():
    """mahjong_site/storage.py: the comments and spaces of static/js and static/css gone, the
    scripts still JavaScript (Node parses each), the stylesheet's font still found by its hashed
    name, the gzip and brotli copies WhiteNoise sends made of the minified file."""
    scripts = sorted(p.name for p in (ROOT / "static" / "js").glob("*.js"))
    assert "scorer.js" in scripts and "htmx.min.js" in scripts
    for name in scripts:
        source, made = (ROOT / "static" / "js" / name).read_text(), collected(f"js/{name}")
        if name.endswith(".min.js"):
            assert made.read_text() == source  # minified already: kept as it is
            continue
        assert len(made.read_text()) < 0.8 * len(source), name
        assert "/* " not in made.read_text(), name
        checked = subprocess.run(["node", "--check", str(made)], capture_output=True, text=True)
        assert checked.returncode == 0, f"{name}: {checked.stderr}"
        if name == "early.js":  # too small to gain from compression: none made
            continue
        assert gzip.decompress(Path(f"{made}.gz").read_bytes()) == made.read_bytes()
        assert brotli.decompress(Path(f"{made}.br").read_bytes()) == made.read_bytes()
    css = collected("css/site.css").read_text()
    assert "/*" not in css and "\n" not in css.strip()
    font = collected("fonts/tile-faces.woff2").name
    assert f'url("../fonts/{font}")' in css or f"url(../fonts/{font})" in css


# The database down ------------------------------------------------------------------------------

NOWHERE = {
    # A folder that does not exist: SQLite cannot open the file.
    "sqlite": lambda tmp_path: f"sqlite:///{tmp_path / 'gone' / 'db.sqlite3'}",
    # A port nothing listens on: the connection is refused.
    "postgresql": lambda tmp_path: f"postgres://mahjong@127.0.0.1:{free_port()}/mahjong",
}


@pytest.fixture(params=sorted(NOWHERE))
def server_without_database(request, tmp_path):
    server = Server(environment(NOWHERE[request.param](tmp_path)), tmp_path / "server.log",
                    workers=1)
    yield server
    server.stop()


def test_without_its_database_the_server_is_alive_but_not_ready(server_without_database):
    server = server_without_database
    assert server.request("GET", "/api/health")[0] == 200
    status, headers, body = server.request("GET", "/api/ready")
    assert (status, headers["Retry-After"]) == (503, "10")
    assert json.loads(body) == {"ok": False, "error": {
        "code": "unavailable", "down": ["database", "cache"],
        "message": "Not ready: the database is not answering; the cache is not answering."}}
    # Scoring needs no database: it goes on.
    status, _headers, body = server.request(
        "POST", "/api/score",
        json.dumps({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"}),
        {"Content-Type": "application/json"})
    assert status == 200 and json.loads(body)["ok"] is True


def test_without_its_database_a_form_is_a_503_that_keeps_what_was_typed(server_without_database):
    server = server_without_database
    status, headers, body = server.post_form("/tables/new", PLAYERS, server.csrf())
    assert (status, headers["Retry-After"]) == (503, "10")
    assert "The scorer&#x27;s database is not answering. Nothing was saved." in body
    for name, value in PLAYERS.items():  # shown, and sent again by the button
        assert f"<dt>{name}</dt><dd>{value}</dd>" in body
        assert f'<input type="hidden" name="{name}" value="{value}">' in body
    assert 'action="/tables/new"' in body and "Send it again" in body
    # A page that reads the database: the same 503, nothing to keep.
    status, headers, body = server.request("GET", "/tables/" + "v" * 22 + "/")
    assert (status, headers["Retry-After"]) == (503, "10")
    assert "Nothing was saved" not in body and "not answering" in body
    log = server.log.read_text()
    assert "Traceback" not in log
    assert "WARNING mahjong_site.unavailable: The database did not answer (503)" in log


@pytest.mark.parametrize("error", [OperationalError("server closed the connection"),
                                   InterfaceError("connection already closed")],
                         ids=["operational", "interface"])
def test_an_api_that_loses_its_database_answers_503_in_the_contracts_error_shape(rf, error):
    request = rf.post("/api/settle", "{}", content_type="application/json")
    response = DatabaseDownMiddleware(lambda request: None).process_exception(request, error)
    assert (response.status_code, response["Retry-After"]) == (503, "10")
    assert json.loads(response.content) == {"ok": False, "error": {
        "code": "unavailable", "down": ["database"], "message": (
            "The scorer's database is not answering. Nothing was saved. "
            "Try again in a few seconds.")}}


def test_other_exceptions_are_left_to_django(rf):
    middleware = DatabaseDownMiddleware(lambda request: None)
    assert middleware.process_exception(rf.get("/"), ValueError("not the database")) is None


@pytest.mark.django_db
def test_a_rate_limits_add_and_incr_are_few_round_trips_and_keep_djangos_answers():
    from django.test.utils import CaptureQueriesContext

    cache = caches["default"]
    assert cache.add("hits", 0, 60) is True
    with CaptureQueriesContext(connection) as seen:
        assert cache.add("hits", 5, 60) is False  # there: one read
    assert len(seen) == 1
    with CaptureQueriesContext(connection) as seen:
        assert cache.incr("hits") == 1 and cache.incr("hits", 4) == 5
    assert len([q for q in seen if q["sql"].startswith(("SELECT", "UPDATE"))]) == 4
    assert cache.get("hits") == 5
    with pytest.raises(ValueError, match="not found"):
        cache.incr("never")
    cache.set("gone", 3, 60)
    cache.touch("gone", -1)  # expired
    with pytest.raises(ValueError, match="not found"):
        cache.incr("gone")
    assert cache.add("gone", 7, 60) is True and cache.get("gone") == 7


def test_under_htmx_a_503_is_the_message_and_the_form_swapped_into_the_page(rf):
    """htmx swaps no error answer unless told: base.html's htmx-config swaps a 503, and the
    answer is the page's content only, retargeted to <main>, with what was typed."""
    request = rf.post("/tables/new", {"name": "Club night", "once": "k1"},
                      HTTP_HX_REQUEST="true")
    response = DatabaseDownMiddleware(lambda r: None).process_exception(
        request, OperationalError("gone"))
    body = response.content.decode()
    assert (response.status_code, response["Retry-After"]) == (503, "10")
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("main", "innerHTML")
    assert "<html" not in body and "Nothing was saved." in body
    assert '<input type="hidden" name="name" value="Club night">' in body
    config = json.loads(re.search(r"name=\"htmx-config\" content='([^']+)'",
                                  (ROOT / "templates" / "base.html").read_text()).group(1))
    assert {"code": "503", "swap": True, "error": True} in config["responseHandling"]
    plain = DatabaseDownMiddleware(lambda r: None).process_exception(
        rf.post("/tables/new", {"name": "Club night"}), OperationalError("gone"))
    assert "<html" in plain.content.decode() and "HX-Retarget" not in plain
