"""Four kongs' pao moves from a Riichi table's own options into its house rules (the engine's
option pao_suukantsu), where the settle door reads it too: a table that had it on keeps it on."""

from django.db import migrations


def to_rules(apps, schema_editor):
    Table = apps.get_model("scoring", "Table")
    for table in Table.objects.filter(variant="riichi"):
        options = dict(table.options or {})
        if "pao_suukantsu" not in options:
            continue
        on = options.pop("pao_suukantsu")
        table.rules = {**(table.rules or {}), "pao_suukantsu": bool(on)}
        table.options = options
        table.save(update_fields=["rules", "options"])


def to_options(apps, schema_editor):
    Table = apps.get_model("scoring", "Table")
    for table in Table.objects.filter(variant="riichi"):
        rules = dict(table.rules or {})
        if "pao_suukantsu" not in rules:
            continue
        table.options = {**(table.options or {}), "pao_suukantsu": bool(rules.pop("pao_suukantsu"))}
        table.rules = rules
        table.save(update_fields=["rules", "options"])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0009_hand_csv_cells'),
    ]

    operations = [
        migrations.RunPython(to_rules, to_options),
    ]
