"""Security: a Content Security Policy on every answer that allows only the app's own scripts and
styles, CSRF on the form pages (the JSON API is csrf-exempt by design), production settings that
pass `check --deploy`, and the app served by gunicorn with them."""

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "scorer.example.org,127.0.0.1",
}
HAND = {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"}


def policy(response) -> dict:
    """The CSP header as {directive: [sources]}."""
    header = response["Content-Security-Policy"]
    return {name: sources for name, *sources in
            (part.split() for part in header.split(";") if part.strip())}


def assert_own_scripts_and_styles_only(response):
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    # the pocket engine (docs/pocket.md): WebAssembly may compile, no JavaScript eval
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert directives["worker-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "unsafe" not in response["Content-Security-Policy"].replace("'wasm-unsafe-eval'", "")


# Content Security Policy ------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/", "/?variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s",
                                 "/patterns/shanghai/", "/no-such-page/"])
def test_pages_carry_the_policy(client, url):
    assert_own_scripts_and_styles_only(client.get(url))


def test_the_htmx_fragment_carries_the_policy(client):
    assert_own_scripts_and_styles_only(client.get("/", HAND, HTTP_HX_REQUEST="true"))


@pytest.mark.parametrize("method, url", [("post", "/api/score"), ("post", "/api/settle"),
                                         ("get", "/api/variants"), ("get", "/api/health"),
                                         ("get", "/api/openapi.json")])
def test_the_api_carries_the_policy(client, method, url):
    if method == "post":
        response = client.post(url, json.dumps(HAND), content_type="application/json")
    else:
        response = client.get(url)
    assert_own_scripts_and_styles_only(response)


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


@pytest.mark.parametrize("template", TEMPLATES, ids=[str(t.relative_to(ROOT)) for t in TEMPLATES])
def test_templates_have_no_inline_script_style_or_handler(template):
    # The policy would block them: every script is a file (src=...), every style in site.css.
    text = template.read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline <script>"
    assert not re.search(r"<style\b", text), "inline <style>"
    assert not re.search(r"\sstyle\s*=", text), "style= attribute"
    assert not re.search(r"\son[a-z]+\s*=", text), "on...= event handler"
    assert not re.search(r"\bhx-on\b|\bhx-on[:-]", text), "hx-on handler (evaluated inline)"
    assert "javascript:" not in text


def test_htmx_is_told_not_to_inject_its_indicator_style(client):
    page = client.get("/").content.decode()
    config = re.search(r"""<meta name="htmx-config" content='([^']*)'>""", page).group(1)
    assert json.loads(config)["includeIndicatorStyles"] is False


# CSRF -------------------------------------------------------------------------------------------

@pytest.fixture
def strict():
    return Client(enforce_csrf_checks=True)


def test_a_form_post_without_the_csrf_token_is_refused(strict):
    response = strict.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert response.status_code == 403


def test_a_form_post_with_the_token_from_the_page_is_accepted(strict):
    page = strict.get("/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = strict.post("/i18n/setlang/", {"language": "fr", "next": "/",
                                              "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_htmx_requests_carry_the_token_in_a_header(strict):
    page = strict.get("/").content.decode()
    assert re.search(r"""<body[^>]*hx-headers='\{"X-CSRFToken": "[^"]+"\}'""", page)


@pytest.mark.parametrize("url", ["/api/score", "/api/settle"])
def test_the_json_api_is_csrf_exempt_by_design(strict, url):
    # No cookie, no token: a program posting JSON is not a browser form.
    response = strict.post(url, json.dumps(HAND), content_type="application/json")
    assert response.status_code in (200, 400)
    assert "ok" in response.json()


# Cookies ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("secure", [True, False], ids=["https", "http"])
def test_the_house_rules_cookie_is_secure_over_https(client, secure):
    response = client.get("/", HAND, secure=secure)
    cookie = response.cookies["house_rules"]
    assert bool(cookie["secure"]) is secure
    assert cookie["samesite"] == "Lax"


@pytest.mark.django_db
@pytest.mark.parametrize("secure", [True, False], ids=["https", "http"])
def test_the_table_edit_cookie_is_secure_over_https_and_hidden_from_scripts(client, secure):
    # It holds the table's edit token: a capability.
    from scoring.tables.models import Table
    table = Table.objects.create(name="Friday", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    response = client.get(f"/tables/e/{table.edit_token}/", secure=secure)
    cookie = response.cookies["mahjong_table"]
    assert bool(cookie["secure"]) is secure
    assert cookie["httponly"] is True


# Production settings ------------------------------------------------------------------------------

def run(args, env, **kwargs):
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DJANGO_", "GUNICORN_")) and k not in {"DATABASE_URL",
                                                                          "WEB_CONCURRENCY"}}
    return subprocess.run(args, cwd=ROOT, env={**clean, **env}, capture_output=True, text=True,
                          timeout=120, **kwargs)


