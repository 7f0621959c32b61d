"""American: a player picks one line of the card and checks the hand against it alone (issue 17:
"the card's lines listed with their values so a player can pick and check one")."""

import pytest

from scoring.engine import score

# ln1 25 X shift : 1111a 111b 1111c DDDc (demo card): a=m, b=p, c=s; bams' dragon is green (6z).
LN1 = "1111m 111p 1111s 666z"


def american(hand, **extra):
    return score({"variant": "american", "hand": hand, **extra})


def test_a_hand_checked_against_the_line_it_matches_scores_that_line():
    result = american(LN1, line="ln1")
    assert result["ok"], result
    assert [p["id"] for p in result["patterns"]] == ["ln1"]
    assert result["total"] == 25
    assert result["points"] == 50  # jokerless: double (rules-american.md)
    assert result["alternatives"] == []  # only the line asked about


def test_checked_against_another_line_it_says_what_that_line_lacks():
    best = american(LN1)
    assert best["ok"] and best["patterns"][0]["id"] == "ln1"
    checked = american(LN1, line="cr1")  # cr1 25 X shift : 111a 222a 3333a 4444a
    assert not checked["ok"]
    error = checked["error"]
    assert error["code"] == "not_a_winning_hand"
    assert "do not match cr1 (Consecutive runs) 111a 222a 3333a 4444a" in error["message"]
    assert "match no line of the card" not in error["message"]
    assert error["closest"]["id"] == "cr1"
    assert error["closest"]["missing"]  # names the tiles it lacks


@pytest.mark.parametrize(("request_", "named"), [
    ({"variant": "american", "hand": LN1, "line": "zz9"}, "no line 'zz9'"),
    ({"variant": "american", "hand": LN1, "line": "ln1", "rules": {"card": "temporary"}},
     "temporary table has no card"),
    ({"variant": "shanghai", "hand": "234m 567p 22s [EEE] [789p] +2s", "line": "ln1"},
     "has no card"),
])
def test_a_line_that_cannot_be_checked_is_a_bad_request_naming_it(request_, named):
    result = score(request_)
    assert not result["ok"]
    assert result["error"]["code"] == "bad_request"
    assert result["error"]["fields"] == ["line"]
    assert named in result["error"]["message"]


@pytest.mark.django_db
def test_the_page_lists_the_lines_with_their_values_and_checks_the_one_picked(client):
    data = {"variant": "american", "hand": LN1}
    page = client.post("/", data).content.decode()
    assert 'name="line"' in page and 'form="scorer"' in page
    assert "ln1 · 25 · 1111a 111b 1111c DDDc" in page
    assert '<optgroup label="Consecutive runs">' in page
    checked = client.post("/", {**data, "line": "cr1"}, HTTP_HX_REQUEST="true").content.decode()
    assert "do not match cr1" in checked
    assert 'value="cr1" selected' in checked  # the pick stays shown


@pytest.mark.django_db
def test_a_line_of_another_card_falls_back_to_the_best_line(client):
    page = client.post("/", {"variant": "american", "hand": LN1, "line": "nosuch"},
                       HTTP_HX_REQUEST="true").content.decode()
    assert 'data-pattern="ln1"' in page
