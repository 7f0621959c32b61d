"""GET /api/openapi.json describes the API truly: real responses validate against its schemas."""

import re
from pathlib import Path

import pytest
from django.test import Client
from jsonschema import Draft202012Validator

from scoring.engine.errors import ERROR_CODES
from scoring.engine.variants import VARIANTS
from scoring.examples import example_request, examples_for
from tests.helpers import post

ENGINE = Path(__file__).resolve().parent.parent / "scoring" / "engine"


@pytest.fixture(scope="module")
def document():
    response = Client().get("/api/openapi.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()


@pytest.fixture(scope="module")
def validate(document):
    """validate(name, body): the body against components/schemas/name, $refs resolved in place."""
    def check(name, body):
        schema = {**document, "$ref": f"#/components/schemas/{name}"}
        Draft202012Validator(schema).validate(body)
    return check


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


def test_the_document_is_openapi_3_1_with_every_route(document):
    assert document["openapi"] == "3.1.0"
    assert set(document["paths"]) == {"/api/score", "/api/analyse", "/api/settle",
                                      "/api/variants", "/api/health", "/api/ready",
                                      "/api/openapi.json"}
    for schema in document["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def test_the_variant_and_error_enums_come_from_the_engine(document):
    schemas = document["components"]["schemas"]
    assert schemas["Variant"]["enum"] == list(VARIANTS)
    assert schemas["Error"]["properties"]["error"]["properties"]["code"]["enum"] == list(
        ERROR_CODES)


def test_every_error_code_the_engine_raises_is_listed():
    # Codes appear in the source as the first argument of HandError(...) / DealError(...), as
    # the `code` argument of a deal's fail(...) or its default: read them all, compare.
    raised = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        raised |= set(re.findall(r'(?:HandError|DealError)\(\s*"([a-z_]+)"', text))
        raised |= set(re.findall(r'fail\([^()]*?,\s*"([a-z_]+)"\)', text, flags=re.S))
        raised |= set(re.findall(r'code: str = "([a-z_]+)"', text))  # a default code
    assert raised, "the pattern found no code: the test would prove nothing"
    assert raised <= set(ERROR_CODES), raised - set(ERROR_CODES)


@pytest.mark.parametrize("url, name", [("/api/variants", "Catalog"), ("/api/health", "Health")])
def test_the_get_endpoints_match_their_schemas(client, validate, url, name):
    response = client.get(url)
    assert response.status_code == 200
    validate(name, response.json())


@pytest.mark.django_db
def test_readiness_matches_its_schemas_ready_and_not(client, validate, settings):
    response = client.get("/api/ready")
    assert response.status_code == 200
    validate("Health", response.json())
    # A cache whose table is not there: not ready, in the 503's documented shape.
    settings.CACHES = {"default": {"BACKEND": "mahjong_site.cache.DatabaseCache",
                                   "LOCATION": "no_such_table"}}
    response = client.get("/api/ready")
    assert (response.status_code, response["Retry-After"]) == (503, "10")
    assert response.json()["error"]["down"] == ["cache"]
    validate("Unavailable", response.json())


EXAMPLES = [pytest.param(example_request(variant, example), id=f"{variant}-{pattern}")
            for variant in VARIANTS for pattern, example in examples_for(variant).items()]


@pytest.mark.parametrize("request_", EXAMPLES)
def test_every_pattern_example_scores_to_a_result_matching_the_schema(client, validate, request_):
    response = post(client, "/api/score", request_)
    assert response.status_code == 200, response.json()
    validate("ScoreResult", response.json())


BAD = [
    ({"variant": "nope", "hand": "11m"}, "unknown_variant"),
    ({"variant": "shanghai", "hand": "12x"}, "bad_notation"),
    ({"variant": "shanghai", "hand": "1" * 200 + "m"}, "bad_notation"),  # 201 characters
    ({"variant": "shanghai", "hand": "1111m"}, "wrong_tile_count"),
    ({"variant": "shanghai", "hand": "11111m234p567p789s11z"}, "too_many_copies"),
    ({"variant": "shanghai", "hand": "13579m2468p13579s"}, "not_a_winning_hand"),
    ({"variant": "sichuan", "hand": "123m456m789m123p11z"}, "tile_not_in_variant"),
    ({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s", "context": {"fly": True}},
     "bad_context"),
    ({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s", "rules": {"nope": 1}},
     "unknown_rule"),
    # Two flowers (1f2f): an American hand refuses the alias F (it was "FF" here, read as two
    # green dragons), which is now bad_notation before the card is read.
    ({"variant": "american", "hand": "222m444m666m888m1f2f", "rules": {"card": "x : y\n"}},
     "bad_card"),
    ([1, 2], "bad_request"),
    ("{not json", "bad_request"),
]


@pytest.mark.parametrize("request_, code", BAD, ids=[code for _, code in BAD[:-2]]
                         + ["not_an_object", "not_json"])
def test_errors_match_the_error_schema(client, validate, request_, code):
    response = post(client, "/api/score", request_)
    assert response.status_code == 400
    body = response.json()
    validate("Error", body)
    assert body["error"]["code"] == code


# A Sichuan deal (its worked figures are in tests/test_sichuan_deal.py): a kong, a win by fans,
# the wall's end.
DEAL = {"variant": "sichuan", "events": [
    {"type": "kong", "seat": "S", "kind": "concealed"},
    {"type": "win", "seat": "E", "discarder": "N", "fans": 1},
    {"type": "wall_end",
     "hands": {"S": "(9999m)2468m136799p", "W": "123m456p789p123p5p", "N": "1112m456m789s333s"},
     "void": {"S": "s", "W": "m", "N": "p"}},
]}


def test_a_settled_deal_matches_the_settle_schema(client, validate):
    response = post(client, "/api/settle", DEAL)
    assert response.status_code == 200, response.json()
    validate("SettleResult", response.json())


def test_an_impossible_event_matches_the_error_schema_with_its_index(client, validate):
    deal = {"variant": "sichuan", "events": [{"type": "win", "seat": "E", "fans": 1},
                                             {"type": "win", "seat": "E", "fans": 1}]}
    response = post(client, "/api/settle", deal)
    assert response.status_code == 400
    validate("Error", response.json())
    assert response.json()["error"]["event"] == 1
