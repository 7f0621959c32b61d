"""The shared cache: where the tables' abuse limits are counted (django-ratelimit), so that a
limit holds across gunicorn's workers, their restarts and several machines on one database.

By default it is Django's database cache in the site's own database (SQLite or PostgreSQL: no
server to run). Its table is a model (`CacheEntry`, migrated like every other table, so `make
serve`, `make prod` and the test database all have it, and a test database's flush empties it).
DJANGO_CACHE_URL=redis://host:6379/0 or memcached://host:11211 picks Django's own Redis or
memcached backend instead (install redis-py or pymemcache for it: neither is a requirement).
"""

import base64
import pickle

from django.core.cache.backends import db
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router, transaction
from django.utils import timezone

TABLE = "mahjong_cache"
# Counts of many addresses at once: Django's default (300 entries, then a third culled) would
# drop a busy hour's counts.
MAX_ENTRIES = 50_000


def cache_from_url(name, url) -> dict:
    """The CACHES entry an environment variable's URL names; unset or empty: the database's."""
    if not url:
        return {"BACKEND": "mahjong_site.cache.DatabaseCache", "LOCATION": TABLE,
                "OPTIONS": {"MAX_ENTRIES": MAX_ENTRIES}}
    scheme, _sep, rest = url.partition("://")
    if scheme in ("redis", "rediss") and rest:
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    if scheme == "memcached" and rest:
        return {"BACKEND": "django.core.cache.backends.memcached.PyMemcacheCache",
                "LOCATION": [server for server in rest.rstrip("/").split(",") if server]}
    raise ImproperlyConfigured(
        f"{name}={url!r} is not a cache this site knows: leave it unset (the database), or "
        "write redis://host:6379/0 or memcached://host:11211.")


class DatabaseCache(db.DatabaseCache):
    """Django's database cache with an increment that two processes cannot interleave, and the
    two calls a rate limit makes on every save (`add`, then `incr`) in fewer round trips.

    Django's `incr` reads the count and writes it back: two workers counting the same address at
    once could both write n + 1. Here the read and the write are one transaction holding the row:
    PostgreSQL locks it (SELECT ... FOR UPDATE); SQLite's write transactions take the database's
    write lock when they begin (the settings' IMMEDIATE mode), so they queue. The transaction is
    two statements (Django's `incr` is a `get` and a `set`: a count of the whole table to cull
    it, a savepoint, a read and a write, under the lock). `add` of a key that is there (every
    save but a period's first) answers False after one read, instead of counting the table and
    taking a transaction first (issue 31: a save's time at 16 phones)."""

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        if self.has_key(key, version=version):
            return False
        return super().add(key, value, timeout, version)

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        quote = connection.ops.quote_name
        table, column = quote(self._table), quote("cache_key")
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        now = timezone.now().replace(microsecond=0, tzinfo=None)
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            cursor.execute(f"SELECT {quote('value')} FROM {table} WHERE {column} = %s AND "
                           f"{quote('expires')} > %s{lock}",
                           [key, connection.ops.adapt_datetimefield_value(now)])
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            value = pickle.loads(base64.b64decode(connection.ops.process_clob(row[0]).encode()))
            value += delta
            cursor.execute(f"UPDATE {table} SET {quote('value')} = %s WHERE {column} = %s", [
                base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1"),
                key])
        return value
