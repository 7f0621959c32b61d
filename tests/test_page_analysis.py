"""Every 13-tile hand analysed on the page (issue 30, items 2 and 4): a hand not ready says how
far it is from ready and which tiles bring it closer, each with its copies unseen by the hand; a
ready hand lists its waits with their money and copies unseen; a hand nobody pays says why, with
every figure in its unit. The worked hands are derived by hand below; the page renders what the
engine's analysis (contract §6, plus `unseen` and each summary's `unpaid`) says."""

import re

import pytest

from scoring.engine import analyse, score

# 123m 456m 789m 1p 5p 9p 1s: three chows and four single tiles. The hand needs a set and the
# eyes: a pair is one tile away (a copy of any single), a set two (two more tiles beside a
# single): 3 tiles missing, the winning one among them, so 2 from ready. A tile is useful when it
# makes a pair or a two-tile run of a single: 1p (pair), 2p 3p (12p, 13p), 3p..7p beside 5p, 7p 8p
# 9p beside 9p, 1s 2s 3s; no character helps (ten characters make three sets and a single at
# best), nor an honour (no honour held). Unseen: 4 copies less the hand's own, so 3 for the
# four singles' kinds, 4 for the others: 3 x 4 + 4 x 8 = 44.
TWO_FROM_READY = "123456789m159p1s"
TWO_FROM_READY_USEFUL = {"1p": 3, "2p": 4, "3p": 4, "4p": 4, "5p": 3, "6p": 4, "7p": 4, "8p": 4,
                         "9p": 3, "1s": 3, "2s": 4, "3s": 4}

# 1m 3m 234m 456p 789s 5s 9s: 123m 456p 789s are sets, 34m a run short of one, 5s and 9s single:
# one tile from ready. Useful: 2m or 5m (four sets, then a single for the eyes), 5s or 9s (the
# eyes, then 34m waits), 6s (567s and 99s: 34m waits). 3m, 4m, 8s and the rest change nothing.
# Unseen: 2m 3 (one held), 5m 4, 5s 3, 6s 4, 9s 2 (two held): 16.
ONE_FROM_READY = "13m234m456p789s59s"
ONE_FROM_READY_USEFUL = {"2m": 3, "5m": 4, "5s": 3, "6s": 4, "9s": 2}

# 23m 456p 55s [EEE] [444m]: ready on 1m or 4m (23m). The revealed pung holds three of the four
# 4m, so one 4m is unseen; all four 1m are.
REVEALED = "23m456p55s[EEE][444m]"


def page(client, **query):
    return client.get("/", query).content.decode()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def useful_on(html: str) -> dict:
    """{tile: copies unseen} as the page lists the useful tiles (each tile's title is its code)."""
    listed = html.split('class="useful"', 1)[1].split("</ul>", 1)[0]
    return {code: int(n) for code, n in re.findall(
        r'title="(\w+)".*?<span class="unseen">(\d+) unseen</span>', listed, re.S)}


# The engine's analysis -----------------------------------------------------------------------

@pytest.mark.parametrize("hand, shanten, useful", [
    (TWO_FROM_READY, 2, TWO_FROM_READY_USEFUL), (ONE_FROM_READY, 1, ONE_FROM_READY_USEFUL)],
    ids=["two", "one"])
def test_a_hand_not_ready_has_its_useful_tiles_and_their_copies_unseen(hand, shanten, useful):
    answer = analyse({"variant": "shanghai", "hand": hand})
    assert answer["shanten"] == shanten and answer["waits"] == []
    assert answer["useful"] == list(useful)
    assert answer["unseen"] == useful


def test_copies_in_revealed_sets_are_seen():
    answer = analyse({"variant": "shanghai", "hand": REVEALED})
    assert [w["tile"] for w in answer["waits"]] == ["1m", "4m"]
    assert answer["unseen"] == {"1m": 4, "4m": 1}


def test_the_american_hand_counts_its_naturals_and_its_jokers_apart():
    # 1112223333444m, a line less a 4m: three 4m held, so one unseen; a joker also completes
    # it, and the set's eight jokers are all unseen.
    answer = analyse({"variant": "american", "hand": "1112223333444m"})
    assert answer["unseen"] == {"4m": 1, "J": 8}


def test_a_wait_nobody_pays_says_why_both_ways():
    # MCR, 22334m 456p 789s 55s waits 1m or 4m. 4m makes 234m twice: Fully Concealed Hand 4 +
    # All Chows 2 + Pure Double Chow 1 = 7 self-drawn; on a discard Concealed Hand 2 + All Chows
    # 2 + Pure Double Chow 1 = 5: both under the minimum of 8, and each says so.
    waits = {w["tile"]: w for w in analyse({"variant": "mcr", "hand": "23m234m456p789s55s"})
             ["waits"]}
    for way, total in (("self_drawn", 7), ("discard", 5)):
        won = waits["4m"][way]
        assert (won["total"], won["meets_minimum"]) == (total, False)
        assert won["unpaid"]["code"] == "under_minimum"
        assert (won["unpaid"]["total"], won["unpaid"]["minimum"]) == (total, 8)
        assert set(won["net"].values()) == {0}
    # 1m: 123m 456p 789s is the Mixed Straight, 8: 14 self-drawn, 12 on a discard, paid.
    assert (waits["1m"]["self_drawn"]["total"], waits["1m"]["discard"]["total"]) == (14, 12)
    assert "unpaid" not in waits["1m"]["self_drawn"] and "unpaid" not in waits["1m"]["discard"]


