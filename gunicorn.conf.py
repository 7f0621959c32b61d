"""Gunicorn's settings for the scorer (read by `gunicorn` from the working directory).

From the environment, like the Django settings:

    GUNICORN_BIND=127.0.0.1:8000     where to listen (a proxy in front serves the internet)
    WEB_CONCURRENCY=3                worker processes (default: one per core + 1)
    GUNICORN_TIMEOUT=30              seconds a worker may be silent before it is restarted
    GUNICORN_ACCESS_LOG=1            one access-log line per request on standard output
                                     (a table's token never in it: TokenFreeLogger)

A value that cannot be read stops the start with an error naming the variable. Serving under
gunicorn is production: DJANGO_DEBUG is 0 unless the environment says otherwise, so the Django
settings then require DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS.
"""

import multiprocessing
import os
import sys

from gunicorn.glogging import Logger

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the project, for its modules
from mahjong_site.redact import without_tokens  # noqa: E402


def _int(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise SystemExit(f"{name}={value!r} is not an integer.") from None
    if number < 1:
        raise SystemExit(f"{name}={value!r} must be 1 or more.")
    return number


os.environ.setdefault("DJANGO_DEBUG", "0")  # before the workers load the settings

wsgi_app = "mahjong_site.wsgi:application"
bind = [os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")]
# Scoring is CPU work of about a millisecond, no waiting on I/O: one process per core (and one to
# cover a worker being replaced), sync workers, one request each, no threads. The load benchmark
# measured 2-5 workers on 2 cores; more than cores + 1 only added switching, gthread was slower.
workers = _int("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1)
worker_class = "sync"
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = 10
# A worker is replaced after this many requests (with jitter, so not all at once): bounded memory.
max_requests = 5000
max_requests_jitter = 500
# Request line and headers stay bounded; bodies are bounded by Django (64 KiB -> 413). The line is
# gunicorn's largest bounded value: an American permalink carries the table's pasted card (a
# 70-line card is about 3-4 KB of query), and htmx repeats the page's URL in HX-Current-URL.
limit_request_line = 8190
limit_request_fields = 50
limit_request_field_size = 8190
# Trust X-Forwarded-* only from a proxy on this machine (the default, stated).
forwarded_allow_ips = "127.0.0.1,::1"
accesslog = "-" if os.environ.get("GUNICORN_ACCESS_LOG", "0") in {"1", "true", "yes"} else None

# Every value the access log can write (the request line, the path, the referer, any header, a
# redirect's Location) has a table's tokens replaced by "…" (mahjong_site/redact.py says why).
class TokenFreeLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {name: without_tokens(value) for name, value in atoms.items()}


logger_class = TokenFreeLogger
errorlog = "-"
# No runtime control socket (gunicornc): nothing to manage from outside, and two servers on one
# machine (the load benchmark next to a running one) would share its default path.
control_socket_disable = True
