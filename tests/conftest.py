"""Fixtures shared by the test modules. The browser ones skip when Playwright or Debian's
Chromium is missing; see tests/browser.py."""

from pathlib import Path

import pytest

from tests.browser import ANSWERING, CHROMIUM, LAUNCH_ARGS, phone


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    # Playwright's sync API keeps an event loop running in this thread; Django then refuses
    # database calls from the test (the live server's flush, fixtures) unless told it is safe.
    with pytest.MonkeyPatch.context() as env:
        env.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=LAUNCH_ARGS)
            yield browser
            browser.close()


@pytest.fixture
def page(browser, live_server):
    context, page = phone(browser, live_server)
    yield page
    context.close()


@pytest.fixture(autouse=True)
def live_server_answered(request):
    """A live-server test's tables are flushed only once the server has answered every request
    already sent (the phones are closed by then: `page` and the tests' own `finally`). The
    database fixture is requested here so that it is torn down after this one."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")
    yield
    ANSWERING.wait_until_idle()


# Each test starts with empty abuse-limit counters without a fixture: django-ratelimit counts in
# the database's cache (mahjong_site/cache.py), a table of the test database, so a test's counts
# are rolled back with its transaction, or flushed with its tables (transactional and live-server
# tests).


@pytest.fixture(autouse=True)
def english_first():
    """Each test starts in English: a request in another language leaves Django's active
    language set in this thread (LocaleMiddleware activates it and nothing resets it), and a
    form built outside a request would speak it."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()
