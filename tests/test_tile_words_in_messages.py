"""A tile in a player's message is named in the players' words, never by its notation code
alone ("5m", "1z"): the robbed tile of an impossible robbing a kong, what an American hand lacks
for its closest line and that line's form (its groups in words), a card line's tiles, a Sichuan
deal's best wait. In each of the four languages, through the catalogs. (Where the message is
about what was typed, the code stands beside the words: "5p (5 of circles)",
messages.tile_named.) The data fields that draw tiles (the closest line's `missing`, `extra`,
`as`) keep their codes (contract)."""

import re

import pytest
from django.utils import translation

from scoring.engine import api, tiles
from scoring.engine.messages import tile_word
from scoring.i18n import localize

CODE = re.compile(r"(?<![\w\[(])[0-9][mpszf](?![\w\])])")  # a lone code: "5m", not "[111m]"
GROUP = re.compile(r"\b[0-9]+[mpsz]\b")  # a group in notation: "2222m"
ROBBED = {"variant": "shanghai", "hand": "[123m] [456p] 444s 789s 11p +1p",
          "context": {"robbing_kong": True}}
AMERICAN = {"variant": "american", "hand": "2222m 44m 666p 88p 5z 99s"}  # ev1 lacks two 5z


def said(message, language):
    with translation.override(language):
        return localize(message)


@pytest.mark.parametrize("language, circles_1", [
    ("en", "no other 1 of circles"), ("fr", "1 de cercles"), ("zh-hans", "1筒"),
    ("zh-hant", "1筒")])
def test_the_robbed_tile_is_named_in_words(language, circles_1):
    error = api.score(ROBBED)["error"]
    assert error["code"] == "bad_context"
    text = said(error["message"], language)
    assert circles_1 in text and not CODE.search(text), text


@pytest.mark.parametrize("language", ["en", "fr", "zh-hans", "zh-hant"])
def test_what_an_american_hand_lacks_is_named_in_words(language):
    error = api.score(AMERICAN)["error"]
    assert (error["closest"]["missing"], error["closest"]["extra"]) == (["5z", "5z"],
                                                                        ["9s", "9s"])
    text = said(error["message"], language)
    white, bamboo_9 = said(tile_word(tiles.WHITE), language), said(tile_word(26), language)
    # White twice in what it lacks, once in the closest form said in words (its DDDb: 3 White)
    assert text.count(white) == 3 and text.count(bamboo_9) == 2, text
    assert not CODE.search(text) and not GROUP.search(text), text
    if language == "en":
        assert ("Closest: ev1 (Evens) 2222a 44a 666b 88b DDDb, as 2222 of characters · 44 of "
                "characters · 666 of circles · 88 of circles · 3 × White dragon: it lacks") in text
    assert error["closest"]["as"] == "2222m 44m 666p 88p 555z"  # the data keeps its codes
