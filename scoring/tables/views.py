"""Tables: open a table, record hands, see the totals, settle up.

Two links per table, both unguessable: /tables/<view_token>/ shows the game; /tables/e/<edit_token>/
shows it with the forms that change it. A token is looked up only among the tokens of its own
kind, so a view token never edits and a guessed token is a 404; one that is not shaped like a
token is a 404 before any query (tables/urls.py). Token pages are never stored by a cache.

Every form posts to a real URL and redirects back (works without JavaScript). Under htmx, a save
answers with what changed only: the record forms (the swap's target), and out of band the totals,
the new hand's row and the row before it (which loses its undo button). Form errors are a 200.

The views speak HTTP only: a form checks what was typed and hands over its entry (a game.WinEntry,
DrawEntry...), `services` writes it (a hand the engine refuses comes back as the form's message).

Every form that writes carries a one-time key (`once`, a uuid4 made when the form is shown): the
same form sent twice stores one hand and gets the first answer again (`once_only`). Writes are
limited per client address (`limited`, django-ratelimit on Django's cache).
"""

import hashlib
import json
import re
import uuid
from functools import wraps
from urllib.parse import quote, urlsplit

from django.conf import settings
from django.core.cache import caches
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.timezone import localdate
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget
from django_ratelimit.core import is_ratelimited

from scoring import views as scorer_views
from scoring.engine.variants import VARIANTS
from scoring.forms import rule_text
from scoring.pocket.server import add_button_html
from scoring.tables import game, services
from scoring.tables.forms import (
    SELF_DRAWN,
    DealForms,
    DiscardWinsForm,
    DrawForm,
    FalseWinForm,
    FanWinForm,
    TableForm,
    WinForm,
    fans_initial,
)
from scoring.tables.models import Once, Replayed, Stale, Table
from scoring.tables.pending import table_state
from scoring.tables.services import Refused, scorer_link

TABLE_COOKIE = "mahjong_table"  # the last table written to: the scorer's "add to table"
TABLES_COOKIE = "mahjong_tables"  # the tables opened on this phone (signed), most recent first
REMEMBERED = 10  # tables that list keeps
ENTRY = re.compile(r"[ev]:[A-Za-z0-9_-]{16,43}")  # "e:<edit token>" or "v:<view token>"
COOKIE_AGE = 90 * 24 * 3600
CSV_KEPT = 3600  # seconds a table's CSV text stays in the cache for its version
PLACING_POLL = "500ms"  # how often a board asks again while its later hands are being placed
POLL = "2s"  # how often the look-only board asks whether the table changed (a 304 while not)
HISTORY = 50  # hands the board shows at once; older ones a page at a time
NOTICES = {  # in the reader's language (gettext_lazy: read when the page is rendered)
    "stale": gettext_lazy(
        "Someone changed this hand on another phone after you opened it: nothing was saved. "
        "Here is the table as it is now; make your change again if it is still needed."),
    "undone": gettext_lazy("Hand undone; the totals are recomputed."),
    "saved": gettext_lazy("Hand saved; the totals are recomputed."),
    "new_link": gettext_lazy(
        "This is the table's new write link: the old one no longer opens it. Share this one "
        "with the players who keep the score."),
}

no_store = cache_control(no_store=True)  # a page found by a token stays out of every cache


class OnceKeys:
    """`{{ once.key }}` in a template: a new one-time key each time a form is shown."""

    @property
    def key(self) -> str:
        return uuid.uuid4().hex


ONCE = OnceKeys()


# Guards ---------------------------------------------------------------------------------------

def _refused(request, status, title, message, retry_after=None):
    """A write refused for a reason that is not the form's (too many, a key from elsewhere): a
    page with `status`; under htmx, the message in the board's notice slot (htmx 2 swaps no 4xx
    answer, so there it is a 200 that says the same)."""
    context = {"title": title, "message": message}
    if request.htmx:
        response = render(request, "tables/partials/_refused.html", context)
        retarget(response, "#notice")
        reswap(response, "outerHTML")
    else:
        response = render(request, "tables/refused.html", context, status=status)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def limited(group, rate_setting):
    """A POST over `settings.<rate_setting>` ("120/m") from one client address is answered 429.
    Counted by django-ratelimit in Django's cache (per process unless the cache is shared; the
    address is REMOTE_ADDR unless RATELIMIT_IP_META_KEY names the proxy's header)."""
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if is_ratelimited(request, group=group, key="ip", method="POST", increment=True,
                              rate=lambda _group, _request: getattr(settings, rate_setting)):
                message = _(
                    "More than %(rate)s came from this address. Nothing was saved: wait a "
                    "little, then send it again.") % {"rate": _rate_text(rate_setting)}
                problem = f"{_('Too many at once')}. {message}"
                # The scorer's tap and its Undo: answered in their place (a 200 as under htmx
                # everywhere: htmx 2 swaps no 4xx answer), the page having no notice slot.
                if request.htmx and request.POST.get("action") == TAP:
                    response = _scorer_too_many(request, kwargs.get("token", ""), problem)
                elif request.htmx and request.POST.get("from") == "scorer" and "hand_id" in kwargs:
                    response = _scorer_undo_too_many(request, kwargs["token"], kwargs["hand_id"],
                                                     problem)
                else:
                    return _refused(request, 429, _("Too many at once"), message, retry_after=60)
                response["Retry-After"] = "60"
                return response
            return view(request, *args, **kwargs)
        return wrapped
    return decorator


