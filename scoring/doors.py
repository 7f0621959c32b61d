"""What every door shares: turning raw request text into a contract result.

The engine validates everything it is given; a door only has to say when the text
is not JSON at all, or too long to read, with the same error shape as the engine's own errors.
"""

from _json import make_scanner
from math import inf, nan

import ujson

# The longest request any door reads, in bytes for the API's body and in characters on the
# command line; settings.DATA_UPLOAD_MAX_MEMORY_SIZE is this same number.
MAX_REQUEST_SIZE = 64 * 1024


def bad_request(message):
    return {"ok": False, "error": {"code": "bad_request", "message": message}}


def too_large(limit, size=None, unit="bytes"):
    length = f"{size} {unit} long" if size is not None else f"longer than {limit} {unit}"
    return {"ok": False, "error": {"code": "too_large", "message": (
        f"The request is {length}; a request may be at most {limit} {unit}.")}}


def run_json(text, run, limit=None):
    """Parse one request (str or bytes) and hand it to `run`; bad JSON is a `bad_request`,
    a text longer than `limit` is `too_large`, not parsed."""
    if limit is not None and len(text) > limit:
        unit = "characters" if isinstance(text, str) else "bytes"
        return too_large(limit, len(text), unit)
    try:
        request = loads(text)
    except (ValueError, RecursionError) as exc:
        return bad_request(f"The request is not valid JSON ({exc}).")
    return run(request)


class _JsonLoadsOptions:
    """What json's C scanner reads of a decoder: json.loads's defaults."""

    strict = True
    object_hook = object_pairs_hook = None
    parse_float, parse_int = float, int
    parse_constant = {"-Infinity": -inf, "Infinity": inf, "NaN": nan}.__getitem__


# json.loads's own scanner, called without json.loads around it: the usual request line needs
# neither its checks and regular expression matches (a third of the work of reading a
# request) nor, until a line is faulty, the json package (~3 ms to import).
_scan = make_scanner(_JsonLoadsOptions)
_JSON_SPACE = " \t\n\r"


def loads(text):
    """json.loads(text), exactly (a test says so). The usual request line, an object with
    nothing before it, is read by the scanner itself; anything else, or any fault, goes to
    json.loads, which says what is wrong."""
    if text.__class__ is str and text[:1] == "{":
        try:
            value, end = _scan(text, 0)
        except (StopIteration, ValueError):
            pass
        else:
            if not text[end:].strip(_JSON_SPACE):
                return value
    import json  # here: most runs never need it

    return json.loads(text)


# ujson.dumps's options by position (ensure_ascii, encode_html_chars, escape_forward_slashes):
# given as keywords they cost ~2.5k instructions a call, a twentieth of writing a result.
_ASCII_SLASHES_AS_THEY_ARE = (True, False, False)


def dumps(result) -> str:
    """A result as one line of compact JSON in ASCII, each other character a \\u escape: the text
    of json.dumps(result, separators=(",", ":")), tested so, but for DEL (left as it is, as JSON
    allows). ujson writes it in a third of the time (~9 us against ~25 us for a 1 KB result, a
    tenth of a hand's time on `score --jsonl`) and imports in ~3 ms, where orjson, as fast but
    UTF-8 only, takes ~25 ms (it imports dataclasses and uuid)."""
    return ujson.dumps(result, *_ASCII_SLASHES_AS_THEY_ARE)


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
