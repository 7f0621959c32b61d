"""American cards (rules-american.md, "The card file"): the strict parser and the matcher's rules,
each shown on a small card of its own passed as `rules.card`."""

from itertools import permutations

import pytest

from scoring.engine import score
from scoring.engine.card import parse_card
from scoring.engine.errors import HandError

SPEC_CARD = """\
# Our table's card
[Evens]
ev1 25 X : FF 222a 444a 666b 888b
ev2 30 C : 22a 444a 66b 888b DDDDc
[Like numbers]
ln1 25 X shift : FFFF 111a 111b 1111c
[Singles and pairs]
sp1 50 C sp : NN EE WW SS 11a 11b 11c
"""


def american(hand, card, **context):
    rules = {"card": card}
    if "jokerless_bonus" in context:
        rules["jokerless_bonus"] = context.pop("jokerless_bonus")
    return score({"variant": "american", "hand": hand, "context": context, "rules": rules})


def matched(result):
    """The ids of every line the hand matched, best first ([] when none)."""
    if not result["ok"]:
        assert result["error"]["code"] == "not_a_winning_hand", result
        return []
    return [result["patterns"][0]["id"]] + [alt["id"] for alt in result["alternatives"]]


# The parser ------------------------------------------------------------------------------------

def test_the_spec_example_card_parses_with_its_sections_and_flags():
    card = parse_card(SPEC_CARD)
    described = [(ln.id, ln.value, ln.concealed, ln.shift, ln.sp, ln.section, ln.number)
                 for ln in card.lines]
    assert described == [
        ("ev1", 25, False, None, False, "Evens", 3),
        ("ev2", 30, True, None, False, "Evens", 4),
        ("ln1", 25, False, "shift", False, "Like numbers", 6),
        ("sp1", 50, True, None, True, "Singles and pairs", 8),
    ]
    assert card.lines[1].text == "22a 444a 66b 888b DDDDc"


def test_the_spec_example_card_scores_its_own_lines():
    # ev2 bound a=m, b=p, c=s: 22m 444m 66p 888p and DDDDc = four green dragons (6z).
    # Jokers in 444a and DDDDc; value 30, a joker so no bonus.
    result = american("22m 44mJ 66p 888p 666zJ", SPEC_CARD)
    assert matched(result) == ["ev2"]
    assert (result["total"], result["points"]) == (30, 30)


HEADER = "# a comment line\n[Section]\n"
GOOD = "FF 222a 444a 666b 888b"


@pytest.mark.parametrize("line, fault", [
    ("[Evens", "a section is written [Name]"),
    ("[]", "a section is written [Name]"),
    (f"ev1 25 X {GOOD}", "no ':'"),
    (f"ev1 25 : {GOOD}", "its id, its value and X or C"),
    (f"ev1 abc X : {GOOD}", "'abc' is not a whole number"),
    (f"ev1 0 X : {GOOD}", "'0' is not a whole number of points above 0"),
    (f"ev1 25 Y : {GOOD}", "'Y' must be X (exposures allowed) or C (concealed)"),
    (f"ev1 25 X shuffle : {GOOD}", "'shuffle' is not a flag"),
    (f"ev1 25 X shift shift-even : {GOOD}", "only one of shift and shift-even"),
    (f"ev1 25 X sp sp : {GOOD}", "each flag may appear once"),
    ("ev1 25 X : ", "no groups after ':'"),
    ("ev1 25 X : FF 222m 444a 666b 888b", "'m' in the group '222m' is not a card symbol "
                                         "(suit letters on a card are a, b, c)"),
    ("ev1 25 X : FF 2a22 444a 666b 888b", "the suit letter 'a' must come last"),
    ("ev1 25 X : FF 222 444a 666b 888b", "the group '222' has numbers or D and needs a suit"),
    ("ev1 25 X : FF DDD 444a 666b 888b", "the group 'DDD' has numbers or D and needs a suit"),
    ("ev1 25 X : FF NNNa 444a 666b 888b", "'NNNa' has a suit letter but no number or D"),
    ("ev1 25 X : FF 222a 444a 666b 88b", "its groups hold 13 tiles; a hand is 14"),
    ("ev1 25 X : FFF 222a 444a 666b 888b", "its groups hold 15 tiles; a hand is 14"),
    ("wd 25 X shift : NNNN EEE WWW SSSS", "'shift' moves numbers, but the line has none"),
    ("wd 25 X : NN NN NN 1111a 2222a", "it needs 6 of North wind in groups that take no joker, "
                                       "but the set has only 4"),
])
def test_a_bad_card_line_is_bad_card_naming_its_number_and_fault(line, fault):
    result = american("2222m 44m 666p 88p 555z", HEADER + line + "\n")
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_card"
    message = result["error"]["message"]
    assert message.startswith("Card line 3: ")
    assert fault in message