def _rate_text(rate_setting) -> str:
    """"120/m" -> "120 saves per minute", "5/10s" -> "5 saves per 10 seconds", in the reader's
    language (its plural forms, its word order)."""
    count, _slash, period = getattr(settings, rate_setting).partition("/")
    count, span, unit = int(count), int(period[:-1] or 1), period[-1]
    if rate_setting == "TABLES_NEW_RATE":
        what = ngettext("%(count)s new table", "%(count)s new tables", count)
    else:
        what = ngettext("%(count)s save", "%(count)s saves", count)
    if span == 1:
        per = {"s": _("per second"), "m": _("per minute"), "h": _("per hour"),
               "d": _("per day")}[unit]
    else:
        per = {"s": _("per %(span)s seconds"), "m": _("per %(span)s minutes"),
               "h": _("per %(span)s hours"), "d": _("per %(span)s days")}[unit] % {"span": span}
    return _("%(what)s %(per)s") % {"what": what % {"count": count}, "per": per}


def _target(table, notice="") -> str:
    """Where a write sends the phone: the edit page (with its notice)."""
    url = reverse("table-edit", args=[table.edit_token])
    return f"{url}?notice={notice}" if notice else url


def once_only(notice="", again=None):
    """The view's POST carries a one-time key: a key stored already (a double tap, a retry after
    a lost answer) is answered as the first time, the redirect to `_target(table, notice)` (under
    htmx, the same place through HX-Redirect), and nothing is written again; `again(request,
    submission)`, where given, answers it instead (None: as above). The view passes
    `request.once` to the model's write, which stores the key in the write's transaction."""
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            request.once = None
            if request.method == "POST":
                request.once = _once(request, kwargs.get("token", ""), notice)
            try:
                if request.once is not None:
                    request.once.check()
                return view(request, *args, **kwargs)
            except Replayed as replayed:  # a key stored already, or sent at the same moment
                answer = again(request, replayed.submission) if again else None
                return answer or _again(request, replayed.submission)
        return wrapped
    return decorator


def _once(request, token, notice) -> Once | None:
    """The form's one-time key; a form without one (an old page, a script) is written as sent."""
    try:
        key = uuid.UUID(request.POST.get("once", ""))
    except ValueError:
        return None
    return Once(key, token, lambda table: _target(table, notice))


def _again(request, prior):
    if prior.posted_to != request.once.posted_to:
        return _refused(request, 409, _("Form sent elsewhere"), _(
            "This form was already sent from another page. Nothing was saved: open the table "
            "again and send it from there."))
    if request.htmx:
        return HttpResponseClientRedirect(prior.target)
    return redirect(prior.target)


# The board ------------------------------------------------------------------------------------

def _table(token, edit=False, placed=True) -> Table:
    """The table the token finds, its hands placed (an edit before the last hand left them out
    of date until Table.place, which runs once that edit is answered: this reader's, if first);
    not `placed`: as stored (an edit or a delete, which places what it needs itself)."""
    table = get_object_or_404(Table, **{"edit_token" if edit else "view_token": token})
    if placed:
        table.place()
    return table


def _hand_placed(table, hand_id):
    """Hand `hand_id` of `table` (None: not there), with its number and position placed: the
    hands up to it placed first if an edit before it left them out of date (the later ones
    stay for Table.place after the answer)."""
    hand = table.hands.filter(pk=hand_id).first()
    if hand is not None and table.stale_from is not None and hand.number >= table.stale_from:
        table.place(through=hand.number)
        hand = table.hands.filter(pk=hand_id).first()
    return hand


def _unit(table) -> str:
    return VARIANTS[table.variant].unit


def _highest(table) -> int | None:
    return game.highest_total(table.variant, table.rules)


def _now(table, edit, latest, **extra) -> dict:
    """What the board shows above the hands, after `latest` (the last hand, or None)."""
    position = table.position(latest)
    totals = table.totals(latest)
    names = table.players
    start = game.start_points(table.variant, table.rules)  # Riichi: points from 25,000
    options = table.table_options()
    last = None if latest is None else (latest.position_before(), latest.outcome())
    end = game.game_end(table.variant, table.rules, options, position, totals, last,
                        table.turns()["east_only"], names)
    bust = end["bust"]
    standings = [{"player": i, "name": name, "total": totals[i], "seat": position.seat_of(i),
                  "points": None if start is None else start + totals[i],
                  "dealer": i == position.dealer} for i, name in enumerate(names)]
    seat_order = {w: k for k, w in enumerate("ESWN")}
    standings.sort(key=lambda s: seat_order.get(s["seat"], 9))
    context = {
        "table": table, "edit": edit, "position": position, "standings": standings,
        "names": names, "unit": _unit(table), "variant": VARIANTS[table.variant],
        "dreamer": None if position.dreamer is None else names[position.dreamer],
        "game_over": end["over"], "bust": [names[i] for i in bust],
        "game_notice": game.end_said(table.variant, end, position, **table.turns()),
        "rotation": game.rotation_of(table.variant, **table.turns()),
        "game_hand": game.hand_of_game(table.variant, position),
        "game_hands": game.hands_per_game(table.variant, position.seated),
        "options": options,
        "stick": table.stick(), "last": latest,
        "scorer": scorer_link(table, position), "once": ONCE,
        "here": reverse("table-edit", args=[table.edit_token]) if edit
        else reverse("table-view", args=[table.view_token]),
    }
    if edit:  # for the hands recorded offline (static/js/tables-offline.js)
        context["pocket_table"] = table_state(table.variant, table.rules, names, position,
                                              totals, dealer_keeps=table.dealer_keeps_deal_on_win,
                                              options=options)
    if edit and "win_form" not in extra:
        extra["win_form"] = _win_form(table, position)
    if edit and game.false_wins(table.variant) and "false_win_form" not in extra:
        extra["false_win_form"] = _false_win_form(table, position)
    if edit and "draw_form" not in extra:
        extra["draw_form"] = _draw_form(table, position)
    context.update(extra)
    return context


