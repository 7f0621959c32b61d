"""Tables: open a table, record hands, see the totals, settle up.

Two links per table, both unguessable: /tables/<view_token>/ shows the game; /tables/e/<edit_token>/
shows it with the forms that change it. A token is looked up only among the tokens of its own
kind, so a view token never edits and a guessed token is a 404.

Every form posts to a real URL and redirects back (works without JavaScript); under htmx the same
view answers with the board fragment instead, which the form swaps in. Form errors are a 200.
"""

from decimal import Decimal
from urllib.parse import urlencode

from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import tables
from scoring.engine.context import FLAGS
from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS
from scoring.forms import ScoreForm, query_pairs
from scoring.models import Stale, Table
from scoring.table_forms import (
    SELF_DRAWN,
    FalseWinForm,
    TableForm,
    WallEndForm,
    WinForm,
    deal_formset,
)

TABLE_COOKIE = "mahjong_table"
NOTICES = {
    "stale": "Someone changed this hand on another phone after you opened it: nothing was "
             "saved. Here is the table as it is now; make your change again if it is still needed.",
    "undone": "Hand undone; the totals are recomputed.",
    "saved": "Hand saved; the totals are recomputed.",
}


def _table(token, edit=False) -> Table:
    if edit:
        return get_object_or_404(Table, edit_token=token)
    return get_object_or_404(Table, view_token=token)


def _unit(table) -> str:
    return VARIANTS[table.variant].unit


def scorer_link(table, position, hand=None, context=None) -> str:
    """The scoring page, set up for this table: variant, round wind and house rules; with a hand
    and its context, the link that reproduces the hand as the table scored it."""
    rules = {option["name"]: table.rules.get(option["name"], option["default"])
             for option in VARIANTS[table.variant].describe()["options"]}
    if hand is None:
        context = {"round_wind": position.round_wind}
    return f"{reverse('index')}?{urlencode(query_pairs(table.variant, hand, context, rules))}"


def board(table, edit, **extra) -> dict:
    hands, found = table.game()
    rows = table.rows(hands)
    position = found[-1]
    n = len(table.players)
    totals = rows[-1]["totals"] if rows else [Decimal(0)] * n
    names = table.players
    standings = [{"player": i, "name": name, "total": totals[i], "seat": position.seat_of(i),
                  "dealer": i == position.dealer} for i, name in enumerate(names)]
    seat_order = {w: k for k, w in enumerate("ESWN")}
    standings.sort(key=lambda s: seat_order.get(s["seat"], 9))
    for row in rows:
        row["changes"] = list(zip(names, row["net"], strict=True))
    context = {
        "table": table, "edit": edit, "rows": list(reversed(rows)), "position": position,
        "standings": standings, "names": names, "unit": _unit(table),
        "variant": VARIANTS[table.variant], "dreamer": None if position.dreamer is None
        else names[position.dreamer], "game_over": tables.game_over(table.variant, position),
        "rotation": tables.rotation_of(table.variant),
        "last": hands[-1] if hands else None, "scorer": scorer_link(table, position),
    }
    if edit and "win_form" not in extra:
        extra["win_form"] = WinForm(names=names, position=position, unit=_unit(table))
    if edit and table.variant in tables.FALSE_WINS and "false_win_form" not in extra:
        extra["false_win_form"] = FalseWinForm(names=names, position=position)
    context.update(extra)
    return context


def _page(request, table, edit, status=200, **extra):
    template = "tables/partials/_board.html" if request.htmx else "tables/table.html"
    return render(request, template, board(table, edit, **extra), status=status)


def _done(request, table, notice):
    """After a write: the fresh board under htmx, else back to the edit page (post/redirect/get)."""
    if request.htmx:
        return _page(request, table, True, notice=NOTICES[notice])
    return redirect(f"{reverse('table-edit', args=[table.edit_token])}?notice={notice}")


# Pages ----------------------------------------------------------------------------------------

@require_http_methods(["GET", "POST"])
def new_table(request):
    if request.method == "POST":
        form = TableForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            table = Table.objects.create(name=data["name"], variant=form.variant_id,
                                         rules=data["rules"], players=data["players"])
            return redirect("table-edit", table.edit_token)
    else:
        form = TableForm(None, variant_id=request.GET.get("variant"))
        for name in form.fields:  # a variant change keeps what was typed
            if name in request.GET and name != "variant":
                form.fields[name].initial = request.GET[name]
    template = "tables/partials/_new_form.html" if request.htmx else "tables/new.html"
    return render(request, template, {"form": form})


