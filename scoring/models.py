"""The app's models: the tables' (scoring/tables/models.py), imported here so that Django finds
them under the app label "scoring"."""

from scoring.tables.models import Submission, Table, TableHand

__all__ = ["Submission", "Table", "TableHand"]