def _false_win_form(table, position, data=None):
    """The false win's form; at a Riichi table, a chombo's (who, and why)."""
    return FalseWinForm(data, names=table.players, position=position,
                        chombo=table.variant in game.CHOMBO_VARIANTS)


def _draw_form(table, position, data=None, initial=None, riichi=None):
    """The drawn hand's form: at a Riichi table, who was ready and who declared riichi (or
    `riichi`, ticked in the win's boxes on the same page)."""
    return DrawForm(data, names=table.players, position=position, variant_id=table.variant,
                    initial=initial, riichi=riichi)


def _win_form(table, position, data=None, initial=None):
    """Quick entry's form: several winners on one discard where the variant pays during the
    deal (Sichuan), else one winner."""
    if VARIANTS[table.variant].pays_during_deal:
        return DiscardWinsForm(data, names=table.players, position=position, unit=_unit(table),
                               highest=_highest(table), initial=initial)
    form = FanWinForm if VARIANTS[table.variant].entry_fans() else WinForm  # MCR: fans ticked
    return form(data, names=table.players, position=position, unit=_unit(table),
                highest=_highest(table), initial=initial, riichi=table.stick(),
                variant_id=table.variant, rules=table.rules, options=table.table_options())


def _rows(table, rows) -> list[dict]:
    for row in rows:
        row["changes"] = list(zip(table.players, row["net"], strict=True))
    return rows


def board(table, edit, before=None, **extra) -> dict:
    """The board: now, the record forms (edit link, latest page), and a page of hands, the
    latest first: the last HISTORY, or the HISTORY before hand `before`."""
    hands = table.hands.order_by("-number")
    if before:
        hands = hands.filter(number__lt=before)
    page = list(hands[:HISTORY + 1])
    older = page[HISTORY - 1].number if len(page) > HISTORY else None
    page = page[:HISTORY]
    latest = (page[0] if page else None) if not before else table.last_hand()
    context = _now(table, edit and not before, latest, **extra)
    rows = _rows(table, table.rows(page))
    for row in rows:
        row["html"] = row_html(table, row, context["edit"], context["last"])
    context.update({"rows": rows, "older": older, "before": before,
                    "has_hands": latest is not None})
    return context


def row_html(table, row, edit, last) -> str:
    """A hand's row on the board, as tables/partials/_row.html renders it, kept in this worker's
    "rows" cache under everything it shows: the language, the page (edit, and whether the hand is
    the last: its undo button), the table's links, the hand (its version: an edit is a new one)
    and where it stands (its number, its position, its totals). A board after a save renders
    its new rows only (rendering them was most of a save's page)."""
    hand = row["hand"]
    shown = (get_language(), edit, last is not None and last.pk == hand.pk, table.pk,
             table.view_token, table.edit_token, table.variant, hand.pk, hand.version,
             hand.number, hand.position, hand.totals)
    key = "row:" + hashlib.sha256(repr(shown).encode()).hexdigest()
    html = caches["rows"].get(key)
    if html is None:
        html = render_to_string("tables/partials/_row.html", {
            "row": row, "table": table, "edit": edit, "last": last, "unit": _unit(table)})
        caches["rows"].set(key, html, None)
    return mark_safe(html)  # noqa: S308 - the template's own output, escaped by it


def _page(request, table, edit, **extra):
    before = _int(request.GET.get("before")) if request.method == "GET" else -1
    before = before if before > 1 else None
    if request.htmx and before:
        template = "tables/partials/_rows.html"  # the "older hands" button's fragment
    elif request.htmx:
        template = "tables/partials/_board.html"
    else:
        template = "tables/table.html"
    return render(request, template, board(table, edit, before, **extra))


def _record(request, table, **extra):
    """The record forms again (an error to show): under htmx the record section only."""
    if not request.htmx:
        return _page(request, table, True, **extra)
    latest = table.last_hand()
    return render(request, "tables/partials/_record.html", _now(table, True, latest, **extra))