def test_a_repeated_id_names_both_lines():
    card = HEADER + f"ev1 25 X : {GOOD}\nev1 30 X : {GOOD}\n"
    with pytest.raises(HandError) as caught:
        parse_card(card)
    assert caught.value.code == "bad_card"
    assert caught.value.message.startswith("Card line 4: the id 'ev1' is already used on line 3")


@pytest.mark.parametrize("text", ["", "# only a comment\n[Evens]\n"], ids=["empty", "no-hands"])
def test_a_card_without_hands_is_bad_card(text):
    with pytest.raises(HandError) as caught:
        parse_card(text)
    assert caught.value.code == "bad_card"
    assert "no hands" in caught.value.message


def test_comments_and_blank_lines_are_ignored_and_a_hand_before_any_section_is_allowed():
    card = parse_card("\n  # intro\nx1 25 X : NNNN EEE WWW SSSS   # trailing comment\n\n")
    assert [(ln.id, ln.section, ln.text) for ln in card.lines] == [
        ("x1", "", "NNNN EEE WWW SSSS")]


# Jokers: only in pungs, kongs, quints and sextets -----------------------------------------------

SIZES = """\
[Sizes]
sizes 25 X : 111a 2222a 33333b NN
sext 30 X : 666666a 1111b 2222b
"""


@pytest.mark.parametrize("hand, line", [
    ("11mJ 2222m 3333pJ NN", "sizes"),     # joker in the pung 111a (and one in the quint)
    ("111m 22mJJ 3333pJ NN", "sizes"),     # two jokers in the kong 2222a
    ("111m 2222m 3pJJJJ NN", "sizes"),     # four jokers in the quint 33333b
    ("6666mJJ 1111p 2222p", "sext"),       # a sextet: four 6m and two jokers
    ("66mJJJJ 1111p 2222p", "sext"),       # four jokers in the sextet
], ids=["pung", "kong", "quint", "sextet", "sextet-4-jokers"])
def test_jokers_fill_pungs_kongs_quints_and_sextets(hand, line):
    assert matched(american(hand, SIZES)) == [line]


MIXED = "[Mixed]\nmix 25 X : 2026a NEWS NN 1111b\n"


@pytest.mark.parametrize("hand", [
    "22m5zJ ESWN NN 1111p",   # the 6 of 2026a is a joker: a mixed group takes none
    "226m5z ESWJ NN 1111p",   # the N of NEWS is a joker: a run of singles takes none
    "226m5z ESWN NJ 1111p",   # a joker in the pair NN
], ids=["mixed-year", "singles-NEWS", "pair"])
def test_jokers_never_fill_singles_pairs_or_mixed_groups(hand):
    assert matched(american(hand, MIXED)) == []


def test_the_same_card_takes_its_jokers_in_the_kong():
    # 2026a = 2m 5z 2m 6m (0 is the white dragon), NEWS, NN, 1111b = 11p + two jokers.
    assert matched(american("226m5z ESWN NN 11pJJ", MIXED)) == ["mix"]


