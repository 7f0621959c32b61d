"""Migration 0011: the hands kept before they kept their CSV line (0009) are given it, the line a
hand saved today is given, so the CSV reads the hands of every table (issue 31 item 2)."""

import importlib
import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from scoring.tables import game, services
from scoring.tables.models import Table
from tests.tables.test_early_edit import entry_of

MIGRATION = "0011_hand_csv_cells_filled"
filled = importlib.import_module(f"scoring.migrations.{MIGRATION}")
PLAYERS = ["Ann", "Bob, \"B\"", "=Cy", "Di"]  # quoted and made inert in the CSV


def played(variant, seed, hands=30) -> Table:
    """A table of `variant` with random hands, an edit and a delete (MCR: false wins too)."""
    rng = random.Random(seed)
    table = Table.objects.create(variant=variant, players=PLAYERS)
    for n in range(hands):
        if variant == "mcr" and n % 5 == 4:
            declarer = rng.randrange(4)
            table.add_hand(lambda pos, d=declarer: game.false_win(
                "mcr", {}, pos, game.FalseWinEntry(declarer=d, self_drawn=True)))
        else:
            table.add_hand(entry_of(variant, rng))
    first, third = table.hands.order_by("number")[:3:2]
    table.replace_hand(first.pk, first.version, entry_of(variant, rng))
    table.delete_hand(third.pk, third.version)
    return Table.objects.get(pk=table.pk)


def kept(table) -> tuple[list[str], str]:
    """Each hand's kept line, and the table's CSV (which places the hands an edit left first)."""
    csv = services.csv_export(Table.objects.get(pk=table.pk))
    return list(table.hands.order_by("number").values_list("csv_cells", flat=True)), csv


def tables() -> list[Table]:
    return [played(variant, seed) for seed, variant in
            enumerate(["shanghai", "hongkong", "riichi", "mcr", "american"])]


@pytest.mark.django_db
def test_every_hand_without_its_line_is_given_the_line_a_hand_saved_today_has():
    made = tables()
    before = [kept(table) for table in made]  # placed (the edit's later hands too) and read
    some = made[1].hands.order_by("number")[:7]
    made[1].hands.filter(pk__in=[h.pk for h in some]).update(csv_cells="")  # kept before 0009
    for table in made[2:]:
        table.hands.update(csv_cells="")
    # The migration's own function, on the models as they stand at 0011 (no method of theirs).
    apps = MigrationLoader(connection).project_state(("scoring", MIGRATION)).apps
    assert filled.fill(apps, "default") == 7 + sum(t.hands.count() for t in made[2:])
    assert [kept(table) for table in made] == before
    assert filled.fill(apps, "default") == 0  # a second run (one cut short, taken up) writes none


@pytest.mark.django_db
def test_the_tables_are_read_a_chunk_of_ids_at_a_time(monkeypatch):
    """Every table's id in one query passes PostgreSQL's 65,535 bind parameters: a chunk of
    them to a query (here 2, for 5 tables), and the same lines written."""
    made = tables()
    before = [kept(table) for table in made]
    for table in made:
        table.hands.update(csv_cells="")
    monkeypatch.setattr(filled, "CHUNK", 2, raising=False)
    read = []

    def watched(execute, sql, params, many, context):
        if sql.lstrip().startswith("SELECT") and f'FROM "{Table._meta.db_table}"' in sql:
            read.append(len(params or ()))
        return execute(sql, params, many, context)

    apps = MigrationLoader(connection).project_state(("scoring", MIGRATION)).apps
    with connection.execute_wrapper(watched):
        assert filled.fill(apps, "default") == sum(t.hands.count() for t in made)
    assert read == [2, 2, 1]
    assert [kept(table) for table in made] == before


@pytest.mark.django_db
def test_a_table_whose_later_hands_are_left_to_place_reads_as_if_it_had_kept_its_lines():
    """An early edit whose later hands were not placed yet: their lines are worked out from what
    they keep (out of date), and placing them puts them right, as it does their totals."""
    twins = [played("shanghai", 9), played("shanghai", 9)]
    for table in twins:
        first = table.hands.get(number=1)
        table.replace_hand(first.pk, first.version, lambda pos: game.quick_entry(
            "shanghai", {}, pos, game.WinEntry(winner=3, self_drawn=True, total=40)))
        assert Table.objects.get(pk=table.pk).stale_from == 2  # no answer's end placed them
    twins[0].hands.update(csv_cells="")
    filled.fill(MigrationLoader(connection).project_state(("scoring", MIGRATION)).apps,
                "default")
    assert kept(twins[0]) == kept(twins[1])


@pytest.mark.django_db(transaction=True)
def test_the_migration_runs_forwards_and_backwards():
    made = played("mcr", 3, hands=20)
    before = kept(made)
    made.hands.update(csv_cells="")
    executor = MigrationExecutor(connection)
    executor.migrate([("scoring", "0010_pao_suukantsu_house_option")])  # backwards: nothing to undo
    assert set(made.hands.values_list("csv_cells", flat=True)) == {""}
    executor = MigrationExecutor(connection)  # the graph as it is now
    executor.migrate(executor.loader.graph.leaf_nodes("scoring"))
    assert kept(made) == before
