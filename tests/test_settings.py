"""One settings module: safe with no configuration, strict in production."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from mahjong_site import settings

ROOT = Path(__file__).resolve().parent.parent

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "scorer.example.org",
}


def manage(*args, **env):
    """Run manage.py in a fresh process with only the given project variables set."""
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_check_deploy_without_a_warning():
    run = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_debug_on_needs_nothing_else():
    run = manage("check", DJANGO_DEBUG="1")
    assert run.returncode == 0, run.stdout + run.stderr


def test_zero_configuration_is_production_and_refuses_to_start_without_a_secret_key():
    run = manage("check")
    assert run.returncode != 0
    assert "DJANGO_SECRET_KEY" in run.stderr


def test_sqlite_queues_writers_instead_of_failing():
    options = settings.DATABASES["default"].get("OPTIONS", {})
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        assert options["transaction_mode"] == "IMMEDIATE"
        assert options["timeout"] >= 5
        assert "journal_mode=WAL" in options["init_command"]


def test_a_bad_boolean_stops_the_start_naming_the_variable():
    run = manage("check", DJANGO_DEBUG="maybe")
    assert run.returncode != 0
    assert "DJANGO_DEBUG='maybe'" in run.stderr


def test_production_without_a_secret_key_stops_the_start():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_SECRET_KEY"}
    run = manage("check", **env)
    assert run.returncode != 0
    assert "DJANGO_SECRET_KEY" in run.stderr


@pytest.mark.parametrize(
    "raw, expected", [("1", True), ("TRUE", True), ("on", True), ("0", False), ("no", False)]
)
def test_env_bool_reads_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("MAHJONG_TEST_FLAG", raw)
    assert settings.env_bool("MAHJONG_TEST_FLAG", not expected) is expected


def test_env_int_refuses_a_non_number(monkeypatch):
    monkeypatch.setenv("MAHJONG_TEST_INT", "ten")
    with pytest.raises(ImproperlyConfigured, match="MAHJONG_TEST_INT"):
        settings.env_int("MAHJONG_TEST_INT", 0)


def test_env_list_splits_on_commas_and_drops_blanks(monkeypatch):
    monkeypatch.setenv("MAHJONG_TEST_LIST", " a.org, ,b.org ")
    assert settings.env_list("MAHJONG_TEST_LIST", []) == ["a.org", "b.org"]


def test_whitenoise_comes_right_after_security_middleware():
    first, second = settings.MIDDLEWARE[:2]
    assert first == "django.middleware.security.SecurityMiddleware"
    assert second == "whitenoise.middleware.WhiteNoiseMiddleware"


def test_djangos_own_log_writes_paths_without_table_tokens():
    import logging

    from mahjong_site.redact import TokenFreeRecords
    record = logging.LogRecord("django.request", logging.WARNING, __file__, 1, "Not Found: %s",
                               ("/tables/e/Zx81_secret-token/hands/3/",), None)
    TokenFreeRecords().filter(record)
    assert record.getMessage() == "Not Found: /tables/e/…/hands/3/"
    assert "no_tokens" in settings.LOGGING["handlers"]["stderr"]["filters"]
