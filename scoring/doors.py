"""What every door shares: turning raw request text into a contract result.

The engine validates everything it is given; a door only has to say when the text
is not JSON at all, with the same error shape as the engine's own errors.
"""

import json


def bad_request(message):
    return {"ok": False, "error": {"code": "bad_request", "message": message}}


def run_json(text, run):
    """Parse one request (str or bytes) and hand it to `run`; bad JSON is a `bad_request`."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return bad_request(f"The request is not valid JSON ({exc}).")
    return run(request)


def dumps(result):
    return json.dumps(result)