# The page -----------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, shanten, useful, unseen", [
    (TWO_FROM_READY, 2, TWO_FROM_READY_USEFUL, 44), (ONE_FROM_READY, 1, ONE_FROM_READY_USEFUL, 16)],
    ids=["two", "one"])
def test_the_page_says_how_far_and_what_helps(client, hand, shanten, useful, unseen):
    html = page(client, variant="shanghai", hand=hand)
    assert 'data-code="wrong_tile_count"' not in html and "a complete hand has 14" not in html
    words = text_of(html)
    far = "one tile from ready" if shanten == 1 else f"{shanten} tiles from ready"
    assert f"Not ready: {far}" in words
    assert f"{far[0].upper()}{far[1:]} ↓" in words  # the line under the hand
    assert f"The tiles that bring it closer ({unseen} unseen):" in words
    assert useful_on(html) == useful


def test_the_htmx_answer_is_the_same_fragment(client):
    html = client.get("/", {"variant": "shanghai", "hand": ONE_FROM_READY},
                      HTTP_HX_REQUEST="true").content.decode()
    assert 'id="hand-error"' in html and 'hx-swap-oob="true"' in html
    assert "One tile from ready ↓" in text_of(html) and useful_on(html) == ONE_FROM_READY_USEFUL


def test_a_hand_short_of_13_still_says_so(client):
    html = page(client, variant="shanghai", hand="123456789m159p")
    assert 'data-code="wrong_tile_count"' in html and "Not ready" not in html


def test_a_ready_hand_lists_each_wait_with_its_money_and_copies_unseen(client):
    html = page(client, variant="shanghai", hand=REVEALED)
    waits = re.findall(r'<a class="wait" href="[^"]+" data-tile="(\w+)" data-hand="([^"]+)">'
                       r'.*?<span class="unseen">(\d+) unseen</span>', html, re.S)
    assert {tile: int(n) for tile, _, n in waits} == {"1m": 4, "4m": 1}
    assert {tile: hand for tile, hand, _ in waits}["4m"] == "23m456p55s [111z] [444m] 4m +4m"


def test_riichi_money_on_the_page_has_its_units(client):
    words = text_of(page(client, variant="riichi", hand="23m234m456p789s55s"))
    # The complaint: "self-drawn 3 (+6000)", no unit. East, the dealer, 22334m 456p 55789s
    # waits 1m or 4m. 4m self-drawn: menzen tsumo + pinfu + iipeikou, 3 han 20 fu, basic points
    # 20 x 2^5 = 640, 2 x 640 = 1280 from each, 1300 all: +3900. On a discard pinfu + iipeikou,
    # 2 han 30 fu: 6 x 30 x 2^4 = 2880, 2900.
    assert "Self-drawn 3 han, +3900 points" in words
    assert "On a discard 2 han, +2900 points" in words
    assert re.search(r"\d \(\+\d+\)", words) is None  # no bare figure left


def test_riichi_no_yaku_says_so():
    # 23m 456p 55s [789s] [234p], open with a terminal: no yaku either way, 1m or 4m.
    from scoring.engine.messages import LOCALE_DIR
    from scoring.pocket.filters import unpaid
    from scoring.pocket.lang import catalog_lang

    answer = analyse({"variant": "riichi", "hand": "23m456p55s[789s][234p]"})
    for wait in answer["waits"]:
        for way in ("self_drawn", "discard"):
            assert wait[way]["unpaid"]["code"] == "no_yaku"
            assert unpaid(catalog_lang("en", LOCALE_DIR), wait[way], "han") \
                == "No yaku: not a win, nobody pays"


def test_mcr_marks_both_ways_under_the_minimum_on_the_page(client):
    html = page(client, variant="mcr", hand="23m234m456p789s55s")
    four = html.split('data-tile="4m"', 1)[1].split("</li>", 1)[0]
    words = text_of(four)
    assert "Self-drawn 7 fans: under the minimum of 8 fans, nobody pays" in words
    assert "On a discard 5 fans: under the minimum of 8 fans, nobody pays" in words
    assert four.count('class="way unmet"') == 2
    one = text_of(html.split('data-tile="1m"', 1)[1].split("</li>", 1)[0])
    # 1m: East gains 14 fan + base 8 from each of three, self-drawn: 66; on North's discard
    # 12 + 8 from North and 8 from each other: 36.
    assert "Self-drawn 14 fans, +66 points" in one and "On a discard 12 fans, +36 points" in one


