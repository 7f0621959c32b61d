"""The scoring engine: pure Python, no Django (a test walks these imports to keep it so)."""

from .api import catalog, score, settle

__all__ = ["catalog", "score", "settle"]
