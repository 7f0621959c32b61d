"""Every per-variant fact lives on the variant (scoring/engine/variant.py, with defaults that fit a
plain four-player game, and each variant's own module): the keyboard, the table's rotation and its
end-of-game words, false wins, paying during a deal. The doors read them there: no template, form,
view or script tests a variant by its name."""

import re
from pathlib import Path

import pytest

from scoring.engine import tiles
from scoring.engine.context import FLAGS
from scoring.engine.variant import EVERY_HAND, Rotation, Variant
from scoring.engine.variants import VARIANTS
from scoring.tables import game

ROOT = Path(__file__).resolve().parent.parent
DOORS = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("static/js/*.js"),
         *ROOT.glob("scoring/*.py"), *ROOT.glob("scoring/tables/*.py"),
         *ROOT.glob("scoring/templatetags/*.py")]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_door_tests_a_variant_by_its_name(variant):
    quoted = f"""["']{variant}["']"""
    # Compared with, looked up in a set, or a key of a table of its own (unless the name is
    # also a context field's, as riichi's flag is).
    keyed = "" if variant in FLAGS else rf"""|{quoted}\s*:\s*[{{(\w]"""
    by_name = re.compile(rf"""[!=]==?\s*{quoted}|{quoted}\s*[!=]==?"""
                         rf"""|\bin\s*(frozenset\()?[{{(\[]\s*{quoted}{keyed}""")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in DOORS
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if by_name.search(line)]
    assert found == []


def test_a_variant_that_declares_nothing_plays_a_plain_four_player_game():
    class Plain(Variant):
        id = "plain"

    plain = Plain()
    assert plain.rotation == Rotation() and plain.rotation.deal == EVERY_HAND
    assert plain.rotation.players == (3, 4, 5) and plain.rotation.game_rounds is None
    assert not plain.rotation.dealer_may_keep and not plain.false_wins
    assert not plain.pays_during_deal and not plain.jokers and not plain.every_tile_counts
    assert plain.concealed_kongs and plain.refused_aliases == ""
    assert plain.copies(0) == 4 and plain.copies(tiles.FLOWER_BASE) == 1


@pytest.mark.parametrize("variant, deal, rounds, players, may_keep", [
    ("shanghai", "keep_on_dealer_win", 8, (3, 4, 5), False),
    ("hongkong", "every_hand", 4, (3, 4, 5), True),
    ("sichuan", "first_winner", None, (4,), False),
    ("american", "every_hand", None, (3, 4, 5), False),
])
def test_each_variant_declares_its_rotation(variant, deal, rounds, players, may_keep):
    rotation = VARIANTS[variant].rotation
    assert (rotation.deal, rotation.game_rounds, rotation.players, rotation.dealer_may_keep) == (
        deal, rounds, players, may_keep)
    assert game.rotation_of(variant) is rotation


def test_the_american_keyboard_and_false_wins_come_from_its_module():
    american = VARIANTS["american"]
    assert american.jokers and american.every_tile_counts and not american.concealed_kongs
    assert american.refused_aliases == "F" and american.false_wins
    assert american.copies(tiles.JOKER) == 8
    assert [v.id for v in VARIANTS.values() if v.false_wins] == ["american"]


@pytest.mark.django_db
@pytest.mark.parametrize("variant, words", [
    ("shanghai", "Eight rounds played: the seed says to draw the seats anew."),
    ("hongkong", "A full game is played. Settle up, or play on."),
])
def test_the_board_says_the_variants_end_of_game_words(client, variant, words):
    from scoring.tables.models import Table

    table = Table.objects.create(variant=variant, players=["Ann", "Bob", "Cy", "Di"])
    for _hand in range(VARIANTS[variant].rotation.game_rounds * 4):
        table.add_hand(game.drawn)
    page = client.get(f"/tables/{table.view_token}/").content.decode()
    assert words in page


@pytest.mark.parametrize("variant, counts, aliases", [
    ("shanghai", "0", ""), ("american", "1", "F")])
def test_the_scorer_form_carries_the_keyboard_facts_for_its_script(client, variant, counts,
                                                                     aliases):
    page = client.get(f"/?variant={variant}").content.decode()
    assert f'data-every-tile-counts="{counts}"' in page
    assert f'data-refused-aliases="{aliases}"' in page
