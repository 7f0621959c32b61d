"""What every door shares: turning raw request text into a contract result.

The engine validates everything it is given; a door only has to say when the text
is not JSON at all, or too long to read, with the same error shape as the engine's own errors.
"""

import json
import sys

import ujson

from scoring.engine.messages import gettext_noop, pgettext

# The longest request any door reads, in bytes for the API's body and in characters on the
# command line; settings.DATA_UPLOAD_MAX_MEMORY_SIZE is this same number.
MAX_REQUEST_SIZE = 64 * 1024


def bad_request(message):
    return {"ok": False, "error": {"code": "bad_request", "message": message}}


def unavailable(message, down):
    """A service the answer needs is not there (`down`: "database", "cache"): a 503."""
    return {"ok": False, "error": {"code": "unavailable", "message": message, "down": down}}


def too_large(limit, size=None, unit="bytes"):
    word = UNITS.get(unit, unit)
    length = gettext_noop("{size} {unit} long", size=size, unit=word) if size is not None \
        else gettext_noop("longer than {limit} {unit}", limit=limit, unit=word)
    return {"ok": False, "error": {"code": "too_large", "message": gettext_noop(
        "The request is {length}; a request may be at most {limit} {unit}.", length=length,
        limit=limit, unit=word)}}


UNITS = {"bytes": pgettext("size", "bytes"), "characters": pgettext("size", "characters")}


def run_json(text, run, limit=None):
    """Parse one request (str or bytes) and hand it to `run`; bad JSON is a `bad_request`,
    a text longer than `limit` is `too_large`, not parsed."""
    if limit is not None and len(text) > limit:
        unit = "characters" if isinstance(text, str) else "bytes"
        return too_large(limit, len(text), unit)
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return bad_request(gettext_noop("The request is not valid JSON ({error}).",
                                        error=unreadable(exc)))
    return run(request)


def unreadable(exc) -> str:
    """Why json.loads refused a text, in the contract's words: never Python's own message (it
    names Python's internals: recursion depth, sys.set_int_max_str_digits)."""
    if isinstance(exc, json.JSONDecodeError):
        return gettext_noop("at line {line}, column {column}", line=exc.lineno, column=exc.colno)
    if isinstance(exc, RecursionError):
        return gettext_noop("its arrays or objects are nested too deeply")
    if isinstance(exc, UnicodeDecodeError):
        return gettext_noop("it is not UTF-8 text")
    # The one other ValueError json.loads raises: an integer longer than Python reads.
    return gettext_noop("a number in it has more than {digits} digits",
                        digits=sys.get_int_max_str_digits())


def dumps(result) -> str:
    """A result as one line of compact JSON in ASCII, each other character a \\u escape: the text
    of json.dumps(result, separators=(",", ":")), tested so, but for DEL (left as it is, as JSON
    allows). ujson writes it several times faster than json (`make bench` measures the doors)."""
    return ujson.dumps(result, ensure_ascii=True, escape_forward_slashes=False)


def run_stream(stream, run, limit):
    """One request read from a stream; past `limit` characters it is `too_large`, unread."""
    text = stream.read(limit + 1)
    if len(text) > limit:
        return too_large(limit, unit="characters")
    return run_json(text, run)


def bounded_lines(stream, limit):
    """The stream's lines, each None when longer than `limit` characters: such a line is read
    on in pieces of at most `limit` + 1 characters and dropped, never held whole."""
    while line := stream.readline(limit + 1):
        if len(line) <= limit or line.endswith("\n"):
            yield line
            continue
        while line and not line.endswith("\n"):
            line = stream.readline(limit + 1)
        yield None
