# The hands kept before 0009 have no CSV line (csv_cells ""): each is given the line a hand
# placed today is given (models.placed, the one function that works it out, from what the hand
# keeps and the totals of the hand before it), so the CSV is a read of the hands for every table.
# One table at a time, each in its own transaction, written BATCH hands to an UPDATE: a long
# database is never locked for long, and a run cut short is taken up where it stopped (only
# hands still without a line are written). Backwards there is nothing to undo: 0009's column
# holds the lines until it is removed.

from decimal import Decimal

from django.db import migrations, transaction

from scoring.tables import game
from scoring.tables.models import placed

BATCH = 500
CHUNK = 1000  # tables read to a query: all their ids in one would pass PostgreSQL's 65,535 binds


def fill(apps, using: str) -> int:
    """Give every hand without its CSV line the line; how many were given one."""
    Table = apps.get_model("scoring", "Table")
    TableHand = apps.get_model("scoring", "TableHand")
    hands = TableHand.objects.using(using)
    tables = list(hands.filter(csv_cells="").order_by("table_id")
                  .values_list("table_id", flat=True).distinct())
    filled = 0
    for start in range(0, len(tables), CHUNK):
        for table in Table.objects.using(using).filter(
                pk__in=tables[start:start + CHUNK]).order_by("pk"):
            with transaction.atomic(using=using):
                filled += _fill_table(table, hands)
    return filled


def _fill_table(table, hands) -> int:
    stick = game.riichi_stick(table.variant)
    totals = [Decimal(0)] * len(table.players)
    lines = []
    for (pk, number, kind, winner, discarder, self_drawn, total, detail, transfers, position,
         after, cells) in hands.filter(table_id=table.pk).order_by("number").values_list(
            "pk", "number", "kind", "winner", "discarder", "self_drawn", "total", "detail",
            "transfers", "position", "totals", "csv_cells"):
        if not cells:
            lines.append(hands.model(pk=pk, csv_cells=placed(
                table.players, number, game.position_from(position), totals, stick, kind,
                winner, discarder, self_drawn, total, detail, transfers)[1]))
        totals = [Decimal(x) for x in after]
    hands.bulk_update(lines, ["csv_cells"], batch_size=BATCH)
    return len(lines)


def fill_csv_cells(apps, schema_editor):
    fill(apps, schema_editor.connection.alias)


class Migration(migrations.Migration):

    atomic = False  # a transaction per table (`fill`), not one over every table

    dependencies = [
        ("scoring", "0010_pao_suukantsu_house_option"),
    ]

    operations = [
        migrations.RunPython(fill_csv_cells, migrations.RunPython.noop),
    ]