@require_GET
def table_view(request, token):
    return _page(request, _table(token), False)


@require_GET
def table_edit(request, token):
    table = _table(token, edit=True)
    notice = NOTICES.get(request.GET.get("notice", ""))
    response = _page(request, table, True, notice=notice)
    # The scoring page's "add to table" button finds this table through this cookie.
    response.set_cookie(TABLE_COOKIE, table.edit_token, max_age=30 * 24 * 3600, samesite="Lax",
                        httponly=True, secure=request.is_secure())
    return response


@require_POST
def add_win(request, token):
    table = _table(token, edit=True)
    position = table.game()[1][-1]
    form = WinForm(request.POST, names=table.players, position=position, unit=_unit(table))
    if form.is_valid():
        winner, total = form.cleaned_data["winner"], form.cleaned_data["total"]
        try:
            table.add_hand(lambda pos: tables.quick_entry(
                table.variant, table.rules, pos, winner, form.discarder, form.self_drawn, total))
        except HandError as error:
            form.add_error(None, error.message)
        else:
            return _done(request, table, "saved")
    return _page(request, table, True, win_form=form)


@require_POST
def add_false_win(request, token):
    """American: a declared win that was not one, a hand of its own with no winner."""
    table = _table(token, edit=True)
    if table.variant not in tables.FALSE_WINS:
        raise Http404("This table's variant has no false win.")
    position = table.game()[1][-1]
    form = FalseWinForm(request.POST, names=table.players, position=position)
    if form.is_valid():
        declarer = form.cleaned_data["declarer"]
        try:
            table.add_hand(lambda pos: tables.false_win(
                table.variant, table.rules, pos, declarer, form.discarder, form.self_drawn))
        except HandError as error:
            form.add_error(None, error.message)
        else:
            return _done(request, table, "saved")
    return _page(request, table, True, false_win_form=form)


@require_POST
def add_draw(request, token):
    table = _table(token, edit=True)
    table.add_hand(tables.drawn)
    return _done(request, table, "saved")


@require_http_methods(["GET", "POST"])
def from_scorer(request, token):
    """The scoring page's result, added to the table: confirm who won and from whom; the hand is
    scored again for the winner's seat, the round wind and the table's house rules."""
    table = _table(token, edit=True)
    query = request.POST.get("q", "") if request.method == "POST" else request.GET.urlencode()
    scorer = ScoreForm(QueryDict(query))
    position = table.game()[1][-1]
    problem = None
    if not scorer.is_valid() or not scorer.cleaned_data.get("hand"):
        problem = "The scorer's link has no valid hand."
    elif scorer.variant_id != table.variant:
        problem = (f"This hand was scored as {scorer.variant.name}; the table plays "
                   f"{VARIANTS[table.variant].name}.")
    request_ = None if problem else scorer.engine_request()
    if request.method == "POST":
        form = WinForm(request.POST, names=table.players, position=position, with_total=False)
        if problem is None and form.is_valid():
            try:
                table.add_hand(lambda pos: _scored(table, pos, form, request_, query))
            except HandError as error:
                form.add_error(None, error.message)
            else:
                return _done(request, table, "saved")
    else:
        form = WinForm(names=table.players, position=position, with_total=False,
                       initial=_scorer_initial(position, request_))
    preview = None
    if problem is None and request.method == "GET":
        chosen = form.initial
        try:
            preview = tables.scored(table.variant, table.rules, position, chosen["winner"],
                                    _source(chosen["source"]), chosen["source"] == SELF_DRAWN,
                                    request_["hand"], _flags(request_))
        except HandError as error:
            problem = error.message
    return render(request, "tables/from_scorer.html", {
        "table": table, "form": form, "query": query, "problem": problem, "position": position,
        "hand": request_["hand"] if request_ else "", "preview": preview, "unit": _unit(table),
        "names": table.players})


def _source(value):
    return None if value == SELF_DRAWN else int(value)


def _flags(engine_request) -> dict:
    context = engine_request["context"]
    kept = {k: v for k, v in context.items() if k in FLAGS and k != "self_drawn"}
    if context.get("void_suit"):
        kept["void_suit"] = context["void_suit"]
    return kept


