"""The OpenAPI 3.1 description of the JSON API, served at GET /api/openapi.json.

One Python value, with the enums taken from the engine (variant ids from the registry, error codes
from `errors.ERROR_CODES`) and the bounds from the engine's limits, so it cannot drift from them.
`tests/test_openapi.py` validates real responses against it, and schemathesis drives the API from
it (`tests/test_schemathesis.py`).
"""

from dataclasses import MISSING, fields
from functools import cache
from types import NoneType, UnionType
from typing import get_args, get_origin, get_type_hints

from django.conf import settings

from scoring.engine import context
from scoring.engine.api import MAX_EVENTS
from scoring.engine.context import CONTEXT_FIELDS, WINNING_TILE_FIELDS
from scoring.engine.errors import ERROR_CODES
from scoring.engine.notation import MAX_HAND_CHARS
from scoring.engine.result import Result
from scoring.engine.variants import VARIANTS

WIND = {"type": "string", "enum": ["E", "S", "W", "N"],
        "description": "A seat or round wind (the engine also reads East, south, ...)."}
SEATS = ["E", "S", "W", "N"]


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def json_body(schema, description):
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def error_responses():
    return {
        "400": json_body(ref("Error"), "The request cannot be scored: the contract's error shape."),
        "413": json_body(ref("Error"), "The body is over the size limit (code `too_large`)."),
        "415": json_body(ref("Error"), "The body is not sent as application/json (code "
                         "`bad_request`): form and text bodies are refused."),
    }


def context_schema():
    """The request's context as the engine's table of fields declares it: each field's schema by
    its kind, and its description. The flags come first, as the document has always listed them."""
    kinds = {
        context.FLAG: {"type": "boolean"},
        context.YES_NO: {"type": "boolean"},
        context.WIND: WIND,
        context.SEAT: {"anyOf": [WIND, {"type": "null"}]},
        context.SUIT: {"anyOf": [{"type": "string", "enum": list(context.SUITS)},
                                 {"type": "null"}]},
        context.SEATS: {"type": "array", "items": WIND, "minItems": 1, "maxItems": 3},
        context.TILES: {"anyOf": [{"type": "array", "items": {"type": "string"},
                                   "maxItems": context.MAX_INDICATORS}, {"type": "string"}]},
        context.COUNT: {"type": "integer", "minimum": 0, "maximum": context.MAX_COUNT},
    }
    properties = {
        spec.name: {**kinds[spec.kind], **({"description": spec.description}
                                           if spec.description else {})}
        for spec in sorted(CONTEXT_FIELDS, key=lambda spec: spec.kind is not context.FLAG)}
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "description": "How the hand was won; every field is optional (contract section 2)."}


JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", dict: "object",
              list: "array"}


def type_schema(hint, nullable: bool) -> dict:
    """The JSON schema of a Python annotation of `Result`: its JSON types (an int or a float is
    a number), a list's items; None among them only where the JSON shows null (`nullable`)."""
    args = get_args(hint) if isinstance(hint, UnionType) else (hint,)
    kinds, items = [], None
    for arg in args:
        if arg is NoneType:
            if nullable:
                kinds.append("null")
            continue
        origin = get_origin(arg) or arg
        kinds.append(JSON_TYPES[origin])
        if origin is list:
            items = type_schema(get_args(arg)[0], False)
    if "integer" in kinds and "number" in kinds:
        kinds.remove("integer")
    schema = {"type": kinds[0] if len(kinds) == 1 else kinds}
    if items is not None:
        schema["items"] = items
    return schema


