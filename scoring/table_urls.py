"""URLs of the tables: /tables/new, /tables/<view token>/..., /tables/e/<edit token>/..."""

from django.urls import path

from scoring import table_views as views

urlpatterns = [
    path("new", views.new_table, name="table-new"),
    path("e/<str:token>/", views.table_edit, name="table-edit"),
    path("e/<str:token>/win", views.add_win, name="table-win"),
    path("e/<str:token>/draw", views.add_draw, name="table-draw"),
    path("e/<str:token>/false-win", views.add_false_win, name="table-false-win"),
    path("e/<str:token>/scorer", views.from_scorer, name="table-from-scorer"),
    path("e/<str:token>/deal", views.add_deal, name="table-deal"),
    path("e/<str:token>/hands/<int:hand_id>/", views.edit_hand, name="table-hand"),
    path("e/<str:token>/hands/<int:hand_id>/delete", views.delete_hand, name="table-hand-delete"),
    path("<str:token>/", views.table_view, name="table-view"),
    path("<str:token>/settle", views.settle, name="table-settle"),
    path("<str:token>/table.csv", views.export_csv, name="table-csv"),
]