SHOW = ("from django.conf import settings as s; import json; print(json.dumps({"
        "'debug': s.DEBUG, 'session_secure': s.SESSION_COOKIE_SECURE, "
        "'csrf_secure': s.CSRF_COOKIE_SECURE, 'hsts': s.SECURE_HSTS_SECONDS, "
        "'hsts_sub': s.SECURE_HSTS_INCLUDE_SUBDOMAINS, 'ssl_redirect': s.SECURE_SSL_REDIRECT, "
        "'static': s.STORAGES['staticfiles']['BACKEND'], 'hosts': s.ALLOWED_HOSTS, "
        "'body': s.DATA_UPLOAD_MAX_MEMORY_SIZE, 'csp': 'csp.middleware.CSPMiddleware' in "
        "s.MIDDLEWARE}))")


def test_check_deploy_passes_with_the_production_environment():
    done = run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
               PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_settings_come_from_the_environment():
    done = run([sys.executable, "manage.py", "shell", "--no-imports", "-c", SHOW], PRODUCTION)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "debug": False, "session_secure": True, "csrf_secure": True, "hsts": 31536000,
        # subdomains and preload only when the environment asks
        "hsts_sub": False, "ssl_redirect": True,
        "static": "mahjong_site.storage.MinifiedStaticFilesStorage",
        "hosts": ["scorer.example.org", "127.0.0.1"], "body": 65536, "csp": True}


def test_production_without_allowed_hosts_stops_the_start():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_ALLOWED_HOSTS"}
    done = run([sys.executable, "manage.py", "check"], env)
    assert done.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in done.stderr


# gunicorn -----------------------------------------------------------------------------------------

READ_CONFIG = ("import json, os, runpy; c = runpy.run_path('gunicorn.conf.py'); print(json.dumps("
               "{'bind': c['bind'], 'workers': c['workers'], 'debug': os.environ['DJANGO_DEBUG'],"
               " 'app': c['wsgi_app']}))")