# Exposures -------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, line", [
    ("[11mJ] 2222m 3333pJ NN", "sizes"),
    ("111m [2mJJJ] 3333pJ NN", "sizes"),
    ("111m 2222m [3pJJJJ] NN", "sizes"),
    ("[66mJJJJ] 1111p [2222p]", "sext"),
], ids=["pung", "kong", "quint", "sextet-and-kong"])
def test_exposures_may_hold_jokers(hand, line):
    assert matched(american(hand, SIZES)) == [line]


def test_the_match_shows_which_tiles_and_jokers_fill_each_group():
    result = american("[11mJ] 2222m 3333pJ NN", SIZES)
    assert result["match"]["groups"] == [
        {"group": "111a", "tiles": ["1m", "1m", "J"], "exposed": True, "jokers": ["1m"]},
        {"group": "2222a", "tiles": ["2m"] * 4, "exposed": False, "jokers": []},
        {"group": "33333b", "tiles": ["3p"] * 4 + ["J"], "exposed": False, "jokers": ["3p"]},
        {"group": "NN", "tiles": ["4z", "4z"], "exposed": False, "jokers": []},
    ]
    assert result["match"]["suits"] == {"a": "m", "b": "p"}
    assert result["decomposition"] == ["[11mJ]", "2222m", "3333pJ", "44z"]


KONGS = "[Kongs]\nk4 25 X : 1111a 2222a 333b 444b\n"


def test_a_pung_exposure_never_fills_a_kong():
    # The tiles are all there (1m x4), but [111m] is a pung and 1111a a kong.
    result = american("[111m] 1m 2222m 333p 444p", KONGS)
    assert result["ok"] is False
    assert result["error"]["code"] == "not_a_winning_hand"
    closest = result["error"]["closest"]
    assert (closest["id"], closest["missing"], closest["extra"]) == ("k4", [], [])
    assert closest["problems"] == [
        "the exposure [111m] fills no group of 3 tiles (1 of characters) in it"]


@pytest.mark.parametrize("hand", ["[1111m] 2222m 333p 444p", "[111mJ] 2222m [33pJ] 444p"],
                         ids=["kong", "kong-and-pung-with-jokers"])
def test_an_exposure_fills_a_whole_group_of_its_size(hand):
    assert matched(american(hand, KONGS)) == ["k4"]


# Suits -----------------------------------------------------------------------------------------

SUITS = "[Suits]\ninj 25 X : 1111a 2222b 3333c NN\n"


@pytest.mark.parametrize("a, b, c", list(permutations("mps")))
def test_every_binding_of_the_suit_letters_is_tried(a, b, c):
    result = american(f"1111{a} 2222{b} 3333{c} NN", SUITS)
    assert matched(result) == ["inj"]
    assert result["match"]["suits"] == {"a": a, "b": b, "c": c}


def test_suit_letters_are_bound_to_different_suits():
    # a and b would both be characters here: not allowed.
    assert matched(american("1111m 2222m 3333p NN", SUITS)) == []


DRAGONS = "[Dragons]\ndr 25 X : DDDa 111a 222b DDDb NN\n"


@pytest.mark.parametrize("hand, matches", [
    ("111m 777z 222p 555z NN", True),    # a=m: red (7z); b=p: white (5z)
    ("111s 666z 222m 777z NN", True),    # a=s: green (6z); b=m: red (7z)
    ("111m 666z 222p 555z NN", False),   # green with characters: D of m is red
    ("111p 555z 222s 777z NN", False),   # red with bamboo: D of s is green
], ids=["red-m-white-p", "green-s-red-m", "green-with-m", "red-with-s"])
def test_D_is_the_dragon_of_its_groups_suit(hand, matches):
    assert matched(american(hand, DRAGONS)) == (["dr"] if matches else [])


ZERO = "[Zero]\nzr 25 X : 000 111a 222a 333a NN\n"