def _done(request, table, notice, whole=False):
    """After a write: under htmx what changed (the record forms; out of band the totals, the
    new or removed row and the row before it), or the `whole` board when more moved; else back
    to the edit page (post/redirect/get)."""
    if not request.htmx:
        return redirect(_target(table, notice))
    if notice == "stale":  # nothing written here: the table as another phone's write left it
        table.refresh_from_db(fields=["stale_from"])
    if table.stale_from is not None:
        return _placing_board(request, table, notice)
    latest = table.last_hands(2)
    if whole or notice == "stale" or not latest:
        response = render(request, "tables/partials/_board.html",
                          board(table, True, notice=NOTICES[notice]))
        return reswap(retarget(response, "#board"), "outerHTML")
    context = _now(table, True, latest[0], notice=NOTICES[notice])
    rows = _rows(table, table.rows(latest))
    if notice == "saved":  # a new last hand; the one before loses its undo button
        context.update({"added": rows[0], "changed": rows[1] if len(rows) > 1 else None})
    else:  # the last hand undone: its row goes, the one before gets the undo button
        context.update({"removed": latest[0].number + 1, "changed": rows[0]})
    return render(request, "tables/partials/_saved.html", context)


def _placing_board(request, table, notice, url=None, wait=False):
    """Under htmx, after an edit or a delete before the last hand whose later hands are still
    being placed again (Table.place, after this answer): the board says so, and asks for itself
    (`url`: the edit page's board, with the notice) at once, or after PLACING_POLL (`wait`: the
    board asked for while someone places them), which shows them placed. No total of a hand not
    placed yet is ever shown."""
    response = render(request, "tables/partials/_board_placing.html", {
        "table": table, "notice": NOTICES.get(notice), "board_url": url or _target(table, notice),
        "trigger": f"load delay:{PLACING_POLL}" if wait else "load"})
    return reswap(retarget(response, "#board"), "outerHTML")


def _placed_or_wait(request, table, notice="", url=None):
    """A board read under htmx while someone places its hands (Table.being_placed): the board
    that says so, and asks again (None: the table's hands are placed now, by this reader if they
    were left to it)."""
    if request.htmx and table.being_placed():
        return _placing_board(request, table, notice, url, wait=True)
    table.place()
    return None


# The tables opened on this phone ---------------------------------------------------------------

def _remembered(request) -> list[str]:
    """The phone's list: "e:<edit token>" or "v:<view token>" entries, most recent first. A
    cookie that is not ours (unsigned, altered, of another shape) is an empty list."""
    value = request.get_signed_cookie(TABLES_COOKIE, default="", salt=TABLES_COOKIE,
                                      max_age=COOKIE_AGE)
    return [entry for entry in value.split(",") if ENTRY.fullmatch(entry)][:REMEMBERED]


def _keep(request, response, entries):
    response.set_signed_cookie(TABLES_COOKIE, ",".join(entries[:REMEMBERED]), salt=TABLES_COOKIE,
                               max_age=COOKIE_AGE, samesite="Lax", httponly=True,
                               secure=request.is_secure())
    return response


def _remember(request, response, entry):
    """Put `entry` first in the phone's list of tables (a page read under htmx changes nothing)."""
    if request.htmx:
        return response
    entries = _remembered(request)
    if entries[:1] != [entry]:
        _keep(request, response, [entry] + [e for e in entries if e != entry])
    return response


def _your_tables(entries) -> list[dict]:
    """The tables behind `entries`, in their order, once each (its write link if the phone has
    it); a link that no longer opens a table (a replaced write link) is left out."""
    edit = [e[2:] for e in entries if e.startswith("e:")]
    view = [e[2:] for e in entries if e.startswith("v:")]
    found = Table.objects.filter(Q(edit_token__in=edit) | Q(view_token__in=view)).annotate(
        hands_count=Count("hands"))
    by_token = {}
    for table in found:
        by_token[f"e:{table.edit_token}"] = by_token[f"v:{table.view_token}"] = table
    shown, listed = set(), []
    for entry in entries:
        table = by_token.get(entry)
        if table is None or table.pk in shown:
            continue
        writes = f"e:{table.edit_token}" in entries
        shown.add(table.pk)
        listed.append({"table": table, "variant": VARIANTS[table.variant], "writes": writes,
                       "entry": f"e:{table.edit_token}" if writes else entry,
                       "url": reverse("table-edit" if writes else "table-view",
                                      args=[table.edit_token if writes else table.view_token])})
    return listed


@no_store
@require_GET
def your_tables(request):
    """The tables opened on this phone, the latest first, and a new one."""
    entries = _remembered(request)
    listed = _your_tables(entries)
    response = render(request, "tables/yours.html", {"listed": listed})
    kept = [row["entry"] for row in listed]
    return _keep(request, response, kept) if kept != entries else response


# Pages ----------------------------------------------------------------------------------------

@require_http_methods(["GET", "POST"])
@limited("tables-new", "TABLES_NEW_RATE")
@once_only()
def new_table(request):
    if request.method == "POST":
        form = TableForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            table = Table.open(request.once, name=data["name"], variant=form.variant_id,
                               rules=data["rules"], players=data["players"],
                               dealer_keeps_deal_on_win=data["dealer_keeps"],
                               options=data["options"])
            return redirect(_target(table))
    else:
        form = TableForm(None, variant_id=request.GET.get("variant"))
        for name in form.fields:  # a variant change keeps what was typed
            if name in request.GET and name != "variant":
                form.fields[name].initial = request.GET[name]
    template = "tables/partials/_new_form.html" if request.htmx else "tables/new.html"
    return render(request, template, {"form": form, "once": ONCE})


