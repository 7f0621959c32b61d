"""Serving when something the site needs is not there: the database (a restart, a full disk, a
locked SQLite file past its wait), or a stream of requests for a host this site is not.

A database that does not answer is a 503 with Retry-After on every page and API, never a bare
500: the API says so in the contract's error shape (code `unavailable`), a page says that
nothing was saved and shows what was typed, with a button that sends it again (the form's
one-time key is among it, so a second send still stores one hand).
"""

import logging

from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring.doors import unavailable

RETRY_AFTER = 10  # seconds: a database restart takes a few
DATABASE_DOWN = (OperationalError, InterfaceError)
NOT_ECHOED = {"csrfmiddlewaretoken"}  # the page that answers carries a fresh one

logger = logging.getLogger("mahjong_site.unavailable")


def unavailable_response(request, message, down):
    """The 503 answer: JSON for the API, a page otherwise."""
    if request.path.startswith("/api/"):
        response = JsonResponse(unavailable(message, down), status=503)
    else:
        typed = [(name, value) for name, values in request.POST.lists()
                 if name not in NOT_ECHOED for value in values]
        htmx = request.headers.get("HX-Request") == "true"
        response = render(request, "_unavailable.html" if htmx else "unavailable.html", {
            "message": message, "typed": typed, "resend": request.method == "POST"},
            status=503)
        if htmx:  # swapped into the page's <main> (base.html's htmx-config swaps a 503)
            response["HX-Retarget"], response["HX-Reswap"] = "main", "innerHTML"
    response["Retry-After"] = str(RETRY_AFTER)
    return response


class DatabaseDownMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, DATABASE_DOWN):
            return None
        logger.warning("The database did not answer (503): %s",
                       " ".join(str(exception).split())[:300])
        saved = _("Nothing was saved.") if request.method == "POST" else ""
        return unavailable_response(request, " ".join(filter(None, [
            _("The scorer's database is not answering."), saved,
            _("Try again in a few seconds.")])), ["database"])


class OneLineWarning(logging.Filter):
    """A record as one warning line: no traceback, no line break, at most 300 characters (the
    message quotes what the client sent)."""

    def filter(self, record):
        record.msg = " ".join(record.getMessage().split())[:300]
        record.args = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = record.exc_text = record.stack_info = None
        return True
