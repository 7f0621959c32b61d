"""The pocket engine's Python entry: what static/js/pocket-worker.js calls in Pyodide (and the
tests under CPython). JSON in, JSON out; no Django. The worker unpacks the pack (build.py) into
its working folder and imports this module.

- render(path, pairs, language, urls, cookies): the htmx fragment the server would answer, or
  None where the server must answer (a path or a field the phone does not read).
- call(name, args): a pure call into scoring/tables/game.py (CALLS).
"""

import json
from decimal import Decimal
from http import cookies as http_cookies

from scoring.pocket.env import environment
from scoring.pocket.lang import LOCALE_DIR, catalog_lang
from scoring.pocket.reading import read
from scoring.pocket.view import fragment_context
from scoring.tables import game

ENV = environment()
TABLE_COOKIE = "mahjong_table"  # scoring/tables/views.TABLE_COOKIE: the table of "add to table"


def parse_cookie(text: str) -> dict:
    """document.cookie as Django reads a Cookie header (django.http.cookie.parse_cookie)."""
    found = {}
    for chunk in text.split(";"):
        key, sep, value = chunk.partition("=")
        key, value = (key.strip(), value.strip()) if sep else ("", chunk.strip())
        if key or value:
            found[key] = http_cookies._unquote(value)
    return found


def render(path: str, pairs, language: str, urls: dict, cookies: "str | dict" = ""):
    """The fragment for an htmx request to `path` with the form's `pairs`: {"html",
    "replace_url"} (the permalink the address bar shows, as HX-Replace-Url), or None.
    `cookies`: document.cookie (the house rules and the table the server remembers)."""
    if path != urls["index"]:
        return None
    cookies = parse_cookie(cookies) if isinstance(cookies, str) else cookies or {}
    lang = catalog_lang(language or "en", LOCALE_DIR)
    reading = read(pairs, lang, cookies)
    if reading is None:
        return None
    table_token = cookies.get(TABLE_COOKIE, "")
    html = ENV.get_template("pocket/result.jinja").render(
        fragment_context(reading, lang, urls, table_token))
    valid = reading.valid and reading.result is not None
    return {"html": html, "replace_url": f"{path}?{reading.permalink}" if valid else None}


def warm() -> None:
    """The first tap's work done at start: templates compiled, the engine's tables read."""
    urls = {"index": "/", "compare": "/compare", "table_new": "/", "table_from_scorer": "/"}
    for hand in ("123m 456p 789s 111z 22z", "123m 456p 789s 111z 2z"):
        render("/", [("variant", "shanghai"), ("hand", hand)], "en", urls)


def _transfers(transfers) -> list:
    return [[t.payer, t.payee, game.show(t.amount)] for t in transfers]


def _running_totals(n_players: int, hands: list) -> list:
    rows = [[game.Transfer(payer, payee, Decimal(str(amount))) for payer, payee, amount in hand]
            for hand in hands]
    return [[game.show(total) for total in totals]
            for totals in game.running_totals(rows, n_players)]


def _scored(variant: str, rules: dict, position: dict, winner: int, discarder, self_drawn: bool,
            hand: str, flags: dict, riichi=()) -> dict:
    recorded = game.scored(variant, rules, game.position_from(position), winner, discarder,
                           self_drawn, hand, flags, riichi=tuple(riichi))
    return {"kind": recorded.kind, "winner": recorded.winner, "discarder": recorded.discarder,
            "self_drawn": recorded.self_drawn, "total": recorded.total,
            "transfers": _transfers(recorded.transfers), "detail": recorded.detail}


def _advance(variant: str, position: dict, winner, riichi=(), takes_pot=True, ready=(),
             dealer_keeps=False) -> dict:
    outcome = game.Outcome(winner, tuple(riichi), bool(takes_pot), tuple(ready))
    return game.position_data(game.advance(variant, game.position_from(position), outcome,
                                           dealer_keeps))


def _pending_hands(**args) -> list:
    from scoring.tables.pending import pending_hands  # the shell's (pocket-shell)

    return pending_hands(args)


CALLS = {"running_totals": _running_totals, "scored": _scored, "advance": _advance,
         "pending_hands": _pending_hands}


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
