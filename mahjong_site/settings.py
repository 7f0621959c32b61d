"""Settings for the Mahjong hand scorer: one module, driven by the environment.

DEBUG is off unless DJANGO_DEBUG says on (`make serve` and the tests say so); with DEBUG on
this is a development setup with nothing else to set (SQLite in `db.sqlite3`, local hosts
only). With DEBUG off, the start refuses to go on until the environment says everything that
matters:

    DJANGO_DEBUG=0                             (the default)
    DJANGO_SECRET_KEY=<50+ random characters>
    DJANGO_ALLOWED_HOSTS=scorer.example.org
    DATABASE_URL=postgres://...                (optional, SQLite otherwise)
    DJANGO_CACHE_URL=redis://host:6379/0       (optional, the database's cache otherwise;
                                                or memcached://host:11211)
    DJANGO_CSRF_TRUSTED_ORIGINS=https://...    (optional)
    DJANGO_SECURE_SSL_REDIRECT=1               (default 1 in production)
    DJANGO_SECURE_PROXY_SSL_HEADER=1           (behind a proxy that sets X-Forwarded-Proto)
    DJANGO_SECURE_HSTS_SECONDS=31536000
    DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS=1    (default 0: every subdomain HTTPS-only for a year)
    DJANGO_SECURE_HSTS_PRELOAD=1               (default 0: asks browsers to preload the domain)
    DJANGO_STATIC_ROOT=/srv/scorer/static      (optional: where collectstatic writes)

A value that cannot be read (DJANGO_DEBUG=maybe, a port that is not a number) stops
the start with an error that names the variable, rather than guessing.
"""

import os
import re
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from mahjong_site.cache import cache_from_url
from scoring.doors import MAX_REQUEST_SIZE

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name, default=None):
    """The variable's value; without a default, the variable is required."""
    value = os.environ.get(name)
    if value is None:
        if default is None:
            raise ImproperlyConfigured(f"The environment variable {name} must be set.")
        return default
    return value


def env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a boolean: use one of 1/0, true/false, yes/no, on/off."
    )


def env_int(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer.") from None


def env_rate(name, default):
    """A django-ratelimit rate, "count/period": 20/h, 120/m, 5/10s."""
    value = env_str(name, default)
    if not re.fullmatch(r"\d+/\d*[smhd]", value):
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a rate: write count/period, e.g. 120/m or 20/h."
        )
    return value


def env_list(name, default):
    """A comma-separated list; blank items are dropped."""
    value = os.environ.get(name)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)

if DEBUG:
    SECRET_KEY = env_str("DJANGO_SECRET_KEY", "django-insecure-development-only-key")
    ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
else:
    SECRET_KEY = env_str("DJANGO_SECRET_KEY")
    ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", [])
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "DJANGO_ALLOWED_HOSTS must name the site's hosts when DEBUG is off."
        )

CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "csp",
    "django_htmx",
    "mahjong_site",  # the shared cache's table
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "mahjong_site.pwa.KeptLanguageMiddleware",  # a page kept for another language (sw.js)
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Innermost: it sees the views' exceptions (a database that does not answer: 503).
    "mahjong_site.middleware.DatabaseDownMiddleware",
]

ROOT_URLCONF = "mahjong_site.urls"
WSGI_APPLICATION = "mahjong_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.i18n",
                "django.template.context_processors.request",
            ],
            # The tables' filters and QR code live with the tables (scoring/tables/).
            "libraries": {"table_tags": "scoring.tables.templatetags"},
        },
    },
    # The fragments the phone renders too (docs/pocket.md): the same Jinja2 files, here through
    # Django's backend (scoring.pocket.server), in the pocket engine's worker through
    # scoring.pocket.env.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "scoring" / "pocket" / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "scoring.pocket.server.server_environment"},
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 0),
        conn_health_checks=True,
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones saving at once: a write transaction takes SQLite's write lock when it
    # begins (IMMEDIATE), so two writers queue instead of one failing with "database is locked"
    # when it upgrades a read lock; a waiting writer waits up to `timeout` seconds; WAL lets pages
    # be read while a hand is written.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": env_int("DJANGO_SQLITE_TIMEOUT", 20),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache, shared by every worker and machine on the same database (the abuse limits below