def _etag(kind, version, htmx, before="") -> str:
    """A page's ETag: what it is (`kind`), the table's version (one more at every write), the
    reader's language, whether it is the htmx fragment or the whole page, and which page of
    older hands (`before`)."""
    parts = (kind, version, get_language(), "h" if htmx else "p", before)
    return 'W/"' + "-".join(str(part) for part in parts) + '"'


def _version_etag(kind):
    """`condition`'s etag_func: the ETag from the table's version alone (one small query, no
    page rendered); None for an unknown token (the view answers 404)."""
    def etag(request, token):
        version = Table.objects.filter(view_token=token).values_list("version", flat=True).first()
        if version is None:
            return None
        return _etag(kind, version, bool(request.htmx), request.GET.get("before", ""))
    return etag


def _older_poll(view):
    """A board of an older build polls with ?version=: 204 while that is the table's version."""
    @wraps(view)
    def wrapped(request, token):
        if request.htmx and request.GET.get("version"):
            version = Table.objects.filter(view_token=token).values_list("version", flat=True)
            if [str(v) for v in version] == [request.GET["version"]]:
                return HttpResponse(status=204)
        return view(request, token)
    return wrapped


@no_store
@require_safe
@_older_poll
@condition(etag_func=_version_etag("board"))
def table_view(request, token):
    """The look-only page. It answers conditional requests (If-None-Match: 304 after one small
    query, no page rendered, while the table's version is the same). Under htmx its board asks
    again every POLL, sending the ETag of the board it shows, so a new hand is on every phone a
    few seconds after its save; while nothing changed the answer is a 304 (htmx swaps nothing,
    base.html's responseHandling). Like every token page it stays out of every cache."""
    table = _table(token, placed=False)
    waiting = _placed_or_wait(request, table, url=reverse("table-view", args=[token]))
    if waiting:
        return waiting
    poll_etag = _etag("board", table.version, True)
    response = _page(request, table, False, poll_headers=json.dumps({"If-None-Match": poll_etag}),
                     poll=POLL)
    if not request.GET.get("before"):
        response["ETag"] = _etag("board", table.version, bool(request.htmx))
    return _remember(request, response, f"v:{table.view_token}")


@no_store
@require_http_methods(["GET", "POST"])
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("new_link")
def table_edit(request, token):
    """The edit page; a POST replaces its link (the old one is then a 404)."""
    table = _table(token, edit=True, placed=request.method == "POST")
    if request.method == "POST":
        table.new_edit_token(request.once)
        return redirect(_target(table, "new_link"))
    notice = request.GET.get("notice", "")
    waiting = _placed_or_wait(request, table, notice if notice in NOTICES else "")
    if waiting:
        return waiting
    notice = NOTICES.get(request.GET.get("notice", ""))
    response = _page(request, table, True, notice=notice)
    _table_cookie(request, response, table)
    return _remember(request, response, f"e:{table.edit_token}")


@no_store
@require_GET
def table_scorer(request, token):
    """The scoring page with this table's variant and house rules, a pasted American card
    included: the table's links carry the table, not the card."""
    table = _table(token)
    query = request.GET.copy()
    query["variant"] = table.variant
    for name, value in services.table_rules(table).items():
        query[f"{table.variant}-{name}"] = rule_text(value)
    request.GET = query
    writes = f"e:{table.edit_token}" in _remembered(request)
    if writes:  # the result's "Add to" adds to this table (scoring.pocket.server.scorer_table)
        request.scorer_table = {"token": table.edit_token, "name": table.name}
    response = scorer_views.index(request)
    if writes and request.COOKIES.get(TABLE_COOKIE) != table.edit_token:
        _table_cookie(request, response, table)
    return response


def _table_cookie(request, response, table):
    """The scoring page's "Add to" finds this table through this cookie."""
    response.set_cookie(TABLE_COOKIE, table.edit_token, max_age=30 * 24 * 3600, samesite="Lax",
                        httponly=True, secure=request.is_secure())


@no_store
@require_POST
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("saved")
def add_win(request, token):
    table = _table(token, edit=True)
    return _save(request, table, _win_form(table, table.position(), request.POST), "win_form")


def _save(request, table, form, slot: str):
    """Add the hand `form` enters and say so; a form error, or the hand refused (the engine's
    error, a full table: the form's error then), and the record forms come back with `form` in
    `slot`."""
    if form.is_valid():
        try:
            services.add_hand(table, form.entry, request.once)
        except Refused as refused:
            form.add_error(None, refused.message)
        else:
            return _done(request, table, "saved")
    return _record(request, table, **{slot: form})


@no_store
@require_POST
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("saved")
def add_false_win(request, token):
    """A declared win that was not one: American's, a hand of its own with no winner; MCR's, a
    penalty, and the hand goes on."""
    table = _table(token, edit=True)
    if not game.false_wins(table.variant):
        raise Http404("This table's variant has no false win.")
    form = _false_win_form(table, table.position(), request.POST)
    return _save(request, table, form, "false_win_form")


@no_store
@require_POST
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("saved")
def add_draw(request, token):
    """A drawn hand; at a Riichi table, with who was ready and who declared riichi."""
    table = _table(token, edit=True)
    return _save(request, table, _draw_form(table, table.position(), request.POST), "draw_form")


