"""The pocket engine's Python entry: what static/js/pocket-worker.js calls in Pyodide (and the
tests under CPython). JSON in, JSON out; no Django. The worker unpacks the pack (build.py) into
its working folder and imports this module.

- render(path, pairs, language, urls, cookies): the htmx fragment the server would answer (or a
  trainer's drill page's content), or None where the server must answer (a path or a field the
  phone does not read).
- call(name, args): a pure call into scoring/tables/game.py (CALLS).
"""

import json
from http import cookies as http_cookies
from urllib.parse import urlencode

from scoring.engine.messages import LOCALE_DIR
from scoring.engine.variants.american import is_card_text
from scoring.pocket.env import environment
from scoring.pocket.lang import catalog_lang
from scoring.pocket.reading import read
from scoring.pocket.view import compare_asked, compare_context, fragment_context

ENV = environment()
HOUSE_COOKIE, YEAR = "house_rules", 365 * 24 * 3600  # scoring/views.py's


def parse_cookie(text: str) -> dict:
    """document.cookie as Django reads a Cookie header (django.http.cookie.parse_cookie)."""
    found = {}
    for chunk in text.split(";"):
        key, sep, value = chunk.partition("=")
        key, value = (key.strip(), value.strip()) if sep else ("", chunk.strip())
        if key or value:
            found[key] = http_cookies._unquote(value)
    return found


def render(path: str, pairs, language: str, urls: dict, cookies: "str | dict" = "",
           secure: bool = False, table: dict | None = None):
    """The fragment for an htmx request to `path` with the form's `pairs`: {"html",
    "replace_url"} (the permalink the address bar shows, as HX-Replace-Url), or None.
    `cookies`: document.cookie (the house rules); "cookie": the house_rules cookie to set, as
    the server would (`secure`: on https). `table`: the table the page says a result is added
    to ({"token", "name"}: the scorer page's #result data, as the server found it from its
    table cookie, which no script reads), or None."""
    lang = catalog_lang(language or "en", LOCALE_DIR)
    if urls.get("learn") and path.startswith(urls["learn"]):
        return drill(path[len(urls["learn"]):], pairs, lang, urls)
    if path not in (urls["index"], urls["compare"]):
        return None
    cookies = parse_cookie(cookies) if isinstance(cookies, str) else cookies or {}
    if path == urls["compare"]:
        return compare(pairs, lang, urls)
    reading = read(pairs, lang, cookies)
    if reading is None:
        return None
    html = ENV.get_template("pocket/result.jinja").render(
        fragment_context(reading, lang, urls, table))
    scored = reading.valid and reading.result is not None
    return {"html": html, "replace_url": f"{path}?{reading.permalink}" if scored else None,
            "cookie": house_cookie(reading, cookies, secure) if reading.valid else None}


def house_cookie(reading, cookies: dict, secure: bool) -> str:
    """The house_rules cookie the server sets after a valid form (views.index): the rules of
    this variant remembered beside the others, a pasted card left out; as document.cookie takes
    it (SimpleCookie's quoting, as Django writes it)."""
    try:
        remembered = json.loads(cookies.get(HOUSE_COOKIE) or "{}")
    except ValueError:
        remembered = {}
    if not isinstance(remembered, dict):
        remembered = {}
    remembered = {variant: rules for variant, rules in remembered.items()
                  if isinstance(rules, dict)}
    rules = reading.request["rules"]
    remembered[reading.variant_id] = {name: value for name, value in rules.items()
                                      if not (name == "card" and is_card_text(value))}
    cookie = http_cookies.SimpleCookie()
    cookie[HOUSE_COOKIE] = json.dumps(remembered)
    cookie[HOUSE_COOKIE].update({"max-age": YEAR, "path": "/", "samesite": "Lax",
                                 "secure": secure})
    return cookie[HOUSE_COOKIE].OutputString()


def query_text(pairs) -> str:
    """The pairs as Django's QueryDict.urlencode writes them: each name's values together, in
    the order the names first appear."""
    by_name: dict[str, list[str]] = {}
    for name, value in pairs:
        by_name.setdefault(name, []).append(value)
    return "&".join(urlencode({name: value}) for name, values in by_name.items()
                    for value in values)


def compare(pairs, lang, urls: dict):
    """The compare page's content (the page's <main>), as the server renders it; None where
    the form reads a field in Django's own words (the server answers)."""
    reading = read(pairs, lang, {})  # the compare form remembers no house rule
    if reading is None:
        return None
    html = ENV.get_template("pocket/compare.jinja").render(
        compare_context(compare_asked(reading), query_text(pairs), lang, urls))
    return {"html": html, "replace_url": None}


def drill(rest: str, pairs, lang, urls: dict):
    """A trainer's drill page's content ("<variant>/<kind>/" under the trainer), as the server
    renders it; None for any other page of the trainer (the server answers)."""
    from scoring.engine.variants import VARIANTS
    from scoring.trainer.drills import KINDS
    from scoring.trainer.page import drill_context

    variant_id, _, kind = rest.strip("/").partition("/")
    if variant_id not in VARIANTS or kind not in KINDS or not rest.endswith("/"):
        return None
    html = ENV.get_template("pocket/drill.jinja").render(
        drill_context(variant_id, kind, list(pairs), lang, urls))
    return {"html": html, "replace_url": None}


def warm() -> None:
    """The first tap's work done at start: templates compiled, the engine's tables read."""
    urls = {"index": "/", "compare": "/compare", "table_new": "/", "table_from_scorer": "/"}
    for hand in ("123m 456p 789s 111z 22z", "123m 456p 789s 111z 2z"):
        render("/", [("variant", "shanghai"), ("hand", hand)], "en", urls)


def _pending_hands(language: str = "en", **args) -> list:
    """The pending table hands' rows (scoring/tables/pending.py, the shell's; imported when
    called, so that a pack built without it still builds and answers the other calls), their
    words in the page's `language`, from the same catalogs as the server's board: a refusal,
    a line the game code says (a chombo), where the game stands after the hand."""
    from scoring.engine.messages import from_data
    from scoring.pocket.filters import localize
    from scoring.tables.pending import pending_hands

    lang = catalog_lang(language or "en", LOCALE_DIR)
    rows = pending_hands(args)
    for row in rows:
        if not row["ok"]:
            row["error"] = localize(lang, from_data(row["message"])) or row["error"]
            continue
        if row["said"]:
            row["said"] = " ".join(localize(lang, part) for part in row["said"])
        if row["end"] is not None:
            row["end"] = " ".join(localize(lang, part) for part in row["end"])
    return rows


# The pure calls the page makes into the tables' game code (static/js/tables-offline.js).
CALLS = {"pending_hands": _pending_hands}


def call(name: str, args: dict):
    """CALLS[name](**args), its answer made JSON (a HandError: {"error": {code, message}})."""
    from scoring.engine.errors import HandError

    try:
        answer = CALLS[name](**args)
    except HandError as error:
        return {"error": {"code": error.code, "message": str(error.message)}}
    return json.loads(json.dumps(answer, default=str))


def render_json(text: str) -> str:
    """render() with its arguments and answer as JSON text: what the worker passes through."""
    return json.dumps(render(**json.loads(text)))


def call_json(text: str) -> str:
    asked = json.loads(text)
    return json.dumps(call(asked["name"], asked.get("args") or {}))
