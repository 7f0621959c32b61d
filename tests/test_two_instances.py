"""Past one machine (issue 31, docs/deployment.md): two app instances (two gunicorn processes on
two loopback ports, two workers each) behind one address, on one database and its shared cache.

The tables' abuse limits are one count across both instances; a form sent to both (its one-time
key, the same CSRF token) is stored once and both answers send the phone to the same page. On
SQLite (one file) and, when the suite runs on PostgreSQL (DATABASE_URL), on a database of its own
on that server."""

import os
import re
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from bench.serving import RoundRobin
from bench.writers import stored_numbers

# static_root: the collected static files production serves, for this module too.
from tests.test_serving import PLAYERS, Server, environment, migrated, static_root  # noqa: F401


@pytest.fixture
def database(tmp_path):
    """A database URL for the two instances: a SQLite file, or a fresh PostgreSQL database."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'db.sqlite3'}"
        return
    import psycopg

    admin = url.replace("postgres://", "postgresql://", 1)
    name = f"two_instances_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin, autocommit=True) as db:
            db.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture
def instances(database, tmp_path):
    env = environment(database, DJANGO_TABLES_NEW_RATE="3/h")
    migrated(env)
    one, two = Server(env, tmp_path / "one.log"), Server(env, tmp_path / "two.log")
    front = RoundRobin([one.port, two.port])
    address = Server.__new__(Server)  # the one address, spoken to as to a server
    address.port = front.port
    yield database, one, two, address
    front.close()
    one.stop()
    two.stop()


def test_limits_and_one_time_keys_hold_across_two_instances(instances):
    database, one, two, address = instances
    csrf = address.csrf()  # one secret key: a token from either works on both
    # The limit (3 tables an hour per address): three through the one address, taking turns
    # between the instances; then refused by each instance alike.
    statuses = [address.post_form("/tables/new", {**PLAYERS, "once": str(uuid.uuid4())}, csrf)
                for _ in range(3)]
    assert [s for s, _h, _b in statuses] == [302] * 3
    edit = statuses[0][1]["Location"]
    assert [server.post_form("/tables/new", {**PLAYERS, "once": str(uuid.uuid4())}, csrf)[0]
            for server in (one, two)] == [429, 429]
    # One form (its one-time key as the page made it), sent to both instances at once, then to
    # both again (a retry after a lost answer): one hand stored, every answer the same page.
    status, _headers, page = address.request("GET", edit)
    assert status == 200
    once = re.search(r'name="once" value="([^"]+)"', page).group(1)
    form = {"winner": "1", "source": "self", "total": "10", "once": once}
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda server: server.post_form(edit + "win", form, csrf),
                                [one, two]))
    answers += [server.post_form(edit + "win", form, csrf) for server in (two, one)]
    assert [status for status, _h, _b in answers] == [302] * 4
    assert len({headers["Location"] for _s, headers, _b in answers}) == 1
    assert stored_numbers(database, edit.strip("/").split("/")[-1]) == [1]
    for server in (one, two):
        assert "Traceback" not in server.log.read_text()
