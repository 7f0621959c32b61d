"""The pattern library `/patterns/<variant>/`, and its example hands: every pattern of every
variant has one, and the hand really scores that pattern when opened in the scorer."""

from urllib.parse import urlencode

import pytest

from scoring.engine.variants import VARIANTS
from scoring.examples import example_query, examples_for

ALL_PATTERNS = [(variant, p["id"]) for variant, v in VARIANTS.items()
                for p in v.describe()["patterns"]]


@pytest.mark.parametrize("variant, pattern_id", ALL_PATTERNS,
                         ids=[f"{v}-{p}" for v, p in ALL_PATTERNS])
def test_the_example_hand_scores_its_pattern_in_the_scorer(client, variant, pattern_id):
    example = examples_for(variant).get(pattern_id)
    assert example, f"{variant} {pattern_id} has no example hand"
    response = client.get("/?" + example_query(variant, *example), HTTP_HX_REQUEST="true")
    result = response.context["result"]
    assert result, response.content.decode()
    counted = {p["id"]: p["count"] for p in result["patterns"]}
    assert counted.get(pattern_id, 0) >= 1, (counted, result["excluded"])


def test_every_example_names_a_real_pattern():
    for variant in VARIANTS:
        ids = {p["id"] for p in VARIANTS[variant].describe()["patterns"]}
        assert set(examples_for(variant)) <= ids


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_library_shows_every_pattern_with_names_value_and_example(client, variant):
    response = client.get(f"/patterns/{variant}/")
    assert response.status_code == 200
    html = response.content.decode()
    for pattern in VARIANTS[variant].describe()["patterns"]:
        assert f'id="p-{pattern["id"]}"' in html
        assert str(pattern["name"]) in html.replace("&#x27;", "'")
        hand, context, *rules = examples_for(variant)[pattern["id"]]
        link = example_query(variant, hand, context, *rules).replace("&", "&amp;")
        assert f'href="/?{link}"' in html
    assert html.count('class="hand example"') == len(VARIANTS[variant].describe()["patterns"])


def test_the_shanghai_library_tells_what_a_pattern_excludes(client):
    html = client.get("/patterns/shanghai/").content.decode()
    # 15D Two dragon suits includes 7A One dragon suit, 2D and 2J.
    section = html.split('id="p-15D"')[1].split("</li>")[0]
    assert "Liang Tiao Long" in section and "兩條龍" in section and "Two dragon suits" in section
    assert 'href="#p-7A"' in section and 'href="#p-2D"' in section and 'href="#p-2J"' in section


def test_an_unknown_variant_has_no_library(client):
    assert client.get("/patterns/nope/").status_code == 404


def test_the_scorer_links_to_the_library_of_its_variant(client):
    html = client.get("/?" + urlencode({"variant": "sichuan"})).content.decode()
    assert 'href="/patterns/sichuan/"' in html


@pytest.mark.parametrize("variant, pattern_id, french, definition", [
    ("shanghai", "1A", "Yeux spéciaux", "Les yeux sont un 2, un 5 ou un 8 d&#x27;une couleur."),
    ("hongkong", "pure_one_suit", "Couleur pure", "Toutes les tuiles d&#x27;une seule couleur."),
    ("sichuan", "seven_pairs", "Sept Paires",
     "Sept paires ; quatre tuiles identiques comptent pour deux paires."),
])
def test_the_library_in_french_shows_french_names_and_definitions(client, variant, pattern_id,
                                                                   french, definition):
    html = client.get(f"/patterns/{variant}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    pattern = VARIANTS[variant].table.by_id[pattern_id]
    section = html.split(f'id="p-{pattern_id}"')[1].split("</li>")[0]
    assert french in section and definition in section
    assert pattern.name in section and pattern.chinese in section
    assert f'<small lang="en">({pattern.english})</small>' in section
    english = client.get(f"/patterns/{variant}/").content.decode()
    assert french not in english and definition not in english


@pytest.mark.parametrize("variant", ["shanghai", "hongkong", "sichuan"])
def test_the_french_library_defines_every_pattern_in_french(client, variant):
    html = client.get(f"/patterns/{variant}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    html = html.replace("&#x27;", "'")
    for pattern in VARIANTS[variant].table:
        section = html.split(f'id="p-{pattern.id}"')[1].split("</li>")[0]
        french = pattern.translated("fr", pattern.definition)
        assert french and french in section and pattern.definition not in section


def test_what_a_pattern_counts_once_per_is_in_the_page_language(client):
    # 2H counts per set, 3G per tile, 2J per suit (rules-shanghai.md).
    english = client.get("/patterns/shanghai/").content.decode()
    french = client.get("/patterns/shanghai/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for word, mot in (("set", "combinaison"), ("tile", "tuile"), ("suit", "couleur")):
        assert f"per {word}" in english
        assert f"par {mot}" in french and f"per {word}" not in french


def test_the_library_has_a_jump_list_by_value(client):
    html = client.get("/patterns/shanghai/").content.decode()
    # Shanghai's values, 1 to 100, each a link to the first pattern of that value.
    for value in (1, 2, 3, 5, 7, 10, 15, 20, 30, 40, 50, 60, 100):
        assert f'<a href="#v-{value}">{value}</a>' in html
        assert f'id="v-{value}"' in html
    assert html.index('id="v-2"') < html.index('id="p-2A"') < html.index('id="v-3"')


def test_example_hands_are_shown_in_their_sets(client):
    html = client.get("/patterns/shanghai/").content.decode()
    entry = html.split('id="p-1A"')[1].split("</li>")[0]
    # 123m 456p 789s 345m 55s: five groups, as the engine reads it.
    assert entry.count('class="group') >= 5
