"""One hand in every variant, side by side (issue 19): each variant scores it with the context
it reads, or says why it does not take it."""

import re


def test_the_contract_hand_in_every_variant(client):
    # 234m 567p 22s [EEE] [789p] +2s, South's hand won on East's discard.
    html = client.get("/compare", {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s",
                                   "seat_wind": "S"}).content.decode()
    cards = dict(re.findall(r'<li data-variant="(\w+)">(.*?)</li>', html, re.S))
    assert {"shanghai", "hongkong", "sichuan", "american", "mcr"} <= set(cards)
    # Shanghai: 1A 1 + 2F 2 + 2H 2 (East pung, the round wind) = 5; East pays.
    assert '<span class="big">5</span>' in cards["shanghai"] and "E→S 5" in cards["shanghai"]
    assert 'class="big"' in cards["hongkong"]
    # Sichuan plays no honor, and no line of the American card has this hand.
    assert "Not a winning hand here" in cards["sichuan"] and "1z" in cards["sichuan"]
    assert "Not a winning hand here" in cards["american"]
    # MCR: Prevalent Wind 2 + Single Wait 1 = 3, under the minimum of 8: nobody pays.
    assert '<span class="big">3</span>' in cards["mcr"]


def test_a_result_links_to_the_comparison(client):
    html = client.get("/", {"variant": "shanghai",
                            "hand": "234m567p22s[EEE][789p]+2s"}).content.decode()
    assert 'class="compare-link" href="/compare?variant=shanghai&amp;hand=' in html


def test_a_sichuan_hand_keeps_only_the_context_each_variant_reads(client):
    html = client.get("/compare", {"variant": "sichuan", "hand": "111m234m567m888m99m+3m",
                                   "seat_wind": "S", "void_suit": "p"}).content.decode()
    cards = dict(re.findall(r'<li data-variant="(\w+)">(.*?)</li>', html, re.S))
    for variant in ("shanghai", "hongkong", "sichuan"):
        assert 'class="big"' in cards[variant], variant  # void_suit only reaches Sichuan