@pytest.mark.parametrize("hand, matches", [
    ("555z 111s 222s 333s NN", True),    # white with bamboo
    ("555z 111m 222m 333m NN", True),    # white with characters: 0 follows no suit
    ("666z 111s 222s 333s NN", False),   # green is not 0
], ids=["white-with-s", "white-with-m", "green-is-not-zero"])
def test_0_is_the_white_dragon_whatever_the_suit(hand, matches):
    assert matched(american(hand, ZERO)) == (["zr"] if matches else [])


# Shifts ----------------------------------------------------------------------------------------

RUN = "111a 222a 3333b 4444b"


@pytest.mark.parametrize("flag, hand, matches", [
    ("shift", "111m 222m 3333p 4444p", True),           # moved by 0
    ("shift", "666m 777m 8888p 9999p", True),           # by 5: the top edge, 4 + 5 = 9
    ("shift-even", "555m 666m 7777p 8888p", True),      # by 4: the largest even move
    ("shift-even", "666m 777m 8888p 9999p", False),     # by 5: odd
    ("shift-even", "333m 444m 5555p 6666p", True),      # by 2
    ("", "222m 333m 4444p 5555p", False),               # no flag: only as printed
], ids=["shift-0", "shift-top-edge", "even-top-edge", "even-odd-move", "even-2", "no-shift"])
def test_shift_moves_every_number_by_the_same_amount_within_1_to_9(flag, hand, matches):
    card = f"[Runs]\nrun 25 X {flag} : {RUN}\n"
    assert matched(american(hand, card)) == (["run"] if matches else [])


def test_shift_also_moves_down_to_the_bottom_edge():
    # 6-9 moved by -5 is 1-4; by -6 it would leave 1..9.
    card = "[Runs]\ndown 25 X shift : 666a 777a 8888b 9999b\n"
    assert matched(american("111m 222m 3333p 4444p", card)) == ["down"]


def test_a_shifted_line_moves_all_its_numbers_together():
    # 111 222 moved by 1 but 3333 4444 by 2: not one shift.
    card = f"[Runs]\nrun 25 X shift : {RUN}\n"
    assert matched(american("222m 333m 5555p 6666p", card)) == []


# Concealed lines -------------------------------------------------------------------------------

def test_a_C_line_refuses_exposures():
    card = f"[C]\ncc 25 C : {RUN}\n"
    result = american("[111m] 222m 3333p 4444p", card)
    assert result["ok"] is False
    assert result["error"]["closest"]["problems"] == [
        "cc is a concealed (C) hand: it takes no exposure"]


def test_a_C_line_may_be_won_on_a_discard():
    # The winning tile may be claimed: 25, jokerless x 2 = 50; the discarder N pays 2 x 50.
    card = f"[C]\ncc 25 C : {RUN}\n"
    result = american("111m 222m 3333p 4444p", card, discarder="N")
    assert matched(result) == ["cc"]
    assert result["payments"]["net"] == {"E": 200, "S": -50, "W": -50, "N": -100}


def test_an_X_line_takes_the_same_exposure():
    card = f"[X]\nxx 25 X : {RUN}\n"
    assert matched(american("[111m] 222m 3333p 4444p", card)) == ["xx"]


# Several matching lines ------------------------------------------------------------------------

BOTH = f"[Two]\nlo 25 X : {RUN}\nhi 40 X shift : {RUN}\n"


def test_the_best_matching_line_wins_and_the_others_are_alternatives():
    # hi 40, jokerless x 2 = 80; lo 25 x 2 = 50 comes second.
    result = american("111m 222m 3333p 4444p", BOTH)
    assert matched(result) == ["hi", "lo"]
    assert (result["total"], result["points"]) == (40, 80)
    assert [(a["total"], a["points"]) for a in result["alternatives"]] == [(25, 50)]


def test_only_the_lines_that_match_are_listed():
    # Shifted by 1: only hi (shift) matches; 40 with a joker, no bonus.
    result = american("222m 333m 444pJ 5555p", BOTH)
    assert matched(result) == ["hi"]
    assert (result["total"], result["points"], result["jokers"]) == (40, 40, 1)


