"""The scoring page `/`: one GET form, the whole page or (under htmx) the result fragment.

Totals below are worked out from spec/rules-shanghai.md, not copied from the engine.
"""

from urllib.parse import parse_qsl, urlencode

import pytest

from scoring.engine.variants import VARIANTS
from scoring.examples import example_query, examples_for

HTMX = {"HTTP_HX_REQUEST": "true"}
# Contract §2's hand. Seat and round East by default: 1A Jiang (2s eyes) 1 + 2F one wait (2s) 2
# + 2H East triplet, once for the round wind and once for the seat wind, 2 x 2 = 4 -> 7 fan.
CONTRACT_HAND = "234m 567p 22s [EEE] [789p] +2s"


def query(**fields):
    return "/?" + urlencode({"variant": "shanghai", **fields}, doseq=True)


def test_the_empty_page_has_the_form_the_keyboard_and_a_live_result_region(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="hand"' in html and 'aria-live="polite"' in html
    assert 'aria-label="5 of circles"' in html and 'aria-label="East wind"' in html
    assert 'src="/static/js/htmx.min.js"' in html and "//cdn" not in html
    assert response.context["result"] is None


def test_a_hand_scores_on_the_full_page(client):
    response = client.get(query(hand=CONTRACT_HAND))
    result = response.context["result"]
    assert result["total"] == 7
    assert [p["id"] for p in result["patterns"]] == ["1A", "2F", "2H"]
    html = response.content.decode()
    assert 'class="big">7<' in html
    assert "Jiang" in html and "Special eyes" in html and "將" in html
    assert "North pays East 7" in html  # won on the discard of the upper house, payment 1


def test_under_htmx_the_same_view_answers_with_the_result_fragment(client):
    response = client.get(query(hand=CONTRACT_HAND), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'name="hand"' not in html
    assert 'id="hand-error"' in html and 'hx-swap-oob="true"' in html
    assert 'data-total="7"' in html


def test_self_drawn_changes_who_pays(client):
    # Self-drawn: nothing new counts (the hand has claimed sets); each of the three others pays 7.
    html = client.get(query(hand=CONTRACT_HAND, self_drawn="on"), **HTMX).content.decode()
    for seat in ("South", "West", "North"):
        assert f"{seat} pays East 7" in html
    assert "+21" in html


def test_seat_wind_south_counts_the_east_triplet_once(client):
    # Contract §3's example: 1A 1 + 2F 2 + 2H round wind only 2 = 5; East (upper house) pays.
    response = client.get(query(hand=CONTRACT_HAND, seat_wind="S"), **HTMX)
    assert response.context["result"]["total"] == 5
    assert "East pays South 5" in response.content.decode()


@pytest.mark.parametrize("hand, code", [
    ("12x", "bad_notation"),
    ("123m 456p 789s 345s 19s", "not_a_winning_hand"),
    ("1111m 1m 456p 789s 345s 99s", "too_many_copies"),
    ("123m 456p 789s 99s", "wrong_tile_count"),
], ids=["bad_notation", "not_a_winning_hand", "too_many_copies", "wrong_tile_count"])
def test_a_bad_hand_is_a_200_fragment_with_the_message_next_to_the_hand(client, hand, code):
    response = client.get(query(hand=hand, self_drawn="on"), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'data-code="{code}"' in html
    assert response.context["result"] is None


def test_a_bad_hand_keeps_everything_entered_on_the_full_page(client):
    response = client.get(query(hand="123m 456p 789s 345s 19s", self_drawn="on", seat_wind="W",
                                **{"shanghai-minimum_fan": "3"}))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'value="123m 456p 789s 345s 19s"' in html
    assert 'name="self_drawn" aria-describedby="context-error" id="id_self_drawn" checked' in html
    assert '<option value="W" selected>' in html
    assert 'name="shanghai-minimum_fan" value="3"' in html
    assert 'data-code="not_a_winning_hand"' in html


def test_a_context_error_is_shown_by_the_hand_too(client):
    # Robbing a kong with another copy of the winning tile in the hand contradicts the context.
    response = client.get(query(hand="123m 456p 789s 345s 99s", robbing_kong="on"), **HTMX)
    assert 'data-code="bad_context"' in response.content.decode()


def test_the_permalink_reproduces_hand_context_and_rules(client):
    first = client.get(query(hand=CONTRACT_HAND, seat_wind="S", self_drawn="on",
                             **{"shanghai-payment": "2", "shanghai-minimum_fan": "3"}))
    link = first.context["permalink"]
    fields = dict(parse_qsl(link))
    assert fields["hand"] == CONTRACT_HAND and fields["seat_wind"] == "S"
    assert fields["self_drawn"] == "on" and fields["shanghai-payment"] == "2"
    again = client.get("/?" + link)
    assert again.context["result"] == first.context["result"]
    assert again.context["result"]["rules"] == {"limit": 100, "minimum_fan": 3, "payment": 2}
    assert f'href="/?{link.replace("&", "&amp;")}"' in first.content.decode()


def test_house_rules_are_remembered_for_the_next_hand(client):
    client.get(query(hand=CONTRACT_HAND, **{"shanghai-minimum_fan": "9"}))
    # A link naming no rule (a pattern library example) plays with the table's rules: 7 < 9.
    result = client.get(query(hand=CONTRACT_HAND)).context["result"]
    assert result["minimum"] == 9 and result["meets_minimum"] is False
    assert result["payments"]["transfers"] == []
    assert 'name="shanghai-minimum_fan" value="9"' in client.get("/").content.decode()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_has_its_page_keyboard_and_scores_an_example(client, variant):
    examples = examples_for(variant)
    assert examples, f"no example hands for {variant}"
    hand, context, *rules = next(iter(examples.values()))
    page = client.get("/?" + urlencode({"variant": variant}))
    assert page.status_code == 200
    assert page.context["form"].variant_id == variant
    response = client.get("/?" + example_query(variant, hand, context, *rules), **HTMX)
    assert response.status_code == 200
    assert response.context["result"]["ok"] is True, response.content.decode()


def test_the_page_in_french(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    html = response.content.decode()
    assert '<html lang="fr"' in html
    assert "Votre main" in html and "Compter" in html
    assert 'aria-label="5 de cercles"' in html
    scored = client.get(query(hand=CONTRACT_HAND), HTTP_ACCEPT_LANGUAGE="fr", **HTMX)
    assert "Nord paie Est 7" in scored.content.decode()


def test_the_language_switch_keeps_the_hand(client):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": query(hand="11m")})
    assert response.status_code == 302 and response["Location"] == query(hand="11m")


def test_first_load_is_small(client):
    """The page and its scripts and styles, gzip-compressed, stay under 100 KB."""
    import gzip

    from django.contrib.staticfiles import finders

    total = len(gzip.compress(client.get("/").content))
    for asset in ("js/htmx.min.js", "js/scorer.js", "css/site.css"):
        with open(finders.find(asset), "rb") as handle:
            total += len(gzip.compress(handle.read()))
    assert total < 100_000


@pytest.mark.parametrize("variant, pattern_id, french, romanized, chinese, english", [
    ("shanghai", "1A", "Yeux spéciaux", "Jiang", "將", "Special eyes"),
    ("hongkong", "all_chows", "Main de chows", "Ping Wu", "平糊", "All chows"),
    ("sichuan", "pure_suit", "Main pure", "Qing Yi Se", "清一色", "Pure suit"),
])
def test_the_french_result_names_each_pattern_in_french(client, variant, pattern_id, french,
                                                        romanized, chinese, english):
    example = examples_for(variant)[pattern_id]
    url = "/?" + example_query(variant, *example)
    item = client.get(url, HTTP_ACCEPT_LANGUAGE="fr", **HTMX).content.decode().split(
        f'data-pattern="{pattern_id}"')[1].split("</li>")[0]
    assert french in item and romanized in item and chinese in item
    assert f'<small lang="en">({english})</small>' in item  # English too, smaller
    in_english = client.get(url, **HTMX).content.decode()
    assert english in in_english and french not in in_english


def test_the_french_result_names_excluded_patterns_in_french(client):
    # 15D Two dragon suits includes 7A One dragon suit (rules-shanghai.md).
    url = query(hand="123m 456m 456m 789m 99s")
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="fr", **HTMX).content.decode()
    excluded = html.split('class="excluded"')[1].split("</ul>")[0]
    assert "Une suite de dragon" in excluded and "Yi Tiao Long" in excluded
    assert "incluse dans Liang Tiao Long" in excluded


def test_american_card_lines_stay_as_the_card_writes_them_in_french(client):
    pattern_id, example = next(iter(examples_for("american").items()))
    html = client.get("/?" + example_query("american", *example), HTTP_ACCEPT_LANGUAGE="fr",
                      **HTMX).content.decode()
    line = next(ln for ln in VARIANTS["american"].describe()["patterns"] if ln["id"] == pattern_id)
    assert f'data-pattern="{pattern_id}"' in html and line["english"] in html


@pytest.mark.parametrize("variant, has_chow", [
    ("shanghai", True), ("hongkong", True), ("sichuan", False), ("american", False)])
def test_the_chow_button_only_where_a_chow_may_be_claimed(client, variant, has_chow):
    html = client.get("/?" + urlencode({"variant": variant})).content.decode()
    assert ('data-mode="chow"' in html) is has_chow
    assert 'data-mode="pung"' in html and 'data-mode="kong"' in html
    assert ("a chow starts at the tile tapped" in html) is has_chow


@pytest.mark.parametrize("variant, has_concealed_kong", [
    ("shanghai", True), ("hongkong", True), ("sichuan", True), ("american", False)])
def test_the_concealed_kong_button_only_where_a_concealed_kong_can_be_written(
        client, variant, has_concealed_kong):
    # American: concealed tiles are written loose, "(...)" is bad_notation (rules-american.md).
    html = client.get("/?" + urlencode({"variant": variant})).content.decode()
    assert ('data-mode="ckong"' in html) is has_concealed_kong
    assert 'data-mode="kong"' in html


@pytest.mark.parametrize("variant, code, most", [
    # contract §1: four of each tile; a flower or season once; American 8 jokers, 8 flowers
    ("shanghai", "5p", 4), ("shanghai", "1f", 1), ("hongkong", "8f", 1), ("sichuan", "9s", 4),
    ("american", "J", 8), ("american", "1f", 8), ("american", "7z", 4)])
def test_each_key_knows_how_many_copies_the_set_holds(client, variant, code, most):
    html = client.get("/?" + urlencode({"variant": variant})).content.decode()
    assert f'data-code="{code}" data-max="{most}"' in html


def test_the_american_page_has_one_flower_key_and_no_joker_elsewhere(client):
    american = client.get("/?" + urlencode({"variant": "american"})).content.decode()
    assert american.count('data-code="1f"') == 1 and 'data-code="2f"' not in american
    shanghai = client.get("/?" + urlencode({"variant": "shanghai"})).content.decode()
    assert 'data-code="J"' not in shanghai and 'data-code="8f" data-max="1"' in shanghai


def test_the_french_page_has_the_american_card_field_in_french(client):
    html = client.get("/?" + urlencode({"variant": "american"}),
                      HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Carte" in html and "Collez votre carte une fois" in html


def test_a_hand_one_tile_short_lists_what_wins_best_first(client):
    # 1112345678999m, the nine-way wait: every tile of characters wins; each is scored
    # self-drawn and on a discard, the best first, and links to the hand completed with it.
    import re
    html = client.get("/", {"variant": "shanghai", "hand": "1112345678999m"}).content.decode()
    assert "Ready: 9 tiles win" in html and 'data-code="wrong_tile_count"' not in html
    links = re.findall(r'<a class="wait" href="/\?([^"]+)"', html)
    assert len(links) == 9
    assert all("hand=1112345678999m+" in link and "%2B" in link for link in links)
    way = r'<strong>{}</strong> (\d+) fans, \+(\d+) points</span>\s*'
    found = re.findall(
        way.format("Self-drawn") + r'<span class="way">' + way.format("On a discard"), html)
    totals = [max(int(a), int(b)) for a, _, b, _ in found]
    # What East gains: self-drawn, each of the three pays the total; on a discard,
    # North (the upper house) pays it.
    gains = found
    assert all(int(g) == 3 * int(t) and int(d) == int(dt) for t, g, dt, d in gains) and gains
    assert len(totals) == 9 and totals == sorted(totals, reverse=True)
