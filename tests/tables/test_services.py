"""The tables' services write a form's entry as a hand: the engine's refusal, or a full table,
comes back as `Refused` with its message in the reader's language, and nothing is written; a
hand edited in the middle moves the later ones."""

import uuid

import pytest
from django.utils import translation

from scoring.tables import services
from scoring.tables.game import DrawEntry, WinEntry
from scoring.tables.models import Once, Replayed, Table

pytestmark = pytest.mark.django_db
A, B, C, D = range(4)


@pytest.fixture
def table():
    return Table.objects.create(variant="shanghai", players=["Ann", "Bob", "Cy", "Di"])


def test_a_win_is_written_with_its_money(table):
    # Shanghai, payment 1: Ann's discard pays Bob the total, 10.
    hand = services.add_hand(table, WinEntry(winner=B, discarder=A, total=10))
    assert (hand.number, hand.winner, hand.discarder, hand.total) == (1, B, A, 10)
    assert [str(x) for x in table.totals()] == ["-10", "10", "0", "0"]


def test_the_engines_refusal_is_refused_in_the_readers_language(table):
    # A win on a discard that names no discarder: the engine's words, in French.
    with translation.override("fr"), pytest.raises(services.Refused) as refused:
        services.add_hand(table, WinEntry(winner=B, total=10))
    assert refused.value.message == ("Dites qui a défaussé la tuile gagnante, ou qu’elle a été "
                                     "tirée du mur.")
    assert not table.hands.exists()


def test_a_full_table_is_refused(table, settings):
    settings.TABLES_MAX_HANDS = 1
    services.add_hand(table, DrawEntry())
    with pytest.raises(services.Refused, match="This table has 1 hands, the most one table "
                                               "keeps: nothing was saved."):
        services.add_hand(table, DrawEntry())
    assert table.hands.count() == 1


def test_a_form_sent_twice_is_written_once(table):
    once = Once(uuid.uuid4(), table.edit_token, lambda _table: "/there")
    services.add_hand(table, DrawEntry(), once)
    with pytest.raises(Replayed) as again:
        services.add_hand(table, DrawEntry(), once)
    assert again.value.submission.target == "/there" and table.hands.count() == 1


def test_a_hand_entered_again_moves_the_deal_of_the_hands_after_it(table):
    # Shanghai: the dealer keeps the deal only by winning. Ann (E) wins hand 1, so she deals
    # hand 2; made Bob's win, the deal passes to Bob for hand 2.
    first = services.add_hand(table, WinEntry(winner=A, self_drawn=True, total=6))
    services.add_hand(table, DrawEntry())
    assert table.hands.get(number=2).position_before().dealer == A
    services.replace_hand(table, first.pk, first.version,
                          WinEntry(winner=B, self_drawn=True, total=6))
    assert table.ordered_hands()[1].position_before().dealer == B  # placed again on reading
    assert table.hands.get(number=2).position_before().dealer == B  # and so stored
    assert [str(x) for x in table.totals()] == ["-6", "18", "-6", "-6"]
