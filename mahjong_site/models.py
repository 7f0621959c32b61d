"""The site's own tables (not the scorer's): the shared cache's (mahjong_site/cache.py)."""

from django.db import models

from mahjong_site.cache import TABLE


class CacheEntry(models.Model):
    """A row of Django's database cache, with the columns `createcachetable` would make: as a
    model it is created by `migrate` (nothing extra to run) and emptied by a test's flush."""

    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = TABLE
