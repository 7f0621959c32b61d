"""Riichi's headline: the money as the table says it ("6,000 all", "ron 12,000", "2,000 /
4,000"), with the han and fu or the limit beside it, on the scorer and the compare page, in the
four languages (scoring.pocket.filters.money_said).

Every amount below is worked out by hand from docs/rules-riichi.md: basic points fu x 2^(2+han)
(mangan 2000, haneman 3000, yakuman 8000); a discard pays 4x the basic points (6x to the
dealer), a self-draw 1x from each non-dealer and 2x from the dealer (2x from each on the
dealer's own), each rounded up to 100; a honba adds 300 on a discard, 100 from each on a
self-draw; each riichi stick on the table gives the winner 1,000.
"""

from urllib.parse import urlencode

import pytest
from django.utils.formats import number_format
from django.utils.translation import override

from scoring import engine
from scoring.pocket import filters
from scoring.pocket.server import django_lang

HTMX = {"HTTP_HX_REQUEST": "true"}

# Ryanpeikou (3) + tanyao (1) + menzen tsumo (1) + pinfu (1) = 6 han self-drawn: haneman, 3000
# basic points. A non-dealer's: 3000 from each non-dealer, 6000 from the dealer.
HANEMAN_TSUMO = "22334455m667788s+8s"
# Tanyao (1) + pinfu (1) on a discard: 2 han; fu 20 + 10 (closed ron) = 30; 30 x 2^4 = 480.
# A non-dealer's ron: 4 x 480 = 1920, rounded up to 2,000.
TANYAO_PINFU = "234m567m234p66s456s+6s"
# The same with iipeikou (234m twice, 1 han): 3 han; with the indicator 1m, 2m is dora twice:
# 5 han, a mangan (2000). The dealer's ron: 6 x 2000 = 12,000.
DEALER_MANGAN = "234m234m567p66s456s+6s"
# Riichi (1) + haku (555z, 1) = 2 han; fu 20 + 10 (closed ron) + 4 (555z, pung completed on
# the discard: open, of honors) = 34, rounded up to 40; 40 x 2^4 = 640. The dealer's ron:
# 6 x 640 = 3840 -> 3,900, + 300 for one honba = 4,200; with the riichi stick: 5,200 in all.
RIICHI_HAKU = "234m456p678s22555z+5z"
# Thirteen orphans on a single wait (the 1m pair held): yakuman, 8000. The dealer's
# self-draw: 2 x 8000 = 16,000 from each.
ORPHANS = "119m19p19s1234567z+7z"


def said(hand, lang="en", **context):
    result = engine.score({"variant": "riichi", "hand": hand, "context": context})
    assert result["ok"], result
    with override(lang):
        return filters.money_said(django_lang(), result)


def test_a_non_dealer_haneman_tsumo_is_3000_from_each_non_dealer_6000_from_the_dealer():
    call = said(HANEMAN_TSUMO, seat_wind="S", self_drawn=True)
    assert call["money"] == "3,000 / 6,000"
    assert call["count"] == "haneman · 6 han"
    assert call["split"] and call["table"] == []


def test_a_dealer_haneman_tsumo_is_6000_all():
    call = said(HANEMAN_TSUMO, seat_wind="E", self_drawn=True)
    assert call["money"] == "6,000 all" and not call["split"]


def test_a_dealer_mangan_ron_is_12000():
    call = said(DEALER_MANGAN, seat_wind="E", discarder="S", dora_indicators="1m")
    assert call["money"] == "ron 12,000"
    assert call["count"] == "mangan · 5 han"


def test_30_fu_2_han_non_dealer_ron_is_2000():
    call = said(TANYAO_PINFU, seat_wind="S", discarder="E")
    assert call["money"] == "ron 2,000"
    assert call["count"] == "2 han 30 fu"


def test_a_dealer_yakuman_tsumo_is_16000_all_named_yakuman():
    call = said(ORPHANS, seat_wind="E", self_drawn=True)
    assert call == {"money": "16,000 all", "count": "yakuman", "table": [], "split": False}


def test_the_honba_are_in_what_the_payers_pay_and_the_sticks_in_what_the_winner_receives():
    call = said(RIICHI_HAKU, seat_wind="E", discarder="S", riichi=True, riichi_sticks=1,
                honba=1)
    assert call["money"] == "ron 4,200"
    assert call["count"] == "2 han 40 fu"
    assert call["table"] == ["1 honba included (+300)",
                             "+ 1,000 from 1 riichi stick on the table",
                             "the winner receives 5,200"]
    # A self-draw's honba: 100 from each of the three, in each payer's amount.
    call = said(HANEMAN_TSUMO, seat_wind="S", self_drawn=True, honba=2)
    assert call["money"] == "3,200 / 6,200"
    assert call["table"] == ["2 honba included (+600)", "the winner receives 12,600"]


@pytest.mark.parametrize("lang, money, count", [
    ("fr", "ron 12\xa0000", "mangan · 5 han"),
    ("zh-hans", "荣和 12000", "满贯 · 5 番"),
    ("zh-hant", "榮和 12000", "滿貫 · 5 番"),
])
def test_the_headline_in_each_language_groups_the_digits_as_the_language_does(lang, money,
                                                                              count):
    call = said(DEALER_MANGAN, lang, seat_wind="E", discarder="S", dora_indicators="1m")
    assert (call["money"], call["count"]) == (money, count)


