"""The pattern library is the same for every reader of a language: its page is rendered once per
variant, language and deploy (the "pages" cache, scoring.views.patterns, issue 31), with a slot
for the reader's CSRF token, so no reader gets another's token or loses a Vary it needs."""

import re

import pytest
from django.core.cache import caches
from django.test import Client

from scoring import views

# A page may touch the database (the shared cache's table, the outage check): allowed here.
pytestmark = pytest.mark.django_db
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def rendered(monkeypatch):
    """The variants whose library was rendered (not read from the cache), in order."""
    caches["pages"].clear()
    made = []
    real = views.library_context

    def counting(variant):
        made.append(variant)
        return real(variant)

    monkeypatch.setattr(views, "library_context", counting)
    yield made
    caches["pages"].clear()


def test_a_library_is_rendered_once_and_served_the_same_to_the_next_reader(rendered):
    ann, bob = Client(), Client()
    first = ann.get("/patterns/mcr/")
    second = bob.get("/patterns/mcr/")
    assert rendered == ["mcr"]
    one, two = first.content.decode(), second.content.decode()
    token_one, token_two = TOKEN.search(one).group(1), TOKEN.search(two).group(1)
    assert token_one != token_two  # each reader's own token, on the page around the library
    assert one.replace(token_one, "T") == two.replace(token_two, "T")
    assert first["Vary"] == second["Vary"] and "Cookie" in first["Vary"]
    kept = str(caches["pages"]._cache)
    assert token_one not in kept and token_two not in kept and views.TOKEN_SLOT in kept
    assert first.cookies["csrftoken"].value != second.cookies["csrftoken"].value


def test_the_page_kept_is_the_page_rendered(rendered, monkeypatch):
    client = Client()
    warm = [client.get("/patterns/riichi/") for _ in range(2)][1]
    plain = client.get("/patterns/riichi/?x=1")  # a query string: rendered as ever
    assert rendered == ["riichi", "riichi"]
    assert warm.status_code == plain.status_code == 200
    masked = re.compile(r'"[A-Za-z0-9]{64}"')  # a token, masked anew each time it is asked
    assert (masked.sub("T", warm.content.decode())
            == masked.sub("T", plain.content.decode().replace("?x=1", "")))
    assert warm["Content-Type"] == plain["Content-Type"]
    assert warm["Content-Security-Policy"] == plain["Content-Security-Policy"]


def test_each_language_and_variant_is_its_own_entry(rendered):
    client = Client()
    english = client.get("/patterns/shanghai/").content.decode()
    french = client.get("/patterns/shanghai/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    client.get("/patterns/riichi/")
    client.get("/patterns/shanghai/", HTTP_ACCEPT_LANGUAGE="fr")
    assert rendered == ["shanghai", "shanghai", "riichi"]
    assert "Patterns of Shanghai" in english and "Patterns of" not in french
    assert 'lang="fr"' in french


def test_a_new_deploy_renders_it_again(rendered, monkeypatch):
    client = Client()
    client.get("/patterns/hongkong/")
    monkeypatch.setattr(views, "deploy_version", lambda: "another")
    client.get("/patterns/hongkong/")
    client.get("/patterns/hongkong/")
    assert rendered == ["hongkong", "hongkong"]
