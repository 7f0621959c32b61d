# A hand's kept CSV line (TableHand.csv_cells) is one text, its two words in the reader's language
# marked where they stand (game.csv_cells), so that a table's CSV is its lines read and joined,
# the words put in once over all of them: it was three texts around the two words, a JSON list,
# decoded and joined again hand by hand. Each line kept as three texts is made the one text, the
# line csv_cells writes today. One table at a time, each in its own transaction, BATCH hands to
# an UPDATE: a long database is never locked for long, and a run cut short is taken up where it
# stopped (a line already one text is left as it is). Backwards, each line is three texts again.

import json

from django.db import migrations, transaction

from scoring.tables.game import CSV_KINDS, CSV_MARK, csv_mark

BATCH = 500


def one_text(cells: str, kind: str, self_drawn: bool) -> str:
    """A line kept as three texts (["1,E,Ann", "Bob,Ann", "10,,-10,10"]) as one."""
    before, between, after = json.loads(cells)
    kind = csv_mark(kind) if kind in CSV_KINDS else kind
    return f"{before},{kind},{between},{csv_mark('yes' if self_drawn else 'no')},{after}"


def three_texts(line: str) -> str:
    """The line as it was kept before this migration: the texts between the marked words (the
    mark is in no cell)."""
    before, _kind, between, _self_drawn, after = line.split(CSV_MARK)
    return json.dumps([before[:-1], between[1:-1], after[1:]], ensure_ascii=False)


def convert(apps, using: str, backwards: bool = False) -> int:
    """Every line kept the other way made this way; how many were."""
    TableHand = apps.get_model("scoring", "TableHand")
    hands = TableHand.objects.using(using)
    # A line of three texts is a JSON list; one text starts with the hand's number.
    other = hands.filter(csv_cells__startswith="[") if not backwards else hands.exclude(
        csv_cells__startswith="[").exclude(csv_cells="")
    converted = 0
    for table in other.order_by("table_id").values_list("table_id", flat=True).distinct():
        with transaction.atomic(using=using):
            lines = [TableHand(pk=pk, csv_cells=three_texts(cells) if backwards
                               else one_text(cells, kind, self_drawn))
                     for pk, cells, kind, self_drawn in other.filter(table_id=table).values_list(
                         "pk", "csv_cells", "kind", "self_drawn")]
            hands.bulk_update(lines, ["csv_cells"], batch_size=BATCH)
            converted += len(lines)
    return converted


def forwards(apps, schema_editor):
    convert(apps, schema_editor.connection.alias)


def backwards(apps, schema_editor):
    convert(apps, schema_editor.connection.alias, backwards=True)


class Migration(migrations.Migration):

    atomic = False  # a transaction per table (`convert`), not one over every table

    dependencies = [
        ("scoring", "0012_hand_game_index"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