# Nobody pays, and why -----------------------------------------------------------------------

def test_the_result_says_why_nobody_pays(client):
    # MCR 223344m 456p 789s 55s +4m self-drawn: 7 fan (above), under 8.
    html = page(client, variant="mcr", hand="223344m456p789s55s+4m", self_drawn="on")
    words = text_of(html)
    assert "Minimum 8 fans: not met, nobody pays" in words
    paid = html.split('<ul class="transfers">', 1)[1].split("</ul>", 1)[0]
    assert text_of(paid).strip() == "7 fans: under the minimum of 8 fans, nobody pays"
    assert "Nobody pays." not in words


def test_the_result_says_no_yaku(client):
    html = page(client, variant="riichi", hand="123m456p55s[789s][234p]+1m")
    paid = html.split('<ul class="transfers">', 1)[1].split("</ul>", 1)[0]
    assert text_of(paid).strip() == "No yaku: not a win, nobody pays"


def test_the_compare_page_says_why_nobody_pays(client):
    # The contract's hand: MCR Prevalent Wind 2 + Single Wait 1 = 3, under 8.
    html = client.get("/compare", {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s",
                                   "seat_wind": "S"}).content.decode()
    cards = dict(re.findall(r'<li data-variant="(\w+)">(.*?)</li>', html, re.S))
    assert "3 fans: under the minimum of 8 fans, nobody pays" in text_of(cards["mcr"])
    assert "Nobody pays." not in html
    expected = score({"variant": "mcr", "hand": "234m567p22s[EEE][789p]+2s",
                      "context": {"seat_wind": "S"}})
    assert expected["total"] == 3 and not expected["meets_minimum"]


@pytest.mark.parametrize("language, words", [
    ("fr", "7 fans : sous le minimum de 8 fans, personne ne paie"),
    ("zh-hans", "7番：不够8番起胡，谁都不用付"),
    ("zh-hant", "7番：不夠8番起糊，無人要付")])
def test_why_nobody_pays_in_every_language(client, language, words):
    html = client.get("/", {"variant": "mcr", "hand": "223344m456p789s55s+4m",
                            "self_drawn": "on"}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in text_of(html).replace("\xa0", " ")


# Figures and their units ----------------------------------------------------------------------

def lang_of(code):
    from scoring.engine.messages import LOCALE_DIR
    from scoring.pocket.lang import catalog_lang

    return catalog_lang(code, LOCALE_DIR)


@pytest.mark.parametrize("code, number, unit, expected", [
    ("en", 1, "fan", "1 fan"), ("en", 7, "fan", "7 fans"), ("en", 3, "han", "3 han"),
    ("en", 2, "faan", "2 faan"), ("en", 25, "points", "25 points"), ("en", 1, "points", "1 point"),
    ("fr", 0, "fan", "0 fan"), ("fr", 1, "fan", "1 fan"), ("fr", 2, "fan", "2 fans"),  # n > 1
    ("fr", 2, "points", "2 points"), ("zh-hans", 8, "fan", "8番"), ("zh-hant", 3, "han", "3翻"),
    ("en", 2.5, "points", "2.5 points"), ("en", 4.0, "points", "4 points")])
def test_a_figure_carries_its_unit_in_its_plural_form(code, number, unit, expected):
    from scoring.pocket.filters import amount

    assert amount(lang_of(code), number, unit) == expected


def test_a_gain_has_its_sign_and_unit():
    from scoring.pocket.filters import gain

    assert gain(lang_of("en"), 3900) == "+3900 points" and gain(lang_of("en"), 1) == "+1 point"
    assert gain(lang_of("fr"), 36) == "+36 points"


def test_a_hand_nobody_pays_without_a_reason_note_says_so_plainly():
    from scoring.pocket.filters import unpaid

    assert unpaid(lang_of("en"), {"explanation": []}, "fan") == "Nobody pays."
    assert unpaid(lang_of("en"), {"explanation": [
        {"code": "under_minimum", "total": 2, "minimum": 3}]}, "faan") == \
        "2 faan: under the minimum of 3 faan, nobody pays"


def test_mcr_flowers_do_not_count_toward_the_minimum_and_the_page_says_so(client):
    # The same 13 tiles and two flowers: 4m is 7 + 2 = 9 fan self-drawn, but the flowers do not
    # count toward the minimum (docs/rules-mcr.md): 7 of them, under 8, nobody pays.
    html = page(client, variant="mcr", hand="23m234m456p789s55s1f2f")
    words = text_of(html.split('data-tile="4m"', 1)[1].split("</li>", 1)[0])
    assert "Self-drawn 7 fans without the flowers: under the minimum of 8 fans, nobody pays" \
        in words
