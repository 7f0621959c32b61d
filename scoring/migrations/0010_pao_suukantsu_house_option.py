"""Four kongs' pao moves from a Riichi table's own options into its house rules (the engine's
option pao_suukantsu), where the settle door reads it too: a table that had it on keeps it on."""

from django.db import migrations


def move(apps, source, target):
    """pao_suukantsu out of each Riichi table's `source` JSON field into its `target` one."""
    Table = apps.get_model("scoring", "Table")
    for table in Table.objects.filter(variant="riichi"):
        moved = dict(getattr(table, source) or {})
        if "pao_suukantsu" not in moved:
            continue
        setattr(table, target, {**(getattr(table, target) or {}),
                                "pao_suukantsu": bool(moved.pop("pao_suukantsu"))})
        setattr(table, source, moved)
        table.save(update_fields=["rules", "options"])


def to_rules(apps, schema_editor):
    move(apps, "options", "rules")


def to_options(apps, schema_editor):
    move(apps, "rules", "options")


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0009_hand_csv_cells'),
    ]

    operations = [
        migrations.RunPython(to_rules, to_options),
    ]