def _scorer_again(request, submission):
    """A tap of the scorer's "Add to" sent again (a double tap): the hand it recorded, again."""
    if request.htmx and request.POST.get("action") == TAP and submission.hand is not None:
        table = submission.table
        hand = table.hands.filter(pk=submission.hand_id).first()
        if hand is not None:
            return _scorer_added(request, table, hand, request.POST.get("q", ""))
    return None


TAP = "tap"  # the scorer's one-tap add (pocket/add_to_table.jinja)


@no_store
@require_http_methods(["GET", "POST"])
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("saved", again=_scorer_again)
def from_scorer(request, token):
    """The scoring page's result, added to the table. Who won and from whom come from the
    scorer (its seat wind, its discarder or self-drawn: ScorerHand.won_at), chosen beforehand on
    this page and changeable; the hand is scored again for the winner's seat, the round wind and
    the table's house rules (its card too: the scorer's link does not carry a pasted card). A
    POST with action=preview shows who would pay and saves nothing: the full page without
    JavaScript, the preview fragment under htmx (sent at every change of the choices). A POST
    with action=tap is the result's one tap (pocket/add_to_table.jinja): the scorer's choices
    as they are, answered under htmx by the hand recorded, in the button's place, with its
    Undo; a choice the table cannot take (a seat not in play) by the reason and this page's
    link."""
    table = _table(token, edit=True)
    scorer = services.scorer_hand(table, request.POST.get("q", "") if request.method == "POST"
                                  else request.GET.urlencode())
    position = table.position()
    chosen = scorer.won_at(position)  # a refused hand's too: the form kept as the link says
    tapped = request.method == "POST" and request.POST.get("action") == TAP
    data = None
    if tapped:
        data = {**chosen, "q": request.POST.get("q", "")}
    elif request.method == "POST":
        data = request.POST
    form = WinForm(data, names=table.players, position=position, with_total=False, choose=True,
                   riichi=table.stick(), scored_riichi=scorer.with_riichi,
                   variant_id=table.variant, rules=table.rules, options=table.table_options(),
                   initial={**chosen, "riichi": [int(p) for p in chosen.get("riichi", [])]})
    previewing, preview = request.POST.get("action") == "preview", None
    if request.method == "POST" and scorer.problem is None and form.is_valid():
        try:
            if previewing:
                preview = services.preview_scored(table, position, form.entry, scorer)
            else:
                hand = services.add_scored(table, form.entry, scorer, request.once)
                if tapped and request.htmx:
                    return _scorer_added(request, table, hand, scorer.query)
                return _done(request, table, "saved")
        except Refused as refused:
            form.add_error(None, refused.message)
    if tapped and request.htmx:
        return _scorer_not_added(request, table, scorer, form if chosen else None)
    if request.method == "GET" and scorer.problem is None and chosen:
        preview = _chosen_preview(table, position, scorer, chosen)
    template = "tables/partials/_scorer_preview.html" if request.htmx and previewing \
        else "tables/from_scorer.html"
    return render(request, template, _scorer_page(table, position, form, scorer, preview))


def _chosen_preview(table, position, scorer, chosen):
    """Who pays, for the scorer's choices as the page opens with them (None if the table
    refuses them: the page then says why when they are sent)."""
    form = WinForm(chosen, names=table.players, position=position, with_total=False,
                   choose=True, riichi=table.stick(), scored_riichi=scorer.with_riichi)
    if not form.is_valid():
        return None
    try:
        return services.preview_scored(table, position, form.entry, scorer)
    except Refused:
        return None


def _scorer_added(request, table, hand, query, problem=""):
    """The tap's answer, in the button's place: the hand recorded (who won, from whom, its
    number) and its Undo (a one-time key of its own), which puts the button back; `problem`:
    why the last Undo did nothing, over them."""
    row = _rows(table, table.rows([hand]))[0]
    undo = {"confirm": "1", "version": hand.version, "once": ONCE.key, "from": "scorer",
            "q": query}
    return render(request, "tables/partials/_scorer_added.html", {
        "table": table, "hand": hand, "row": row, "undo_vals": json.dumps(undo),
        "problem": problem})


def _scorer_not_added(request, table, scorer, form):
    """A tap the table did not take: why (the scorer's link, the scorer's seats not in play
    here, or the `form`'s words), and the add page to choose there."""
    if scorer.problem:
        problem = scorer.problem
    elif form is None:
        problem = _("The scorer's seats are not in play at this table: choose who won on the "
                    "table's page.")
    else:
        problem = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "tables/partials/_scorer_not_added.html", {
        "table": table, "problem": problem, "query": scorer.query})


def _scorer_too_many(request, token, problem):
    """The scorer's tap over the save rate, in the button's place: why (`problem`), and the
    button again for the same hand (its one-time key stored nothing), to tap once the minute
    has passed."""
    name = Table.objects.filter(edit_token=token).values_list("name", flat=True).first()
    return render(request, "tables/partials/_scorer_not_added.html", {
        "problem": problem,
        "again": add_button_html({"token": token, "name": name or ""}, request.POST.get("q", ""))})