def result_schema(pattern, transfer, net) -> dict:
    """The score result, generated from `Result`'s fields: each field's type and what it holds;
    the standard fields required, the others (some variants' only) optional; nothing else."""
    shapes = {  # what a field's type does not say: the rows' keys, the ids
        "variant": ref("Variant"),
        "patterns": {"items": pattern},
        "excluded": {"items": {"type": "object", "required": ["id", "by"],
                               "properties": {"id": {"type": "string"}, "by": {"type": "string"},
                                              "reason": {"type": "string"}}}},
        "explanation": {"items": {"type": "object", "required": ["code", "text"]}},
        "alternatives": {"items": {"type": "object",
                                   "required": ["total", "decomposition", "patterns"]}},
        "fu_reasons": {"items": {"type": "object", "required": ["fu", "reason", "text"]}},
        "payments": {"required": ["transfers", "net"],
                     "properties": {"transfers": {"type": "array", "items": transfer},
                                    "net": net}},
    }
    hints = get_type_hints(Result)
    properties = {"ok": {"const": True}}
    required = ["ok"]
    for f in fields(Result):
        standard = f.default is MISSING
        properties[f.name] = {**type_schema(hints[f.name], nullable=standard),
                              "description": f.metadata["doc"], **shapes.get(f.name, {})}
        if standard:
            required.append(f.name)
    return {"type": "object", "required": required, "properties": properties,
            "additionalProperties": False,
            "description": "One scored hand (contract section 3), as `Result` in the engine "
                           "holds it."}


