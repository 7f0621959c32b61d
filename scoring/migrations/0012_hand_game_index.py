# Each hand keeps its game beside its position (TableHand.game_index, under an index with its
# table), so that an MCR table's games are counted without reading every hand's position. The
# hands kept before are given it from their position (the game is 0 but at a table that plays its
# games one after another). One table at a time, each in its own transaction: a long database is
# never locked for long, and a run cut short is taken up where it stopped (only hands still at 0
# whose position says otherwise are written). Backwards, the column goes, and its values with it.

from django.db import migrations, models, transaction
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast


def fill(apps, using: str) -> int:
    """Give every hand whose game is not yet kept its game; how many were given one."""
    TableHand = apps.get_model("scoring", "TableHand")
    unkept = TableHand.objects.using(using).filter(game_index=0, position__game__gt=0)
    filled = 0
    for table in unkept.order_by("table_id").values_list("table_id", flat=True).distinct():
        with transaction.atomic(using=using):
            filled += unkept.filter(table_id=table).update(game_index=Cast(
                KeyTextTransform("game", "position"), models.PositiveIntegerField()))
    return filled


def fill_game_index(apps, schema_editor):
    fill(apps, schema_editor.connection.alias)


class Migration(migrations.Migration):

    atomic = False  # a transaction per table (`fill`), not one over every table

    dependencies = [
        ("scoring", "0011_hand_csv_cells_filled"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablehand",
            name="game_index",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddIndex(
            model_name="tablehand",
            index=models.Index(fields=["table", "game_index"], name="hand_game_per_table"),
        ),
        migrations.RunPython(fill_game_index, migrations.RunPython.noop),
    ]
