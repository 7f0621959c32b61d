# A hand played at a table is a TableHand (the engine has its own Hand): the model is renamed, its
# rows kept (the table scoring_hand is renamed scoring_tablehand).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0004_table_dealer_keeps_deal_on_win"),
    ]

    operations = [
        migrations.RenameModel("Hand", "TableHand"),
    ]