def test_gunicorn_reads_bind_and_workers_from_the_environment():
    done = run([sys.executable, "-c", READ_CONFIG],
               {"GUNICORN_BIND": "0.0.0.0:9000", "WEB_CONCURRENCY": "3"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"bind": ["0.0.0.0:9000"], "workers": 3, "debug": "0",
                                       "app": "mahjong_site.wsgi:application"}


def test_gunicorn_defaults_to_loopback_port_8000_and_debug_off():
    done = run([sys.executable, "-c", READ_CONFIG], {})
    config = json.loads(done.stdout)
    assert (config["bind"], config["debug"]) == (["127.0.0.1:8000"], "0")
    assert config["workers"] == os.cpu_count() + 1


def test_gunicorn_refuses_a_worker_count_that_is_not_a_number():
    done = run([sys.executable, "-c", READ_CONFIG], {"WEB_CONCURRENCY": "many"})
    assert done.returncode != 0
    assert "WEB_CONCURRENCY='many'" in done.stderr


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url, data=None):
    """(status, headers, body) of one request, as through a TLS proxy on this machine."""
    request = urllib.request.Request(url, data=data, headers={
        "X-Forwarded-Proto": "https", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@pytest.fixture(scope="module")
def production_server(tmp_path_factory):
    """gunicorn with production settings on a free loopback port, static files collected."""
    tmp = tmp_path_factory.mktemp("production")
    port = free_port()
    env = {**PRODUCTION, "DJANGO_STATIC_ROOT": str(tmp / "static"),
           "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}", "DJANGO_SECURE_PROXY_SSL_HEADER": "1",
           "GUNICORN_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1"}
    collected = run([sys.executable, "manage.py", "collectstatic", "--noinput"], env)
    assert collected.returncode == 0, collected.stderr
    migrated = run([sys.executable, "manage.py", "migrate", "--noinput"], env)
    assert migrated.returncode == 0, migrated.stderr
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    server = subprocess.Popen([gunicorn, "-c", "gunicorn.conf.py"], cwd=ROOT, env={**clean, **env},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):  # up to about 30 s for the start, polled; not a timing assertion
        try:
            if fetch(base + "/api/health")[0] == 200:
                break
        except OSError:
            time.sleep(0.2)
    else:
        os.killpg(server.pid, signal.SIGTERM)
        pytest.fail("gunicorn did not start")
    yield base
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


def test_gunicorn_serves_the_page_with_hashed_compressed_static_files(production_server):
    status, headers, body = fetch(production_server + "/")
    assert status == 200
    assert "max-age=31536000" in headers["Strict-Transport-Security"]
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', body.decode()).group(1)
    status, headers, _ = fetch(production_server + css)
    assert status == 200
    assert "immutable" in headers["Cache-Control"]


def test_gunicorn_scores_through_the_api(production_server):
    status, _, body = fetch(production_server + "/api/score", json.dumps(HAND).encode())
    assert status == 200
    # 1A special eyes 1 + 2F one way to win 2 + 2H East pung, round and seat wind 2 x 2 = 7 fan
    assert json.loads(body)["total"] == 7


def test_gunicorn_answers_an_american_permalink_that_carries_the_tables_card(production_server):
    # The table's 70-hand card with a note on each hand, as players annotate theirs: its link is
    # longer than gunicorn's default request line (4094) and within the one set (8190).
    from urllib.parse import urlencode

    from tests.test_american_doors import CARD, WINDS

    card = "\r\n".join(row + ("  # concealed or exposed, see the card" if ":" in row else "")
                         for row in CARD.splitlines())
    query = urlencode({"variant": "american", "hand": WINDS, "american-card": card})
    assert 4094 < len(query) < 8000
    status, _, body = fetch(production_server + "/?" + query)
    assert status == 200
    # The card's w1 (35), no joker: doubled by the jokerless bonus to 70 points.
    assert 'data-total="35"' in body.decode() and "North pays East 140" in body.decode()


def test_gunicorn_refuses_plain_http_with_a_redirect_to_https(production_server):
    request = urllib.request.Request(production_server + "/api/health")
    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as refused:
        opener.open(request, timeout=10)
    assert refused.value.code == 301
    assert refused.value.headers["Location"].startswith("https://")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


# In a real browser --------------------------------------------------------------------------------

LISTEN = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));"""


@pytest.fixture
def csp_page(page):
    """The phone page (conftest.py), listening for policy violations and console messages."""
    page.console = []
    page.on("console", lambda message: page.console.append(message.text))
    page.add_init_script(LISTEN)
    page.expect = pytest.importorskip("playwright.sync_api").expect
    return page


def violations(page):
    blocked = [m for m in page.console if "Content Security Policy" in m]
    return page.evaluate("window.__csp") + blocked


@pytest.mark.browser
def test_the_page_works_under_the_policy_without_a_violation(csp_page):
    page = csp_page
    page.goto(page.base + "/")
    assert page.evaluate("document.documentElement.className") == "js"  # early.js ran
    # The contract's hand typed in the notation box: htmx fetches the result fragment.
    # 1A 1 + 2F 2 + 2H East pung for round and seat 2 x 2 = 7 fan.
    page.locator("input[name=hand]").fill("234m567p22s[EEE][789p]+2s")
    page.expect(page.locator("#result .score .big")).to_have_text("7")
    assert page.locator("style").count() == 0  # htmx injected no indicator style
    assert violations(page) == []
    page.goto(page.base + "/patterns/shanghai/")
    page.expect(page.locator("h1")).to_be_visible()
    assert violations(page) == []


@pytest.mark.browser
def test_the_browser_blocks_an_injected_inline_script(csp_page):
    # The policy is in force, not only sent: an inline script added to the page does not run.
    page = csp_page
    page.goto(page.base + "/")
    page.evaluate("""() => { const s = document.createElement("script");
                     s.textContent = "window.__ran = true"; document.head.append(s); }""")
    assert page.evaluate("window.__ran === undefined")
    assert any(v.startswith("script-src") for v in violations(page))
