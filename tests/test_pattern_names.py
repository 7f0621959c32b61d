"""Pattern names in French: the catalogs' (locale/fr, in each pattern's own context), for the
French page and beside the English in the JSON.

The Shanghai names are the French seed's own (000_dea7b9566149596f.txt, "1A Jiang - Yeux
spéciaux"), the Sichuan ones seed 003's; the checks below take a few of them from the seeds by
hand, so that a name retyped or lost shows.
"""

import pytest

from scoring.engine import catalog, score
from scoring.engine.messages import translate
from scoring.engine.variants import VARIANTS

TRANSLATED = ("shanghai", "hongkong", "sichuan", "mcr", "riichi")  # American: its card's words
EVERY_PATTERN = [(variant, p) for variant in TRANSLATED for p in VARIANTS[variant].table]


@pytest.mark.parametrize("variant, pattern", EVERY_PATTERN,
                         ids=[f"{v}-{p.id}" for v, p in EVERY_PATTERN])
def test_every_pattern_has_a_french_name_and_definition(variant, pattern):
    name, definition = pattern.translated("fr", pattern.english), \
        pattern.translated("fr", pattern.definition)
    assert name.strip() and definition.strip()
    assert definition.endswith((".", "...")), definition


@pytest.mark.parametrize("variant, pattern_id, french", [
    # From the French seed's fan table, as printed.
    ("shanghai", "1A", "Yeux spéciaux"),
    ("shanghai", "2K", "Tuile Pont"),
    ("shanghai", "7J", "Trois soeurs"),
    ("shanghai", "40B", "Deux dragons embrassant une perle"),
    ("shanghai", "100K", "13 tuiles terminales"),
    # From seed 003's list of fan patterns.
    ("sichuan", "pure_suit", "Main pure"),
    ("sichuan", "pair_wait", "Attente de la paire"),
    ("sichuan", "robbing_kong", "Vol du carré"),
])
def test_names_come_from_the_french_seeds(variant, pattern_id, french):
    pattern = VARIANTS[variant].table.by_id[pattern_id]
    assert translate("fr", pattern.english, pattern.context) == french
    assert pattern.names()["french"] == french


def test_the_catalogue_adds_the_french_fields_and_keeps_the_others():
    for variant in catalog()["variants"]:
        for described in variant["patterns"]:
            assert {"id", "name", "english", "chinese", "value", "per", "definition",
                    "excludes"} <= set(described)
            if variant["id"] in TRANSLATED:
                assert described["french"] and described["french_definition"]


def test_a_result_names_counted_and_excluded_patterns_in_french_too():
    # 15D Two dragon suits (1-2-3, 4-5-6, 7-8-9 and a second 4-5-6 of characters) counts and
    # excludes 7A One dragon suit (rules-shanghai.md: 15D includes 7A, 2D and 2J).
    result = score({"variant": "shanghai", "hand": "123m 456m 456m 789m 99s", "context": {}})
    counted = {p["id"]: p["french"] for p in result["patterns"]}
    excluded = {e["id"]: e["french"] for e in result["excluded"]}
    assert counted["15D"] == "Deux suites de dragon"
    assert excluded["7A"] == "Une suite de dragon"


@pytest.mark.parametrize("variant, claimed_chows", [
    ("shanghai", True), ("hongkong", True),
    ("sichuan", False),  # rules-sichuan.md: a chow is never claimed (meld_not_allowed)
    ("american", False),  # an American exposure is 3 to 6 tiles of one kind
])
def test_variants_say_whether_a_chow_may_be_claimed(variant, claimed_chows):
    assert VARIANTS[variant].describe()["claimed_chows"] is claimed_chows


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_claimed_chows_matches_what_the_engine_accepts(variant):
    """The flag the page reads agrees with the engine: a revealed chow is refused exactly where
    the variant says chows are not claimed."""
    # Fourteen tiles for every variant (the American game counts exactly 14 and refuses it too).
    result = score({"variant": variant, "hand": "[123m] 456m 789m 234m 55m", "context": {}})
    refused = not result["ok"] and result["error"]["code"] in ("meld_not_allowed", "bad_notation")
    assert refused is (not VARIANTS[variant].claimed_chows), result


@pytest.mark.parametrize("english, language, by_variant", [
    ("Robbing a kong", "fr", {"shanghai": "Voler un Garng", "hongkong": "Voler un kong",
                              "sichuan": "Vol du carré"}),
    ("All pungs", "zh_hans", {"hongkong": "对对糊", "sichuan": "对对胡", "riichi": "对对和"}),
])
def test_the_same_english_name_is_said_in_each_variant_its_own_way(english, language,
                                                                    by_variant):
    """One catalog context per pattern: the msgid alone would give every variant one word."""
    for variant, expected in by_variant.items():
        pattern = next(p for p in VARIANTS[variant].table if p.english == english)
        assert pattern.translated(language, english) == expected
