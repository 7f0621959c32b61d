"""Migration 0013: a hand's kept CSV line is one text, its two words marked (game.csv_cells), where
it was three texts around them (a JSON list); the lines kept the old way are made the new way, and
backwards the old way again (issue 31 item 2: the CSV is its lines read and joined)."""

import importlib
import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from scoring.tables.models import Table
from tests.tables.test_csv_cells_migration import kept, played

MIGRATION = "0013_hand_csv_line"
converted = importlib.import_module(f"scoring.migrations.{MIGRATION}")


def test_a_line_of_three_texts_is_made_the_one_text_and_back():
    # Hand 1: Bob wins 10 on Ann's discard; hand 2, a false win self-drawn, a name with a comma.
    old = json.dumps(["1,E,Ann", "Bob,Ann", "10,,-10,10"])
    assert converted.one_text(old, "win", False) == (
        "1,E,Ann,\x1fwin\x1f,Bob,Ann,\x1fno\x1f,10,,-10,10")
    assert converted.three_texts(converted.one_text(old, "win", False)) == old
    odd = json.dumps(['2,S,"Di, ""D"""', ",", ",'=Cy,-5,5,-15,15"], ensure_ascii=False)
    line = converted.one_text(odd, "false_win", True)
    assert line == '2,S,"Di, ""D""",\x1ffalse_win\x1f,,,\x1fyes\x1f,,\'=Cy,-5,5,-15,15'
    assert converted.three_texts(line) == odd


@pytest.mark.django_db
def test_every_line_kept_as_three_texts_is_made_the_line_a_hand_saved_today_has():
    made = [played(variant, seed) for seed, variant in enumerate(["mcr", "riichi", "american"])]
    before = [kept(table) for table in made]
    hands = made[0].hands.model.objects
    for pk, line in hands.values_list("pk", "csv_cells"):  # kept the old way (before 0013)
        hands.filter(pk=pk).update(csv_cells=converted.three_texts(line))
    apps = MigrationLoader(connection).project_state(("scoring", MIGRATION)).apps
    assert converted.convert(apps, "default") == hands.count()
    assert [kept(table) for table in made] == before
    assert converted.convert(apps, "default") == 0  # a second run (one cut short) writes none


@pytest.mark.django_db(transaction=True)
def test_the_migration_runs_forwards_and_backwards():
    made = played("mcr", 3, hands=20)
    before = kept(made)
    executor = MigrationExecutor(connection)
    executor.migrate([("scoring", "0012_hand_game_index")])  # backwards: three texts again
    lines = list(made.hands.order_by("number").values_list("csv_cells", flat=True))
    assert all(len(json.loads(line)) == 3 for line in lines)
    executor = MigrationExecutor(connection)  # the graph as it is now
    executor.migrate(executor.loader.graph.leaf_nodes("scoring"))
    assert kept(Table.objects.get(pk=made.pk)) == before