# are counted in it): the database's own by default, Redis or memcached by DJANGO_CACHE_URL
# (mahjong_site/cache.py).
CACHES = {"default": cache_from_url("DJANGO_CACHE_URL", os.environ.get("DJANGO_CACHE_URL")),
          # Pages the same for every reader (the pattern library, scoring.views.patterns), kept
          # in each worker's memory: read in microseconds, no database (they stay up while it is
          # down), each worker rendering a page once per deploy.
          "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                    "LOCATION": "pages"},
          # A table's CSV for its version and language (scoring.tables.views.export_csv), in each
          # worker's memory: made from each hand's kept line, it costs less to make again in
          # another worker than to write to the shared cache; a few dozen kept at most.
          "csv": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                  "LOCATION": "csv", "OPTIONS": {"MAX_ENTRIES": 40}},
          # A board's rows as rendered (scoring.tables.views.row_html), in each worker's memory:
          # under everything a row shows, so a board after a save renders its new rows only.
          "rows": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                   "LOCATION": "rows", "OPTIONS": {"MAX_ENTRIES": 2000}}}

# Abuse limits on the tables (django-ratelimit, counted in the cache above), per client address:
# the key is 'ip', REMOTE_ADDR. Behind a proxy on this machine REMOTE_ADDR is the proxy, so every
# client shares one count: name the header the proxy sets to the client's address (and that a
# client cannot set through it) in DJANGO_RATELIMIT_IP_META_KEY, e.g. HTTP_X_REAL_IP. Rates are
# django-ratelimit's "count/period" (period s, m, h or d); generous for a real table.
RATELIMIT_USE_CACHE = "default"
RATELIMIT_IP_META_KEY = env_str("DJANGO_RATELIMIT_IP_META_KEY", "") or None
TABLES_NEW_RATE = env_rate("DJANGO_TABLES_NEW_RATE", "20/h")     # tables opened per address
TABLES_WRITE_RATE = env_rate("DJANGO_TABLES_WRITE_RATE", "120/m")  # saves per address
TABLES_MAX_HANDS = env_int("DJANGO_TABLES_MAX_HANDS", 2000)       # hands one table keeps

LANGUAGE_CODE = "en"
# Each language named in its own language, as a switch shows them. Browsers asking for zh-CN or
# zh-SG get zh-hans, for zh-TW, zh-HK or zh-MO zh-hant (Django's fallbacks, tests/test_i18n_zh.py).
LANGUAGES = [("en", "English"), ("fr", "Français"),
             ("zh-hans", "简体中文"), ("zh-hant", "繁體中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
# build/static: the pocket engine's runtime and pack (`make pocket`; absent before it, and then
# the page simply has no pocket engine).
POCKET_STATIC = BASE_DIR / "build" / "static"
STATICFILES_DIRS = [BASE_DIR / "static"] + ([POCKET_STATIC] if POCKET_STATIC.is_dir() else [])
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles")))  # collectstatic
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "mahjong_site.storage.MinifiedStaticFilesStorage"
        ),
    },
}

# Bounded input: no request makes the server work for long. A JSON body over this size is a 413
# with the error shape (scoring.views); the engine bounds hands, cards and deals itself. The number
# lives with the doors (Django-free) because the command line, which starts without Django, reads
# it too.
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_SIZE

# Only the app's own scripts and styles: no inline script or style (htmx's indicator style is
# turned off by the htmx-config meta tag in base.html), no eval, no framing. `data:` images are
# for the empty favicon. The pocket engine (docs/pocket.md) adds only what WebAssembly needs:
# 'wasm-unsafe-eval' compiles Pyodide's .wasm (no JavaScript eval), and its worker is our own file.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, "'wasm-unsafe-eval'"],
        "worker-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Errors reach standard error with their tracebacks (the server's log), whatever DEBUG is;
# warnings too (a 4xx is logged by django.request as a warning, without the request's query).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "filters": {"no_tokens": {"()": "mahjong_site.redact.TokenFreeRecords"},
                "one_line": {"()": "mahjong_site.middleware.OneLineWarning"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain",
                            "filters": ["no_tokens"], "stream": "ext://sys.stderr"},
                 "stderr_one_line": {"class": "logging.StreamHandler", "formatter": "plain",
                                     "filters": ["no_tokens", "one_line"],
                                     "stream": "ext://sys.stderr"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        # A request for a host this site is not (anyone can send them, by the thousand): one
        # warning line each, without a traceback.
        "django.security.DisallowedHost": {"handlers": ["stderr_one_line"], "level": "WARNING",
                                           "propagate": False},
    },
}

# Follows the environment's DEBUG, not the runtime one: the test runner turns DEBUG off, and tests
# (live-server browser tests included) should still find static files without collectstatic.
WHITENOISE_AUTOREFRESH = DEBUG

if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31536000)
    # Subdomains and the preload list bind every host under the domain for good: only on request.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", False)
    # check --deploy asks for both; leaving them off is this deployment's decision, not a slip.
    SILENCED_SYSTEM_CHECKS = (["security.W005"] if not SECURE_HSTS_INCLUDE_SUBDOMAINS else []) + (
        ["security.W021"] if not SECURE_HSTS_PRELOAD else [])
    if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
