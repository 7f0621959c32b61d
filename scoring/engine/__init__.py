"""The scoring engine: pure Python, no Django (a test walks these imports to keep it so)."""

from .api import analyse, catalog, score, settle

__all__ = ["analyse", "catalog", "score", "settle"]