def _scorer_initial(position, engine_request) -> dict:
    if engine_request is None:
        return {}
    context = engine_request["context"]
    seat = context.get("seat_wind", "E")
    winner = position.player_at(seat)
    if winner is None:
        winner = position.player_at("E")
    if context.get("self_drawn"):
        source = SELF_DRAWN
    else:
        wind = context.get("discarder") or "ESWN"[("ESWN".index(seat) - 1) % position.seated]
        discarder = position.player_at(wind)
        source = SELF_DRAWN if discarder is None else str(discarder)
    return {"winner": winner, "source": source}


def _scored(table, position, form, engine_request, query):
    recorded = tables.scored(table.variant, table.rules, position, form.cleaned_data["winner"],
                             form.discarder, form.self_drawn, engine_request["hand"],
                             _flags(engine_request), query)
    context = recorded.detail.pop("context", None)
    if context is not None:
        recorded.detail["query"] = scorer_link(table, position, recorded.detail["hand"],
                                               context).partition("?")[2]
    return recorded


@require_http_methods(["GET", "POST"])
def add_deal(request, token):
    """A deal as its events (kongs, wins in order, the wall's end), for a variant that pays during
    the deal (Sichuan)."""
    table = _table(token, edit=True)
    position = table.game()[1][-1]
    events = deal_formset(request.POST or None, names=table.players, position=position)
    wall = WallEndForm(request.POST or None, names=table.players, position=position)
    problem = None
    if request.method == "POST" and events.is_valid() and wall.is_valid():
        def record(pos):
            found = [e for e in (f.event(pos) for f in events) if e]
            end = wall.event(pos)
            if not found and not end:
                raise HandError("bad_request", "Enter at least one event.")
            return tables.settled_deal(table.variant, table.rules, pos,
                                       found + ([end] if end else []))
        try:
            table.add_hand(record)
        except HandError as error:
            problem = error.message
        else:
            return _done(request, table, "saved")
    return render(request, "tables/deal.html", {
        "table": table, "events": events, "wall": wall, "problem": problem,
        "position": position, "names": table.players})


@require_http_methods(["GET", "POST"])
def edit_hand(request, token, hand_id):
    table = _table(token, edit=True)
    hands, found = table.game()
    index = next((i for i, h in enumerate(hands) if h.pk == hand_id), None)
    if index is None:
        return _done(request, table, "stale")
    hand, position = hands[index], found[index]
    initial = {"winner": hand.winner, "total": hand.total, "version": hand.version,
               "source": SELF_DRAWN if hand.self_drawn or hand.discarder is None
               else str(hand.discarder)}
    form = WinForm(request.POST or None, names=table.players, position=position,
                   unit=_unit(table), initial=initial)
    if request.method == "POST":
        version = _int(request.POST.get("version"))
        try:
            if request.POST.get("action") == "draw":
                table.replace_hand(hand.pk, version, tables.drawn)
                return _done(request, table, "saved")
            if form.is_valid():
                winner, total = form.cleaned_data["winner"], form.cleaned_data["total"]
                table.replace_hand(hand.pk, version, lambda pos: tables.quick_entry(
                    table.variant, table.rules, pos, winner, form.discarder, form.self_drawn,
                    total))
                return _done(request, table, "saved")
        except Stale:
            return _done(request, table, "stale")
        except HandError as error:
            form.add_error(None, error.message)
    declarer = hand.detail.get("declarer")
    return render(request, "tables/hand_edit.html", {
        "table": table, "hand": hand, "form": form, "position": position,
        "names": table.players, "unit": _unit(table),
        "declarer": None if declarer is None else table.players[declarer]})


@require_POST
def delete_hand(request, token, hand_id):
    table = _table(token, edit=True)
    try:
        table.delete_hand(hand_id, _int(request.POST.get("version")))
    except Stale:
        return _done(request, table, "stale")
    return _done(request, table, "undone")


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


@require_GET
def settle(request, token):
    table = _table(token)
    totals = table.totals()
    transfers = tables.settle_up(totals)
    names = table.players
    return render(request, "tables/settle.html", {
        "table": table, "net": list(zip(names, totals, strict=True)), "unit": _unit(table),
        "transfers": [{"from": names[t.payer], "to": names[t.payee], "amount": t.amount}
                      for t in transfers]})


@require_GET
def export_csv(request, token):
    table = _table(token)
    rows = table.rows()
    totals = rows[-1]["totals"] if rows else [Decimal(0)] * len(table.players)
    text = tables.csv_text(table.players, rows, tables.settle_up(totals))
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="table-{table.pk}.csv"'
    return response