# The same 14 tiles as two lines: `sets` is pungs and kongs (jokers may fill them), `runs` the
# same numbers as two mixed runs (no joker can). This card used to be two lines of pairs, `plain`
# (30, not sp) and `pairs` (50, sp): a jokerless hand doubled `plain` to 60. A line of pairs
# takes no joker, so it no longer doubles, flagged sp or not (rules-american.md, "The card file").
SETS_OR_RUNS = ("[Sets]\nruns 50 C : 111222a 33334444a\n"
                "sets 30 X : 111a 222a 3333a 4444a\n")


def test_the_best_line_is_the_one_that_pays_most():
    # Jokerless: sets is 30 x 2 = 60, runs (no joker possible) stays 50: sets is chosen.
    result = american("111m 222m 3333m 4444m", SETS_OR_RUNS)
    assert matched(result) == ["sets", "runs"]
    assert (result["total"], result["points"]) == (30, 60)


def test_without_the_jokerless_bonus_the_higher_value_wins():
    result = american("111m 222m 3333m 4444m", SETS_OR_RUNS, jokerless_bonus=False)
    assert matched(result) == ["runs", "sets"]
    assert (result["total"], result["points"]) == (50, 50)


PAIRS = ("[Pairs]\npairs 50 C sp : 11a 22a 33a 44a 55a 66a 77a\n"
         "plain 30 C : 11a 22a 33a 44a 55a 66a 77a\n")


def test_a_line_of_pairs_takes_no_joker_and_no_jokerless_bonus_even_without_sp():
    card = parse_card(PAIRS)
    assert [(ln.id, ln.sp, ln.takes_jokers) for ln in card.lines] == [
        ("pairs", True, False), ("plain", False, False)]
    result = american("11223344556677m", PAIRS)
    assert matched(result) == ["pairs", "plain"]
    assert (result["total"], result["points"]) == (50, 50)
    assert [(a["id"], a["total"], a["points"]) for a in result["alternatives"]] == [
        ("plain", 30, 30)]


def test_a_one_line_card_text_is_read_as_a_card():
    # A string with ':' is card text: NNNN EEE WWW SSSS, 25, jokerless 50.
    result = american("NNNN EEE WWW SSSS", "w 25 X : NNNN EEE WWW SSSS")
    assert matched(result) == ["w"]
    assert result["card"] == {"name": "table", "lines": 1}
    assert result["points"] == 50


# The jokerless bonus (rules-american.md, "Scoring": "a hand with no joker, not `sp`, is worth
# double") ----------------------------------------------------------------------------------------

PUNGS_FLAGGED_SP = """[Pungs played as singles and pairs]
pp1 25 X sp : FFF 222a 444a 666b 88b
"""


def test_a_line_flagged_sp_earns_no_jokerless_double_even_when_it_holds_pungs():
    # No joker in the hand, and the line could take one (its pungs), but the card flags it `sp`:
    # points = value = 25, not 50. Self-drawn: each of the three pays 2 x 25 = 50.
    result = american("1f2f3f 222m 444m 666p 88p +8p", PUNGS_FLAGGED_SP, self_drawn=True)
    assert (result["total"], result["points"]) == (25, 25)
    assert result["patterns"][0]["sp"] is True
    assert result["patterns"][0]["jokerless_bonus"] is False
    assert result["payments"]["net"] == {"E": 150, "S": -50, "W": -50, "N": -50}


def test_the_same_line_without_sp_pays_the_jokerless_double():
    # The control: the same pungs unflagged, no joker -> 25 x 2 = 50; each pays 2 x 50 = 100.
    unflagged = PUNGS_FLAGGED_SP.replace(" sp :", " :")
    result = american("1f2f3f 222m 444m 666p 88p +8p", unflagged, self_drawn=True)
    assert (result["total"], result["points"]) == (25, 50)
    assert result["payments"]["net"] == {"E": 300, "S": -100, "W": -100, "N": -100}