@pytest.mark.parametrize("lang", ["en", "fr", "zh-hans", "zh-hant"])
def test_digits_are_grouped_as_django_groups_them(lang):
    with override(lang):
        lang_ = django_lang()
        for amount in (0, 100, 999, 1000, 12000, 48000, 123456, 1234567, -2000):
            assert filters.grouped(lang_, amount) == number_format(amount, force_grouping=True)


def test_a_hand_of_another_variant_or_no_yaku_keeps_its_total_as_headline():
    mcr = engine.score({"variant": "shanghai", "hand": "234m 567p 22s [EEE] [789p] +2s"})
    assert said_of(mcr) is None
    # No yaku: an open hand of runs, won on a discard (nobody pays).
    no_yaku = engine.score({"variant": "riichi", "hand": "[234m]567m123p66s456s+6s",
                            "context": {"seat_wind": "S", "discarder": "E"}})
    assert no_yaku["ok"] and not no_yaku["meets_minimum"]
    assert said_of(no_yaku) is None


def said_of(result):
    with override("en"):
        return filters.money_said(django_lang(), result)


def page(**fields):
    return "/?" + urlencode({"variant": "riichi", **fields})


def test_the_scorer_page_says_the_money_and_not_the_basic_points(client):
    html = client.get(page(hand=HANEMAN_TSUMO, seat_wind="S", self_drawn="on"),
                      **HTMX).content.decode()
    assert '<span class="big">3,000 / 6,000</span>' in html
    assert "non-dealers / dealer" in html and "haneman · 6 han" in html
    # (the list of who pays whom below says each payment in points: North pays 3000 points)
    assert "3000 points" not in html.split('<ul class="transfers">')[0]


def test_the_scorer_page_in_french_says_chacun(client):
    client.cookies["django_language"] = "fr"
    html = client.get(page(hand=HANEMAN_TSUMO, seat_wind="E", self_drawn="on"),
                      HTTP_ACCEPT_LANGUAGE="fr", **HTMX).content.decode()
    assert '<span class="big">6\xa0000 chacun</span>' in html


def test_the_scorer_page_says_what_the_honba_and_the_sticks_add(client):
    html = client.get(page(hand=RIICHI_HAKU, seat_wind="E", discarder="S", riichi="on",
                           riichi_sticks=1, honba=1), **HTMX).content.decode()
    assert '<span class="big">ron 4,200</span>' in html
    assert "1 honba included (+300) · + 1,000 from 1 riichi stick on the table · the winner " \
           "receives 5,200" in html


def test_the_compare_page_says_the_riichi_money(client):
    html = client.get("/compare?" + urlencode({"variant": "riichi", "hand": TANYAO_PINFU,
                                               "seat_wind": "S", "discarder": "E"}))
    html = html.content.decode()
    riichi = html[html.index('data-variant="riichi"'):]
    riichi = riichi[:riichi.index("</li>")]
    assert '<span class="big">ron 2,000</span>' in riichi and "2 han 30 fu" in riichi
    assert "480 points" not in riichi and "240 points" not in html


def test_the_line_under_the_hand_says_the_money_too(client):
    html = client.get(page(hand=DEALER_MANGAN, seat_wind="E", discarder="S",
                           dora_indicators="1m"), **HTMX).content.decode()
    hand_error = html[html.index('id="hand-error"'):]
    hand_error = hand_error[:hand_error.index("</div>")]
    assert '<a href="#result">ron 12,000 · mangan · 5 han ↓</a>' in hand_error


def amounts_said(money: str) -> list[int]:
    """The amounts of an English headline: 'ron 12,000' -> [12000]; '2,000 / 4,000' -> [2000,
    4000]."""
    import re

    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", money)]


def test_the_headline_adds_up_to_what_the_winner_is_paid_on_random_hands():
    """Random Riichi wins, any seat, either way, with honba and sticks: a ron's amount is what
    the winner is paid before the sticks; "N all" is the dealer's self-draw, three times N; a
    split self-draw is twice the non-dealers' amount and once the dealer's, the dealer's the
    larger. Whatever the han, the headline is money the transfers pay."""
    import random

    from scoring.engine import randomhands

    rng = random.Random(29)
    checked, paid_hands = set(), 0
    for _ in range(300):
        hand = randomhands.random_winning_hand(rng)
        seat = rng.choice("ESWN")
        context = {"seat_wind": seat, "honba": rng.choice((0, 0, 1, 3)),
                   "riichi_sticks": rng.choice((0, 0, 2))}
        if rng.random() < 0.5:
            context["self_drawn"] = True
        else:
            context["discarder"] = rng.choice([s for s in "ESWN" if s != seat])
        result = engine.score({"variant": "riichi", "hand": hand, "context": context})
        if not result["ok"]:
            continue
        call = said_of(result)
        if not result["meets_minimum"]:
            assert call is None
            continue
        paid = result["winner_receives"] - 1000 * result["deposits"]["riichi_sticks"]
        numbers = amounts_said(call["money"])
        if not context.get("self_drawn"):
            kind = "ron"
            assert call["money"].startswith("ron ") and numbers == [paid]
        elif seat == "E":
            kind = "all"
            assert call["money"].endswith(" all") and 3 * numbers[0] == paid
        else:
            kind = "split"
            non_dealer, dealer = numbers
            assert 2 * non_dealer + dealer == paid and dealer > non_dealer and call["split"]
        checked.add(kind)
        paid_hands += 1
        assert (call["table"] != []) == bool(context["honba"] or context["riichi_sticks"])
    assert checked == {"ron", "all", "split"} and paid_hands >= 50, paid_hands
