"""URLs of the tables: /tables/new, /tables/<view token>/..., /tables/e/<edit token>/...

A token is matched by its shape (URL-safe base64, as models.new_token makes them): anything else
(a NUL byte, a quote, a space, a short guess) is a 404 before the database is asked, the same on
SQLite and PostgreSQL (which refuses a NUL in a query with an error)."""

from django.urls import path, register_converter

from scoring.tables import views
from scoring.tables.models import TOKEN


class TokenConverter:
    """Any path segment matches (so a link can always be written), but only a token's shape gets
    to a view: anything else raises ValueError, which Django answers 404."""

    regex = "[^/]+"

    def to_python(self, value):
        if not TOKEN.fullmatch(value):
            raise ValueError("not a table token")
        return value

    def to_url(self, value):
        return value


register_converter(TokenConverter, "token")

urlpatterns = [
    path("", views.your_tables, name="tables"),
    path("new", views.new_table, name="table-new"),
    path("e/<token:token>/", views.table_edit, name="table-edit"),
    path("e/<token:token>/win", views.add_win, name="table-win"),
    path("e/<token:token>/draw", views.add_draw, name="table-draw"),
    path("e/<token:token>/false-win", views.add_false_win, name="table-false-win"),
    path("e/<token:token>/scorer", views.from_scorer, name="table-from-scorer"),
    path("e/<token:token>/deal", views.add_deal, name="table-deal"),
    path("e/<token:token>/hands/<int:hand_id>/", views.edit_hand, name="table-hand"),
    path("e/<token:token>/hands/<int:hand_id>/delete", views.delete_hand,
         name="table-hand-delete"),
    path("<token:token>/", views.table_view, name="table-view"),
    path("<token:token>/score", views.table_scorer, name="table-score"),
    path("<token:token>/settle", views.settle, name="table-settle"),
    path("<token:token>/table.csv", views.export_csv, name="table-csv"),
]
