"""What the browser tests share: Debian's headless Chromium at phone size (360 x 780), through
Playwright. The `browser` and `page` fixtures are in conftest.py; screenshots go to /tmp/shots/
to be looked at, they are not compared.
"""

from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path("/tmp/shots")
PHONE_WIDTH = 360
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]


def phone(browser, live_server, **options):
    """A fresh touch context at phone size and a page in it; page.base is the server's url."""
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 780}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2, **options)
    page = context.new_page()
    page.base = live_server.url
    return context, page


def shot(page, name, screen=False):
    """/tmp/shots/<name>.png, the whole page; with `screen`, <name>-screen.png too, what fits."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    if screen:
        page.screenshot(path=str(SHOTS / f"{name}-screen.png"))


def no_horizontal_scroll(page):
    # Compared with the 360 px layout width itself, not window.innerWidth: a mobile viewport
    # widens itself to fit what overflows, so innerWidth grows with the overflow.
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