def _scorer_undo_too_many(request, token, hand_id, problem):
    """The scorer's Undo over the save rate, in its place: why (`problem`), over the hand still
    recorded and its Undo, to tap again once the minute has passed."""
    table = _table(token, edit=True, placed=False)
    hand = table.hands.filter(pk=hand_id).first()
    if hand is None:  # taken out on another phone meanwhile
        return _scorer_undone(request, stale=True)
    return _scorer_added(request, table, hand, request.POST.get("q", ""), problem=problem)


def _scorer_page(table, position, form, scorer, preview) -> dict:
    return {"table": table, "form": form, "query": scorer.query, "problem": scorer.problem,
            "position": position, "hand": scorer.hand, "preview": preview,
            "by_fans": bool(scorer.fans),
            "paid": services.preview_money(table, position, preview), "stick": table.stick(),
            "unit": _unit(table), "names": table.players, "once": ONCE}


@no_store
@require_http_methods(["GET", "POST"])
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("saved")
def add_deal(request, token):
    """A deal as its events (kongs, wins in order, the wall's end), for a variant that pays during
    the deal (Sichuan)."""
    table = _table(token, edit=True)
    position = table.position()
    deal = DealForms(request.POST or None, names=table.players, position=position)
    if request.method == "POST" and deal.is_valid():
        try:
            services.add_hand(table, deal.entry, request.once)
        except Refused as refused:
            deal.problem = refused.message
        else:
            return _done(request, table, "saved")
    return render(request, "tables/deal.html", {
        "table": table, "events": deal.events, "wall": deal.wall, "problem": deal.problem,
        "position": position, "names": table.players, "once": ONCE})


@no_store
@require_http_methods(["GET", "POST"])
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("saved")
def edit_hand(request, token, hand_id):
    """A hand entered again (a win, or a drawn hand: the button sent says which); the later
    hands are placed again. A hand changed meanwhile on another phone is not overwritten."""
    table = _table(token, edit=True, placed=False)
    hand = _hand_placed(table, hand_id)
    if hand is None:
        return _done(request, table, "stale")
    drawing = request.method == "POST" and request.POST.get("action") == "draw"
    form, draw_form = _edit_forms(request, table, hand, hand.position_before(), drawing)
    sent = draw_form if drawing else form
    if request.method == "POST" and sent.is_valid():
        try:
            services.replace_hand(table, hand.pk, _int(request.POST.get("version")), sent.entry,
                                  request.once)
        except Stale:
            return _done(request, table, "stale")
        except Refused as refused:
            sent.add_error(None, refused.message)
        else:
            return _done(request, table, "saved", whole=True)
    return render(request, "tables/hand_edit.html", _hand_page(table, hand, form, draw_form))


def _hand_page(table, hand, form, draw_form) -> dict:
    declarer = hand.detail.get("declarer")
    return {"table": table, "hand": hand, "form": form, "draw_form": draw_form,
            "position": hand.position_before(), "names": table.players, "unit": _unit(table),
            "once": ONCE, "declarer": None if declarer is None else table.players[declarer]}


@no_store
@require_http_methods(["GET", "POST"])
@limited("tables-write", "TABLES_WRITE_RATE")
@once_only("undone", again=lambda request, _submission: _scorer_undone(request))
def delete_hand(request, token, hand_id):
    """Undo (the last hand) or delete (one before it), asked first: a GET, or a POST without
    confirm=1, is the question (a page; under htmx, inline in the hand's row, `cancel` putting
    the row's buttons back); only a POST with confirm=1 deletes."""
    table = _table(token, edit=True, placed=False)
    last = table.hands.order_by("-number").first()  # the last, placed or not
    if request.method == "GET" or request.POST.get("confirm") != "1":
        hand = _hand_placed(table, hand_id)
        if hand is None:
            return _done(request, table, "stale")
        return _ask_delete(request, table, hand, last)
    try:
        table.delete_hand(hand_id, _int(request.POST.get("version")), request.once)
    except Stale:
        return _scorer_undone(request, stale=True) or _done(request, table, "stale")
    undone = _scorer_undone(request)
    if undone:
        return undone
    # Undoing the last hand changes its row only; a hand from the middle moves every later one.
    return _done(request, table, "undone", whole=last is None or last.pk != hand_id)


def _scorer_undone(request, stale=False):
    """An undo sent from the scorer's answer (`from`=scorer, under htmx): the "Add to" button
    back in its place, for the scorer's hand (`q`); None for any other undo. `stale`: the hand
    was changed or taken out on another phone meanwhile: nothing was undone, and the button
    says so."""
    if not (request.htmx and request.POST.get("from") == "scorer"):
        return None
    token = request.resolver_match.kwargs["token"]
    name = Table.objects.filter(edit_token=token).values_list("name", flat=True).first()
    button = add_button_html({"token": token, "name": name or ""}, request.POST.get("q", ""))
    if stale:
        return HttpResponse(format_html(
            '<span class="add-again"><span class="error">{}</span> {}</span>',
            _("Not undone: the hand was changed on another phone."), button))
    return HttpResponse(button)


def _wins_initial(hand, position) -> dict:
    """A deal's winners and their fans, for the several-winners form (a deal's wins as the
    engine took them: seats at the position before the hand)."""
    wins = [e for e in hand.detail.get("events", []) if e.get("type") == "win"]
    if not wins:
        return {"winners": [] if hand.winner is None else [hand.winner],
                f"fans_{hand.winner}": hand.total}
    found = {position.player_at(e["seat"]): e.get("fans") for e in wins}
    return {"winners": list(found), **{f"fans_{p}": fans for p, fans in found.items()}}


