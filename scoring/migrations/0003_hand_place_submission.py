# Each hand keeps the position before it and the totals after it (filled in here for the hands
# already stored); the one-time keys of the forms that wrote (Submission); a hand scored from the
# scorer no longer keeps a pasted American card in its link (the table has the card).

from decimal import Decimal
from urllib.parse import parse_qsl, urlencode

import django.db.models.deletion
from django.db import migrations, models

from scoring.tables import game as tables


def place_hands(apps, schema_editor):
    Table = apps.get_model("scoring", "Table")
    Hand = apps.get_model("scoring", "Hand")
    for table in Table.objects.all().iterator():
        hands = list(Hand.objects.filter(table=table).order_by("number"))
        n = len(table.players)
        found = tables.positions(table.variant, n, [h.winner for h in hands])
        totals = [Decimal(0)] * n
        for hand, position in zip(hands, found, strict=False):
            moved = [tables.Transfer(a, b, Decimal(x)) for a, b, x in hand.transfers]
            totals = [a + b for a, b in zip(totals, tables.net_of(moved, n), strict=True)]
            hand.position = tables.position_data(position)
            hand.totals = [tables.show(x) for x in totals]
            query = hand.detail.get("query")
            if query and "american-card=" in query:
                hand.detail["query"] = urlencode([(k, v) for k, v in parse_qsl(query)
                                                  if k != "american-card"])
        Hand.objects.bulk_update(hands, ["position", "totals", "detail"])


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0002_hand_kind_false_win"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="position",
            field=models.JSONField(default=dict),
        ),
        migrations.AddField(
            model_name="hand",
            name="totals",
            field=models.JSONField(default=list),
        ),
        migrations.CreateModel(
            name="Submission",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("key", models.UUIDField(unique=True)),
                ("posted_to", models.CharField(blank=True, max_length=43)),
                ("target", models.CharField(max_length=200)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("hand", models.ForeignKey(blank=True, null=True,
                                           on_delete=django.db.models.deletion.SET_NULL,
                                           related_name="+", to="scoring.hand")),
                ("table", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="submissions", to="scoring.table")),
            ],
        ),
        migrations.RunPython(place_hands, migrations.RunPython.noop),
    ]
