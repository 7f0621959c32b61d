"""A pasted American card costs a bounded time per request (issue "bounded cost per request").

A card is read and expanded once per text, in a bounded cache, so a table's later hands do not read
it again; and a card whose work, its forms (each line's shifts times its distinct suit bindings)
plus its groups, exceeds `MAX_WORK` is refused with `bad_card`, saying why, before any form is
made. How long the worst accepted card takes is `bench/worst.py`'s business, not a test's."""

import pytest

from scoring.engine import card as cards
from scoring.engine import score
from scoring.engine.card import MAX_WORK, parse_card
from scoring.engine.errors import HandError
from scoring.engine.variants.american import VARIANT, demo_card

# Lines of known work, forms + groups: numbers one rank apart move 9 ways, a b c bind 6 ways.
HEAVY = "X shift : 1111a 111b 11c 1a FFFF"  # 54 forms, 5 groups: 59
WINDS_LINE = "X : NNNN EEEE WWWW SS"  # no letter, no shift: 1 form, 4 groups: 5
THREE = "X : FFFFFFF FFFFFFF"  # 1 form, 2 groups
TWO = "X : FFFFFFFFFFFFFF"  # 1 form, 1 group
WINDS = "NNNN EEEE WWWW SS"  # a hand matching WINDS_LINE


def card_of(work: int, tag: str) -> str:
    """A card of exactly `work`: a line of winds, heavy lines, and small ones to make up the rest.
    `tag` makes its text new to the cache."""
    body = [WINDS_LINE]
    left = work - 5
    while left >= 59 + 2:
        body.append(HEAVY)
        left -= 59
    if left == 1:  # 2s and 3s make any number but 1
        body.pop()
        left += 59
    if left % 2:
        body.append(THREE)
        left -= 3
    body += [TWO] * (left // 2)
    return "\n".join([f"# {tag}"] + [f"h{i} 25 {line}" for i, line in enumerate(body)])


def american(hand: str, card: str) -> dict:
    return score({"variant": "american", "hand": hand, "rules": {"card": card}})


def forms_and_groups(text: str) -> tuple[int, int]:
    """A card's forms and groups, counted line by line (each read as a card of its own)."""
    cards_of = [parse_card(line) for line in text.splitlines() if not line.startswith("#")]
    return (sum(len(card.forms) for card in cards_of),
            sum(len(card.lines[0].groups) for card in cards_of))


# The cache -------------------------------------------------------------------------------------

def test_the_same_text_gives_the_same_compiled_card():
    text = card_of(80, "same text")
    first = parse_card(text)
    again = "".join(list(text))  # an equal string, not the same object
    assert again is not text
    assert parse_card(again) is first
    assert VARIANT.card({"card": again}) is first


def test_a_second_request_with_the_same_card_neither_reads_nor_expands_it(monkeypatch):
    reads, expansions = [], []
    parse_line, forms = cards._parse_line, cards._forms
    monkeypatch.setattr(cards, "_parse_line", lambda *a: reads.append(a) or parse_line(*a))
    monkeypatch.setattr(cards, "_forms", lambda *a: expansions.append(a) or forms(*a))
    text = card_of(80, "second request")  # winds, one heavy line, eight small ones
    assert american(WINDS, text)["ok"] is True
    assert (len(reads), len(expansions)) == (10, 10)
    assert american(WINDS, text)["ok"] is True
    assert (len(reads), len(expansions)) == (10, 10)


def test_the_cache_is_bounded():
    size = parse_card.cache_info().maxsize
    assert size is not None and 1 <= size <= 32
    texts = [card_of(7, f"bounded {i}") for i in range(size + 1)]
    first = parse_card(texts[0])
    for text in texts[1:]:
        parse_card(text)
    assert parse_card.cache_info().currsize <= size
    assert parse_card(texts[0]) is not first  # the oldest was dropped, and read again


# The bound -------------------------------------------------------------------------------------

@pytest.mark.parametrize("flag, line, forms", [
    ("shift", "1111a 111b 11c 1a FFFF", 9 * 6),  # numbers one rank apart move 9 ways; a b c, 6
    ("shift-even", "1111a 111b 11c 1a FFFF", 5 * 6),  # by 0, 2, 4, 6 or 8
    ("shift", "11a 22a 33b 44b FFFF NN", 6 * 6),  # 1 to 4 move 6 ways; a and b bound 6 ways
    ("", "11a 22a 3333a 4444a FF", 3),  # no shift: one letter, 3 suits
    ("shift", "1111a 1111b 1111c NN", 9),  # the letters are interchangeable: one binding
    ("", "NNNN EEEE WWWW SS", 1),  # no letter, no shift
], ids=["shift", "shift-even", "two-letters", "one-letter", "alike-letters", "no-letter"])
def test_a_line_expands_to_its_shifts_times_its_distinct_suit_bindings(flag, line, forms):
    assert len(parse_card(f"x 25 X {flag} : {line}").forms) == forms


def test_a_card_at_the_bound_scores():
    text = card_of(MAX_WORK, "at the bound")
    assert sum(forms_and_groups(text)) == MAX_WORK
    assert len(parse_card(text).forms) == forms_and_groups(text)[0]
    result = american(WINDS, text)
    assert result["ok"] is True
    assert result["patterns"][0]["id"] == "h0"


def test_a_card_one_over_the_bound_is_bad_card_saying_why():
    text = card_of(MAX_WORK + 1, "over the bound")
    result = american(WINDS, text)
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_card"
    message = result["error"]["message"]
    forms, groups = forms_and_groups(text)
    assert forms + groups == MAX_WORK + 1
    assert (f"The card is too much to match per hand: its lines expand to {forms} forms (shifts "
            f"x suit bindings) and hold {groups} groups, {MAX_WORK + 1} in all; a card may have "
            f"at most {MAX_WORK}: remove shifts or lines.") in message
    assert message.endswith("The most: h1 (line 3) 54 forms and 5 groups, h2 (line 4) 54 forms "
                            "and 5 groups, h3 (line 5) 54 forms and 5 groups.")


def test_a_card_over_the_bound_is_refused_before_any_form_is_made(monkeypatch):
    def expanded(*args):
        raise AssertionError("a card over the bound was expanded")

    monkeypatch.setattr(cards, "_forms", expanded)
    result = american(WINDS, card_of(MAX_WORK + 59, "refused early"))
    assert result["error"]["code"] == "bad_card"


def test_the_card_at_the_size_limits_with_shifts_on_every_line_is_over_the_bound():
    """200 lines of 54 forms fit the 200 lines and 20,000 characters, not the bound."""
    text = "\n".join(f"h{i} 25 {HEAVY}" for i in range(cards.MAX_CARD_LINES))
    assert len(text) <= cards.MAX_CARD_CHARS
    with pytest.raises(HandError) as caught:
        parse_card(text)
    assert caught.value.code == "bad_card"
    assert f"{59 * cards.MAX_CARD_LINES} in all" in caught.value.message


def test_the_demo_card_is_well_within_the_bound():
    card = demo_card()
    assert (len(card.forms) + sum(len(line.groups) for line in card.lines)) * 3 <= MAX_WORK


def test_a_line_fault_is_still_reported_with_its_line_on_a_card_over_the_bound():
    """Reading comes first: a line that does not parse is named, whatever the card's size."""
    text = card_of(MAX_WORK + 59, "fault") + "\nbad 25 X : FF 222m 444a 666b 888b"
    result = american(WINDS, text)
    assert result["error"]["code"] == "bad_card"
    assert result["error"]["message"].startswith("Card line ")
    assert "'m' in the group '222m' is not a card symbol" in result["error"]["message"]
