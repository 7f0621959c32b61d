# The shared cache's table (mahjong_site/cache.py): made by `migrate`, so that every start
# (`make serve`, `make prod`, the test database) has it.

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True
    dependencies = []

    operations = [
        migrations.CreateModel(
            name="CacheEntry",
            fields=[
                ("cache_key", models.CharField(max_length=255, primary_key=True, serialize=False)),
                ("value", models.TextField()),
                ("expires", models.DateTimeField(db_index=True)),
            ],
            options={"db_table": "mahjong_cache"},
        ),
    ]