def schemas():
    variant_ids = list(VARIANTS)
    money = {"type": "number"}
    transfer = {"type": "object", "required": ["from", "to", "amount"],
                "properties": {"from": {"enum": SEATS}, "to": {"enum": SEATS}, "amount": money}}
    net = {"type": "object", "required": SEATS, "properties": {seat: money for seat in SEATS},
           "additionalProperties": False}
    pattern = {"type": "object", "required": ["id", "name", "english", "value", "count"],
               "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                              "english": {"type": "string"}, "chinese": {"type": "string"},
                              "value": {"type": "number"}, "count": {"type": "integer"}}}
    return {
        "Variant": {"type": "string", "enum": variant_ids},
        "Context": context_schema(),
        "Rules": {"type": "object", "description": (
            "The table's house options for the variant (GET /api/variants lists them with their "
            "defaults); unknown names are an error.")},
        "ScoreRequest": {
            "type": "object",
            "required": ["variant", "hand"],
            "properties": {
                "variant": ref("Variant"),
                "hand": {"type": "string", "maxLength": MAX_HAND_CHARS,
                         "examples": ["234m 567p 22s [EEE] [789p] +2s"]},
                "context": ref("Context"),
                "rules": ref("Rules"),
                "line": {"type": ["string", "null"], "description": (
                    "American only: the id of one line of the card to check the hand against "
                    "(it is scored against that line alone; a miss names what the line lacks). "
                    "Left out, the hand's best line counts.")},
            },
        },
        "ScoreResult": result_schema(pattern, transfer, net),
        "AnalyseRequest": {
            "type": "object",
            "required": ["variant", "hand"],
            "properties": {
                "variant": ref("Variant"),
                "hand": {"type": "string", "maxLength": MAX_HAND_CHARS,
                         "description": "13 tiles (kongs counted as 3; American: 13 tiles "
                                        "counting everything), no '+' winning tile.",
                         "examples": ["234m 567p 2s [EEE] [789p]"]},
                "context": {**ref("Context"), "description": (
                    "As for score, without the fields about the winning tile: "
                    + ", ".join(WINNING_TILE_FIELDS) + " are refused (bad_context).")},
                "rules": ref("Rules"),
            },
        },
        "AnalyseResult": {
            "type": "object",
            "required": ["ok", "variant", "hand", "shanten", "waits", "useful"],
            "properties": {
                "ok": {"const": True},
                "variant": ref("Variant"),
                "hand": {"type": "string"},
                "unit": {"type": "string"},
                "shanten": {"type": "integer", "minimum": 0, "description": (
                    "How many tiles the hand is from ready: 0 is ready (American: the fewest "
                    "tiles missing from a line of the card, less the winning tile).")},
                "missing": {"type": "integer", "description": "American: the fewest tiles "
                            "missing from any line of the card the hand's exposures fit."},
                "waits": {"type": "array", "items": {
                    "type": "object", "required": ["tile", "self_drawn", "discard"],
                    "properties": {"tile": {"type": "string"},
                                   "self_drawn": ref("WinSummary"),
                                   "discard": ref("WinSummary")}},
                          "description": "Every tile that completes the hand, with what score "
                                         "gives for it self-drawn and on a discard from the "
                                         "default discarder."},
                "useful": {"type": "array", "items": {"type": "string"}, "description": (
                    "The tiles that bring the hand one step closer (ready: its waits).")},
                "unseen": {"type": "object", "additionalProperties": {"type": "integer"},
                           "description": "For each tile of useful: how many of its copies "
                                          "the hand does not hold (revealed sets included)."},
            },
        },
        "WinSummary": {
            "type": "object",
            "required": ["total", "points", "meets_minimum", "patterns", "net"],
            "properties": {"total": {"type": "number"}, "points": {"type": "number"},
                           "meets_minimum": {"type": "boolean"},
                           "patterns": {"type": "array", "items": {"type": "string"}},
                           "net": net,
                           "unpaid": {"type": "object", "required": ["code", "text"],
                                      "description": "A hand nobody pays: why, the note of "
                                                     "score's explanation (under_minimum, with "
                                                     "total and minimum; Riichi: no_yaku)."}},
        },
        "SettleRequest": {
            "type": "object",
            "required": ["variant", "events"],
            "properties": {
                "variant": ref("Variant"),
                "rules": ref("Rules"),
                "events": {"type": "array", "maxItems": MAX_EVENTS, "items": {
                    "type": "object", "required": ["type"],
                    "description": "Sichuan: kong, win and wall_end events (contract section 5). "
                                   "American: false_win events: the player at `seat` declared "
                                   "a win that is not one, on `discarder`'s discard or on a "
                                   "self-drawn tile (`self_drawn`), and pays the value of the "
                                   "card's highest line (the temporary table: the most a hand "
                                   "there is worth, its jackpot by default) to "
                                   "the discarder and half of it to each other player, or that "
                                   "value to every other player when self-drawn. "
                                   "Riichi: chombo events: the player at `seat` (East deals) "
                                   "is penalised for `reason` (false_win, the default, or "
                                   "noten_riichi): with the house option chombo \"mangan\" a "
                                   "mangan self-drawn paid in reverse, with \"deduction\" no "
                                   "transfer and 20,000 points off the final score (the "
                                   "entry's and the result's `deducted`); and win events: "
                                   "`seat` wins, `self_drawn` or on `discarder`'s discard, by "
                                   "its `hand` and `context` (as score takes them) or by its "
                                   "count (`han`, `fu`, or `yakuman`), with pao: `liable`, the "
                                   "seat liable for big three dragons or big four winds "
                                   "(four kongs too with the house option pao_suukantsu), and "
                                   "`liable_yakuman`, how many of the hand's yakuman they "
                                   "answer for (by default those the hand holds, or the whole "
                                   "count); the riichi sticks are not in the ledger.",
                    "properties": {"type": {"enum": ["kong", "win", "wall_end", "false_win",
                                                     "chombo"]},
                                   "seat": WIND,
                                   "reason": {"enum": ["false_win", "noten_riichi"]},
                                   "liable": WIND,
                                   "liable_yakuman": {"type": "integer", "minimum": 1}}}},
            },
        },
        "SettleResult": {
            "type": "object",
            "required": ["ok", "net", "ledger"],
            "properties": {
                "ok": {"const": True},
                "net": net,
                "ledger": {"type": "array", "items": {
                    "type": "object", "required": ["event", "what", "transfers"],
                    "properties": {"event": {"type": "integer"}, "what": {"type": "string"},
                                   "transfers": {"type": "array", "items": transfer},
                                   "deducted": {"type": "object", "description": "Riichi's "
                                                "chombo with the deduction: the seat and the "
                                                "points its final score loses"}}}},
                "deducted": {"type": "object", "description": "Riichi's chombo deductions by "
                             "seat, when any (points off the final score, after the uma)"},
            },
        },
        "Error": {
            "type": "object",
            "required": ["ok", "error"],
            "additionalProperties": False,
            "properties": {
                "ok": {"const": False},
                "error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                        "code": {"type": "string", "enum": list(ERROR_CODES),
                                 "description": "; ".join(f"`{code}`: {meaning}" for code, meaning
                                                          in ERROR_CODES.items())},
                        "message": {"type": "string", "minLength": 1},
                        "event": {"type": "integer", "description": "settle: the event at fault"},
                        "fields": {"type": "array", "items": {"type": "string"},
                                   "description": "the parts of the request at fault, as "
                                                  "context.<field> or rules.<option>"},
                    },
                },
            },
        },
        "Catalog": {
            "type": "object",
            "required": ["variants"],
            "properties": {"variants": {"type": "array", "items": {
                "type": "object", "required": ["id", "name", "unit", "patterns", "options"],
                "properties": {
                    "id": ref("Variant"),
                    "name": {"type": "string"},
                    "unit": {"type": "string"},
                    "patterns": {"type": "array", "items": {
                        "type": "object", "required": ["id", "name", "value"]}},
                    "options": {"type": "array", "items": {
                        "type": "object", "required": ["name", "default", "help"]}},
                }}}},
        },
        "Unavailable": {
            "type": "object",
            "required": ["ok", "error"],
            "additionalProperties": False,
            "properties": {
                "ok": {"const": False},
                "error": {"type": "object", "required": ["code", "message", "down"],
                          "properties": {
                              "code": {"const": "unavailable"},
                              "message": {"type": "string", "minLength": 1},
                              "down": {"type": "array", "items": {"enum": ["database", "cache"]},
                                       "minItems": 1}}},
            },
        },
        "Health": {"type": "object", "required": ["ok"], "properties": {"ok": {"const": True}},
                   "additionalProperties": False},
    }


