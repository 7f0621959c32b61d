"""The scoring page answers a POST (its own form posts, so a pasted card stays out of URLs) with the
page or the fragment, whatever the body holds: a 200 with the form and its errors, never a 500. A
method the page does not take is a 405; a POST without its CSRF token a 403."""

import pytest
from django.test import Client

HTMX = {"HTTP_HX_REQUEST": "true"}
CONTRACT_HAND = "234m 567p 22s [EEE] [789p] +2s"  # 7 fan (test_views_index)


def test_a_posted_hand_is_scored_on_the_full_page(client):
    response = client.post("/", {"variant": "shanghai", "hand": CONTRACT_HAND})
    assert response.status_code == 200
    assert response.context["result"]["total"] == 7
    assert 'class="big">7<' in response.content.decode()
    assert "<html" in response.content.decode()


def test_a_posted_hand_under_htmx_answers_the_fragment_and_the_permalink(client):
    response = client.post("/", {"variant": "shanghai", "hand": CONTRACT_HAND}, **HTMX)
    assert response.status_code == 200 and "<html" not in response.content.decode()
    assert response.context["result"]["total"] == 7
    assert response["HX-Replace-Url"].startswith("/?variant=shanghai&hand=")


def test_an_empty_post_is_the_empty_form(client):
    response = client.post("/")
    assert response.status_code == 200
    assert 'name="hand"' in response.content.decode() and response.context["result"] is None


@pytest.mark.parametrize("body", [
    {"variant": "nosuch", "hand": CONTRACT_HAND},
    {"variant": "shanghai", "hand": "zz" * 400},
    {"variant": "shanghai", "hand": CONTRACT_HAND, "shanghai-minimum_fan": "many"},
    {"variant": "shanghai", "hand": CONTRACT_HAND, "shanghai-limit": "0"},
    {"variant": "shanghai", "hand": CONTRACT_HAND, "seat_wind": "Q", "opponents": ["E", "X"]},
    {"variant": "american", "hand": CONTRACT_HAND, "american-card": "no card\x00"},
    {"variant": ["shanghai", "sichuan"], "hand": [CONTRACT_HAND, "1m"]},
    {"variant": "sichuan", "hand": "1m" * 14, "line": "x"},
], ids=["unknown-variant", "long-hand", "rule-not-a-number", "rule-out-of-range",
        "bad-context", "bad-card", "repeated-fields", "bad-hand"])
def test_any_posted_body_is_the_form_with_its_errors_never_a_server_error(client, body):
    for extra in ({}, HTMX):
        response = client.post("/", body, **extra)
        assert response.status_code == 200
        assert response.context["result"] is None
        assert response.context["form"].errors


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_another_method_is_a_405_naming_the_methods_taken(client, method):
    response = getattr(client, method)("/")
    assert response.status_code == 405
    assert set(response["Allow"].split(", ")) == {"GET", "HEAD", "POST"}


@pytest.mark.parametrize("path", ["/tables/", "/patterns/shanghai/", "/compare"])
def test_a_post_to_a_page_that_only_shows_is_a_405(client, path):
    assert client.post(path, {"hand": CONTRACT_HAND}).status_code == 405


def test_a_post_without_its_csrf_token_is_refused(client):
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/", {"variant": "shanghai", "hand": CONTRACT_HAND}).status_code == 403


@pytest.mark.parametrize("body, content_type", [
    (b"hand=%FF%FE&variant=shanghai", "application/x-www-form-urlencoded"),
    (b'{"variant": "shanghai", "hand": "11m"}', "application/json"),
    (b"\x00\xff not a form", "text/plain"),
    (b'--x\r\nContent-Disposition: form-data; name="hand"; filename="h.txt"\r\n\r\n11m\r\n'
     b"--x--", "multipart/form-data; boundary=x"),
], ids=["bad-bytes", "json", "binary", "a-file"])
def test_a_body_that_is_not_the_form_is_answered_with_the_page(client, body, content_type):
    response = client.generic("POST", "/", body, content_type=content_type)
    assert response.status_code == 200
    assert response.context["result"] is None
