from django.urls import path

from scoring import views

urlpatterns = [
    path("", views.index, name="index"),
    path("api/score", views.api_score, name="api-score"),
    path("api/settle", views.api_settle, name="api-settle"),
    path("api/variants", views.api_variants, name="api-variants"),
]
