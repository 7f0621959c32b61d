"""Helpers the test modules share: score a hand that must be valid, read a result, post JSON,
run a management command."""

import io
import json

from django.core.management import call_command

from scoring.engine import score


def scored(hand, context=None, rules=None):
    """A Shanghai hand's result; the request must be valid."""
    result = score({"variant": "shanghai", "hand": hand, "context": context or {},
                    "rules": rules or {}})
    assert result["ok"], result
    return result


def play(hand, rules=None, **context):
    """A Hong Kong hand's result, the context as keywords; the request must be valid."""
    result = score({"variant": "hongkong", "hand": hand, "context": context,
                    "rules": rules or {}})
    assert result["ok"], result
    return result


def counted(result):
    """{pattern id: count} of the counted patterns."""
    return {p["id"]: p["count"] for p in result["patterns"]}


def paid(result):
    """{(payer, payee): amount} of the result's transfers."""
    return {(t["from"], t["to"]): t["amount"] for t in result["payments"]["transfers"]}


def post(client, url, body):
    """POST a JSON body: a string as it is (it may be broken on purpose), anything else dumped."""
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json")


def run_command(command, *args, stdin=""):
    """Run a management command in this process, through Django: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, *args, stdin=io.StringIO(stdin), stdout=out, stderr=err)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, out.getvalue(), err.getvalue()
