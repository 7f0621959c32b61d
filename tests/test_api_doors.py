"""The JSON API: the contract's request in the body, its result back (200) or its error (400)."""

import json

import pytest
from django.test import Client

from tests.helpers import post

VALID = {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"}
UNKNOWN_VARIANT = {"variant": "nope", "hand": "11m"}
BAD_NOTATION = {"variant": "shanghai", "hand": "12x"}

RESULT_KEYS = {
    "ok", "variant", "hand", "total", "unit", "points", "patterns", "excluded",
    "decomposition", "alternatives", "waits", "meets_minimum", "minimum", "limit", "payments",
}  # fmt: skip


@pytest.fixture
def client():
    # The API is csrf-exempt: prove it with a client that enforces CSRF like a browser.
    return Client(enforce_csrf_checks=True)


def assert_error(response, code=None):
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["ok"] is False
    assert set(body["error"]) >= {"code", "message"}
    assert body["error"]["message"]
    if code is not None:
        assert body["error"]["code"] == code
    return body


def test_a_winning_hand_scores_with_200_and_the_full_result_shape(client):
    response = post(client, "/api/score", VALID)
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert RESULT_KEYS <= set(body)
    assert set(body["payments"]) >= {"transfers", "net"}


@pytest.mark.parametrize(
    "request_, code",
    [(UNKNOWN_VARIANT, "unknown_variant"), (BAD_NOTATION, "bad_notation")],
    ids=["unknown_variant", "bad_notation"],
)
def test_an_engine_error_is_a_400_with_the_error_shape(client, request_, code):
    assert_error(post(client, "/api/score", request_), code)


@pytest.mark.parametrize("url", ["/api/score", "/api/settle"])
@pytest.mark.parametrize("body", ["{not json", "", '{"variant": '], ids=["garbage", "empty", "cut"])
def test_a_body_that_is_not_json_is_a_bad_request(client, url, body):
    assert_error(post(client, url, body), "bad_request")


def test_a_body_that_is_not_utf8_is_a_bad_request(client):
    response = client.post("/api/score", data=b"\xff\xfe\x00{", content_type="application/json")
    assert_error(response, "bad_request")


@pytest.mark.parametrize("body", ["[]", '"shanghai"', "42", "null", '{"hand": "11m"}'])
def test_json_that_is_not_a_request_is_an_error_not_a_crash(client, body):
    assert_error(post(client, "/api/score", body))


def test_settle_answers_an_impossible_deal_with_the_error_shape(client):
    assert_error(post(client, "/api/settle", {"variant": "nope", "events": []}))


@pytest.mark.parametrize("url", ["/api/score", "/api/settle"])
def test_get_on_a_post_endpoint_is_405(client, url):
    assert client.get(url).status_code == 405


def test_post_on_variants_is_405(client):
    assert client.post("/api/variants").status_code == 405


def test_variants_lists_the_catalog(client):
    response = client.get("/api/variants")
    assert response.status_code == 200
    variants = response.json()["variants"]
    assert isinstance(variants, list)
    assert any("shanghai" in json.dumps(variant) for variant in variants)


def test_the_home_page_renders(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b'name="viewport"' in response.content
    assert b"htmx.min.js" in response.content


@pytest.mark.parametrize("url", ["/api/score", "/api/settle"])
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x"])
def test_a_body_not_sent_as_json_is_refused_with_415(client, url, content_type):
    # Any web page can make a visitor's browser post these types without asking (no CORS
    # preflight); a JSON body cannot be sent that way.
    body = json.dumps({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"})
    response = client.post(url, data=body, content_type=content_type)
    assert response.status_code == 415
    assert response.json()["error"]["code"] == "bad_request"
    assert "application/json" in response.json()["error"]["message"]


@pytest.mark.parametrize("method, url", [("get", "/api/score"), ("put", "/api/settle"),
                                         ("post", "/api/variants"), ("delete", "/api/health")])
def test_a_wrong_method_on_the_api_is_a_405_with_the_error_shape(client, method, url):
    response = getattr(client, method)(url)
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "bad_request"
    assert response["Allow"]


@pytest.mark.parametrize("url", ["/", "/patterns/shanghai/", "/api/variants", "/api/health"])
def test_head_works_on_pages(client, url):
    assert client.head(url).status_code == 200


@pytest.mark.parametrize("cookie", ['{"shanghai": "x"}', '[1, 2]', '{"shanghai": {"limit": 7}}',
                                    "not json", '{"hongkong": {"stake": 1e999}}'])
def test_a_bad_house_rules_cookie_is_ignored_never_a_500(client, cookie):
    client.cookies["house_rules"] = cookie
    for variant in ("shanghai", "hongkong"):
        response = client.get("/", {"variant": variant, "hand": "234m567p22s[EEE][789p]+2s"})
        assert response.status_code == 200
