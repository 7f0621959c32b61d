"""Migration 0012: each hand keeps its game beside its position (TableHand.game_index), which
an MCR table's games are counted by (its CSV closes with them); the hands kept before are given
it from their position."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from scoring.tables.models import Table
from tests.tables.test_csv_cells_migration import kept, played

MIGRATION = "0012_hand_game_index"
filled = importlib.import_module(f"scoring.migrations.{MIGRATION}")


def games_of(table) -> list[int]:
    """Each hand's kept game, in order."""
    return list(table.hands.order_by("number").values_list("game_index", flat=True))


def from_positions(table) -> list[int]:
    return [position["game"] for position in
            table.hands.order_by("number").values_list("position", flat=True)]


@pytest.mark.django_db
def test_every_hand_is_given_the_game_its_position_says():
    made = [played("mcr", seed, hands=45) for seed in range(3)] + [played("shanghai", 4)]
    before = [(kept(table), Table.objects.get(pk=table.pk).games()) for table in made]
    assert max(games_of(made[0])) == 2  # 45 hands, 9 false wins: a third game begun
    assert all(games_of(table) == from_positions(table) for table in made)  # kept as saved
    made[0].hands.filter(number__gt=20).update(game_index=0)  # some kept before 0012
    for table in made[1:]:
        table.hands.update(game_index=0)
    # Written: the hands past game 1 among them (at 0 already, game 1's are right as they are).
    past_one = sum(1 for index in from_positions(made[0])[20:] if index) + sum(
        1 for table in made[1:] for index in from_positions(table) if index)
    # The migration's own function, on the models as they stand at 0012 (no method of theirs).
    apps = MigrationLoader(connection).project_state(("scoring", MIGRATION)).apps
    assert filled.fill(apps, "default") == past_one > 0
    assert all(games_of(table) == from_positions(table) for table in made)
    assert [(kept(table), Table.objects.get(pk=table.pk).games()) for table in made] == before
    assert filled.fill(apps, "default") == 0  # a second run (one cut short, taken up) writes none


@pytest.mark.django_db
def test_placing_again_moves_a_hand_to_the_game_its_new_position_is_in():
    """A delete before the last hand moves every later hand up one: the hand that was the first
    of game 2 is the last of game 1 once placed again."""
    table = played("mcr", 5, hands=45)
    first_of_two = table.hands.filter(game_index=1).order_by("number").first()
    first = table.hands.get(number=1)
    table.delete_hand(first.pk, first.version)
    table = Table.objects.get(pk=table.pk)
    table.place()
    assert games_of(table) == from_positions(table)
    first_of_two.refresh_from_db()
    assert first_of_two.game_index == 0 and first_of_two.position["game"] == 0
    assert [g["played"] for g in table.games()][:1] == [16]


@pytest.mark.django_db(transaction=True)
def test_the_migration_runs_forwards_and_backwards():
    made = played("mcr", 3, hands=45)
    before = kept(made), Table.objects.get(pk=made.pk).games()
    made.hands.update(game_index=0)
    executor = MigrationExecutor(connection)
    executor.migrate([("scoring", "0011_hand_csv_cells_filled")])  # backwards: the column goes
    with connection.cursor() as cursor:
        columns = [c.name for c in connection.introspection.get_table_description(
            cursor, "scoring_tablehand")]
    assert "game_index" not in columns
    executor = MigrationExecutor(connection)  # the graph as it is now
    executor.migrate(executor.loader.graph.leaf_nodes("scoring"))
    assert games_of(made) == from_positions(made) and max(games_of(made)) == 2
    assert (kept(made), Table.objects.get(pk=made.pk).games()) == before


@pytest.mark.django_db
def test_a_table_with_no_hand_yet_has_no_game():
    assert Table.objects.create(variant="mcr", players=["A", "B", "C", "D"]).games() == []
