"""The trainer (/learn/): drills made and marked by the engine. Worked drills with their answers
derived by hand from the rules, a property test over drill names (every hand shown scores, and
its expected answer is the engine's own result), and the pages."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import api
from scoring.engine.variants import VARIANTS
from scoring.trainer import drills
from tests.environment import examples

# Worked drills -------------------------------------------------------------------------------

def test_a_shanghai_dragon_is_worth_13_fan_and_its_old_and_young_does_not_count():
    # 123m 456m 789m 456p 99s on North's discard (East, the dealer, wins): all sequences 2,
    # without revealed sets 2, one way to win (the pair's 9s) 2, one dragon suit 7 = 13 fan;
    # young and old (123m 789m) is included in the dragon and not counted.
    drill = drills.make("shanghai", "worth", 1, seed=5, focus="7A")
    assert drill.hand == "123456789m456p99s +9s"
    assert drill.winning_patterns == {"2A", "2E", "2F", "7A"}
    assert drill.expected_total == 13
    offered = {p["id"] for p in drill.choices}
    assert {"2A", "2E", "2F", "7A", "2J"} <= offered and len(offered) >= drills.LEAST_CHOICES

    right = drills.mark(drill, {"patterns": ["7A", "2A", "2E", "2F"], "total": 13})
    assert right.right and not right.missed and not right.added
    wrong = drills.mark(drill, {"patterns": ["7A", "2A", "2J"], "total": 15})
    assert not wrong.right and not wrong.total_right
    assert wrong.missed == ("2E", "2F") and wrong.added == ("2J",)


def test_the_same_hand_less_its_nine_of_bamboo_wins_only_on_it():
    # 123456789m 456p 9s waits on the pair alone: 9s. Self-drawn it is 16 fan (self-drawn 5
    # replaces without revealed sets 2); on a discard 13.
    drill = drills.make("shanghai", "wins", 1, seed=5, focus="7A")
    assert drill.hand == "123456789m456p9s"
    assert drill.winning_tiles == ("9s",)
    wait = drill.analysis["waits"][0]
    assert (wait["discard"]["total"], wait["self_drawn"]["total"]) == (13, 16)
    assert drills.mark(drill, {"tiles": ["9s"]}).right
    wrong = drills.mark(drill, {"tiles": ["6s", "9p"]})
    assert wrong.missed == ("9s",) and wrong.added == ("9p", "6s")


def test_a_riichi_pinfu_ron_costs_the_discarder_1000():
    # South (not the dealer) wins pinfu, 1 han 30 fu, on East's discard: 30 x 2^(2+1) = 240
    # basic points, x4 = 960, rounded up to 1,000 paid by East.
    drill = drills.make("riichi", "pays", 1, seed=2, focus="pinfu")
    assert drill.result["payments"]["net"] == {"E": -1000, "S": 1000, "W": 0, "N": 0}
    assert drills.mark(drill, {"net": {"E": -1000, "S": 1000, "W": 0, "N": 0}}).right
    wrong = drills.mark(drill, {"net": {"E": -960, "S": 960, "W": 0, "N": 0}})
    assert wrong.wrong_seats == ("E", "S")
    worth = drills.make("riichi", "worth", 1, seed=2, focus="pinfu")
    assert worth.money and worth.expected_total == 1000


def test_a_drill_is_named_by_its_seed_and_level():
    one = drills.make("mcr", "worth", 3, seed=41)
    assert drills.make("mcr", "worth", 3, seed=41) == one
    hands = {drills.make("mcr", "worth", 3, seed=s).hand for s in range(6)}
    assert len(hands) > 1


def test_level_one_hands_count_one_or_two_patterns_and_level_three_several_readings():
    for variant in VARIANTS:
        for seed in range(3):
            assert len(drills.make(variant, "worth", 1, seed).result["patterns"]) <= 2, variant
            if variant == "american":  # a hand is one line of the card, never read two ways
                continue
            third = drills.make(variant, "worth", 3, seed).result
            assert (third["excluded"] or third["alternatives"]
                    or len(third["patterns"]) >= 3), variant


def test_a_name_that_is_no_drill_is_refused():
    with pytest.raises(ValueError):
        drills.make("shanghai", "guess", 1)
    with pytest.raises(ValueError):
        drills.make("poker", "worth", 1)


# Every drill -----------------------------------------------------------------------------------

@settings(max_examples=examples(300), deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), kind=st.sampled_from(drills.KINDS),
       level=st.sampled_from(drills.LEVELS), seed=st.integers(0, 2**31 - 1))
def test_every_drill_hand_scores_and_its_answer_is_the_engines(variant, kind, level, seed):
    drill = drills.make(variant, kind, level, seed)
    result = api.score(drill.request)
    assert result["ok"] and result["meets_minimum"], drill.request
    assert result["payments"] == drill.result["payments"]
    assert {p["id"] for p in result["patterns"]} == drill.winning_patterns
    if kind == "worth":
        answer = {"patterns": sorted(drill.winning_patterns), "total": drill.expected_total}
        assert {p["id"] for p in drill.choices} >= drill.winning_patterns
    elif kind == "wins":
        analysis = api.analyse({**drill.request, "hand": drill.hand,
                                "context": drill.analysis_context})
        assert analysis["waits"] == drill.analysis["waits"]
        assert drill.winning_tiles and set(drill.winning_tiles) <= set(drills.keyboard(variant))
        answer = {"tiles": list(drill.winning_tiles)}
    else:
        answer = {"net": dict(result["payments"]["net"])}
    assert drills.mark(drill, answer).right
    assert not drills.mark(drill, {}).right


# The pages -------------------------------------------------------------------------------------

def test_every_variant_has_its_drills_page(client):
    page = client.get("/learn/").content.decode()
    for variant in VARIANTS:
        assert f'href="/learn/{variant}/"' in page
        drills_page = client.get(f"/learn/{variant}/").content.decode()
        for kind in drills.KINDS:
            assert f'href="/learn/{variant}/{kind}/?level=1"' in drills_page


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("kind", drills.KINDS)
def test_a_drill_page_asks_and_marks(client, variant, kind):
    asked = client.get(f"/learn/{variant}/{kind}/", {"level": 2, "seed": 7})
    assert asked.status_code == 200
    assert b'id="marked"' not in asked.content
    drill = drills.make(variant, kind, 2, 7)
    if kind == "worth":
        answer = {"patterns": sorted(drill.winning_patterns), "total": drill.expected_total}
    elif kind == "wins":
        answer = {"tiles": list(drill.winning_tiles)}
    else:
        answer = {f"net_{seat}": net for seat, net in drill.result["payments"]["net"].items()}
    right = client.get(f"/learn/{variant}/{kind}/",
                       {"level": 2, "seed": 7, "answered": 1, **answer}).content.decode()
    assert "Right." in right and 'class="marked is-right"' in right
    wrong = client.get(f"/learn/{variant}/{kind}/", {"level": 2, "seed": 7, "answered": 1,
                                                     "total": -1, "net_E": -1, "net_S": 1,
                                                     "net_W": 0, "net_N": 0}).content.decode()
    assert "Not quite." in wrong


def test_a_total_that_is_no_number_is_said_and_the_ticks_are_kept(client):
    page = client.get("/learn/shanghai/worth/", {"level": 1, "seed": 5, "focus": "7A",
                                                 "answered": 1, "patterns": ["7A", "2A"],
                                                 "total": "thirteen"}).content.decode()
    assert "Enter the total as a whole number." in page
    assert 'value="thirteen"' in page
    assert 'value="7A" checked' in page and 'value="2A" checked' in page
    assert 'id="marked"' not in page


def test_the_explanation_says_what_was_missed_and_why_an_excluded_pattern_does_not_count(client):
    page = client.get("/learn/shanghai/worth/", {"level": 1, "seed": 5, "focus": "7A",
                                                 "answered": 1, "patterns": ["7A", "2J"],
                                                 "total": 13}).content.decode()
    assert "Not quite." in page
    assert page.count("— <strong>missed</strong>") == 3  # 2A, 2E, 2F
    assert "Yi Tiao Long (One dragon suit) already includes Young and old sequences." in page
    assert "The total is 13 fan." in page


def test_the_trainer_speaks_french(client):
    client.cookies["django_language"] = "fr"
    page = client.get("/learn/shanghai/worth/", {"level": 1, "seed": 5, "focus": "7A"})
    assert "Que vaut-elle ?" in page.content.decode()


def test_no_such_variant_or_drill_is_a_404(client):
    assert client.get("/learn/poker/").status_code == 404
    assert client.get("/learn/shanghai/guess/").status_code == 404


def test_the_phone_renders_a_drill_as_the_server_does(client):
    """The pocket's entry (scoring/pocket/entry.py, as the worker calls it, under CPython) gives
    the drill's content the server's page holds, marked answer included."""
    from scoring.pocket import entry

    query = [["level", "2"], ["seed", "9"], ["answered", "1"], ["patterns", "2A"],
             ["total", "12"]]
    for language in ("en", "fr"):
        client.cookies["django_language"] = language
        page = client.get("/learn/shanghai/worth/?" + "&".join(f"{k}={v}" for k, v in query))
        urls = {"index": "/", "compare": "/compare", "learn": "/learn/", "table_new": "",
                "table_from_scorer": ""}
        phone = entry.render("/learn/shanghai/worth/", query, language, urls)
        assert phone["html"].strip() in page.content.decode()
    assert entry.render("/learn/shanghai/", [], "en", urls) is None
    assert entry.render("/learn/poker/worth/", [], "en", urls) is None
