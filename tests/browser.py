"""What the browser tests share: Debian's headless Chromium at phone size (360 x 780), through
Playwright. The `browser` and `page` fixtures are in conftest.py; screenshots go to /tmp/shots/
to be looked at, they are not compared.
"""

import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.core.signals import request_finished, request_started

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path("/tmp/shots")
PHONE_WIDTH = 360
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]


def phone(browser, live_server, host=None, **options):
    """A fresh touch context at phone size and a page in it; page.base is the server's url, on
    `host` where given (a second phone on 127.0.0.1 is a second origin, which `offline` can cut
    apart from the first)."""
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 780}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2, **options)
    page = context.new_page()
    page.base = live_server.url
    if host:
        page.base = page.base.replace(urlsplit(page.base).hostname, host, 1)
    CUT.discard(urlsplit(page.base).netloc)  # a new phone starts online
    server = live_server.thread.httpd
    if not issubclass(server.RequestHandlerClass, CutHosts):
        server.RequestHandlerClass = type("Cut" + server.RequestHandlerClass.__name__,
                                          (CutHosts, server.RequestHandlerClass), {})
    return context, page


CUT = set()  # the hosts (host:port) the test server answers nothing, as a dead network


class CutHosts:
    """The live server's request handler, refusing a request to a cut host with no answer at
    all: the connection closes and the browser's fetch fails as on a dead network."""

    def parse_request(self):
        if not super().parse_request():
            return False
        if self.headers.get("Host") in CUT:
            self.close_connection = True
            return False
        return True


class Answering:
    """The live server's threads answering a request now, marked by Django's own request
    signals. A test's teardown flushes the tables while the server may still be answering the
    closed phone's last request (a poll, a navigation's tail): on SQLite in memory that request
    shares the test's connection, and the flush failed with "database table is locked"."""

    def __init__(self):
        self.threads = set()
        self.lock = threading.Lock()
        request_started.connect(self.started, weak=False)
        request_finished.connect(self.finished, weak=False)

    def started(self, **kwargs):
        with self.lock:
            self.threads.add(threading.current_thread())

    def finished(self, **kwargs):
        with self.lock:
            self.threads.discard(threading.current_thread())

    def wait_until_idle(self, timeout=10):
        """Until every request begun is answered (or its thread is gone), at most `timeout` s."""
        deadline, me = time.monotonic() + timeout, threading.current_thread()
        while time.monotonic() < deadline:
            with self.lock:  # the test's own thread is not the server (its test client's calls)
                self.threads = {thread for thread in self.threads
                                if thread.is_alive() and thread is not me}
                if not self.threads:
                    return
            time.sleep(0.01)


ANSWERING = Answering()


def offline(page, cut=True):
    """Take `page`'s phone off the network, or back on: the browser's emulation (what its pages
    see: navigator.onLine, their fetches), and its host cut on the test server, because
    Playwright's emulation does not always reach the service worker's own fetches
    (microsoft/playwright#2311): a restarted worker posted a hand "offline" to the server."""
    page.context.set_offline(cut)
    host = urlsplit(page.base).netloc
    if cut:
        CUT.add(host)
    else:
        CUT.discard(host)


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