def _edit_forms(request, table, hand, position, drawing):
    """A hand's edit page: the win's form and the drawn hand's, in one HTML form, the one sent
    (`drawing` or not) bound to the POST. Where the win's form asks who declared riichi (Riichi),
    its boxes serve the drawn hand too (one set of riichi boxes on the page)."""
    initial = {"winner": hand.winner, "total": hand.total, "version": hand.version,
               "source": SELF_DRAWN if hand.self_drawn or hand.discarder is None
               else str(hand.discarder), **_wins_initial(hand, position),
               **_counted_initial(table, hand), **fans_initial(hand.detail)}
    shared = None
    if table.stick() and not VARIANTS[table.variant].pays_during_deal:
        shared = initial["riichi"] = hand.detail.get("riichi", [])
        if drawing:  # the page's boxes ("draw-riichi": as a page before them named them)
            ticked = request.POST.getlist("riichi") + request.POST.getlist("draw-riichi")
            shared = initial["riichi"] = sorted({_int(p) for p in ticked})
    form = _win_form(table, position, None if drawing else request.POST or None, initial)
    draw_form = _draw_form(table, position, request.POST if drawing else None, {
        "ready": hand.detail.get("ready", []), "riichi": hand.detail.get("riichi", []),
        "abortive": hand.detail.get("abortive", ""), "nagashi": hand.detail.get("nagashi", [])},
                           riichi=shared)
    return form, draw_form


def _counted_initial(table, hand) -> dict:
    """Where quick entry asks han and fu (Riichi): the hand's han (or yakuman) as the han select
    names it, and its fu (who declared riichi is `_edit_forms`'s, for every table with sticks)."""
    if not game.quick_entry_fu(table.variant):
        return {}
    detail = hand.detail
    counted = {"total": game.han_choice(hand.total, detail.get("yakuman") or 0),
               "fu": detail.get("fu"), "liable": detail.get("liable"),
               "liable_yakuman": detail.get("liable_yakuman")}
    for k, win in enumerate(detail.get("wins", [])[1:], start=2):  # a double ron's others
        counted.update({f"winner{k}": win["winner"], f"fu{k}": win["fu"],
                        f"total{k}": game.han_choice(win["han"], win["yakuman"] or 0)})
    return counted


def _ask_delete(request, table, hand, last):
    if request.GET.get("cancel") and not request.htmx:
        return redirect(_target(table))
    context = {"table": table, "hand": hand, "last": last, "edit": True, "once": ONCE,
               "unit": _unit(table),
               "row": _rows(table, table.rows([hand]))[0], "undo": last and last.pk == hand.pk}
    if request.GET.get("cancel"):
        return render(request, "tables/partials/_row_actions.html", context)
    if request.htmx:
        return render(request, "tables/partials/_confirm_delete.html", context)
    return render(request, "tables/confirm_delete.html", context)


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


@no_store
@require_GET
def settle(request, token):
    table = _table(token)
    return render(request, "tables/settle.html",
                  {**services.settlement(table), "back": _back(request, table)})


def _back(request, table) -> str:
    """Where settle-up returns: `next`, if it is a link on this site (url_has_allowed_host_and_
    scheme) to one of this table's own two pages; else its look-only page."""
    pages = {reverse("table-view", args=[table.view_token]),
             reverse("table-edit", args=[table.edit_token])}
    wanted = request.GET.get("next", "")
    if url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()) \
            and urlsplit(wanted).path in pages:
        return wanted
    return reverse("table-view", args=[table.view_token])


@no_store
@require_GET
@condition(etag_func=_version_etag("csv"))
def export_csv(request, token):
    """The table's CSV, named after the table and the day it was opened; a conditional request
    is answered 304 while nothing changed (one small query). The text is kept in this worker's
    "csv" cache under the table's version and the language (CSV_KEPT), so the same CSV asked
    again, from any phone, is not made again here: a new version is a new key (the old one
    expires unread). Made, it is a read of each hand's kept line (Table.csv_lines)."""
    table = _table(token)
    key = f"table-csv:{table.view_token}:{table.version}:{get_language()}"
    text = caches["csv"].get(key)
    if text is None:
        text = services.csv_export(table)
        caches["csv"].set(key, text, CSV_KEPT)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = csv_disposition(table.name, localdate(table.created))
    response["ETag"] = _etag("csv", table.version, bool(request.htmx))
    return response


def csv_disposition(name: str, day) -> str:
    """`attachment` with the file's name: the table's name and the date ("friday-night-2026-12-01
    .csv"), never its number (which would tell how many tables there are). RFC 6266: `filename`
    in ASCII for every browser (the name's ASCII letters, else "table"), and `filename*` in
    UTF-8 when the name has more (Chinese, accents), percent-encoded (RFC 8187)."""
    stem = slugify(name)[:60].strip("-") or "table"
    plain = f'attachment; filename="{stem}-{day.isoformat()}.csv"'
    full = slugify(name, allow_unicode=True)[:60].strip("-")
    if not full or full == stem:
        return plain
    return f"{plain}; filename*=UTF-8''{quote(f'{full}-{day.isoformat()}.csv', safe='')}"