@cache
def document() -> dict:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Mahjong hand scorer",
            "version": "1",
            "description": (
                "Score a finished Mahjong hand for the table's variant, see what wins a hand of "
                "13 tiles, or settle a whole deal. "
                "Requests and results follow the project's contract (CONTRACT.md). Bodies over "
                f"{limit} bytes are refused with 413; hands are at most {MAX_HAND_CHARS} "
                f"characters and deals at most {MAX_EVENTS} events."),
        },
        "paths": {
            "/api/score": {"post": {
                "operationId": "score",
                "summary": "Score one hand",
                "requestBody": {"required": True, **json_body(ref("ScoreRequest"), "The hand")},
                "responses": {"200": json_body(ref("ScoreResult"), "The hand's score"),
                              **error_responses()},
            }},
            "/api/analyse": {"post": {
                "operationId": "analyse",
                "summary": "What wins a 13-tile hand, and for how much",
                "description": "A ready hand (shanten 0): every winning tile, scored as score "
                               "scores the 14 tiles self-drawn and on a discard. Not ready: how "
                               "many tiles from ready, and the tiles that bring it closer "
                               "(contract section 6).",
                "requestBody": {"required": True, **json_body(ref("AnalyseRequest"), "The hand")},
                "responses": {"200": json_body(ref("AnalyseResult"), "Its waits"),
                              **error_responses()},
            }},
            "/api/settle": {"post": {
                "operationId": "settle",
                "summary": "Settle a whole deal (Sichuan) or a false win (American)",
                "description": "Each event gives one ledger entry, `what` happened in words and "
                               "its transfers; `net` sums to zero. Shanghai and Hong Kong settle "
                               "each hand on its own (`unknown_variant`). An event that cannot "
                               "be is `bad_event` (or the code of the hand at fault), with its "
                               "index in `event`.",
                "requestBody": {"required": True, **json_body(ref("SettleRequest"), "The deal")},
                "responses": {"200": json_body(ref("SettleResult"), "The deal's ledger"),
                              **error_responses()},
            }},
            "/api/variants": {"get": {
                "operationId": "variants",
                "summary": "The variants, their patterns and house options",
                "responses": {"200": json_body(ref("Catalog"), "The catalog")},
            }},
            "/api/health": {"get": {
                "operationId": "health",
                "summary": "Liveness: always {\"ok\": true}",
                "responses": {"200": json_body(ref("Health"), "Alive")},
            }},
            "/api/ready": {"get": {
                "operationId": "ready",
                "summary": "Readiness: the database and the cache answer",
                "description": "200 `{\"ok\": true}` while the database answers a query and "
                               "the cache keeps a value; otherwise 503 with Retry-After, code "
                               "`unavailable` and what is `down`. Every other door answers the "
                               "same 503 while the database is down.",
                "responses": {"200": json_body(ref("Health"), "Ready"),
                              "503": json_body(ref("Unavailable"), "Not ready")},
            }},
            "/api/openapi.json": {"get": {
                "operationId": "openapi",
                "summary": "This description",
                "responses": {"200": json_body({"type": "object"}, "OpenAPI 3.1")},
            }},
        },
        "components": {"schemas": schemas()},
    }
