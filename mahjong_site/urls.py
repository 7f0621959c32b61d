from django.urls import include, path

urlpatterns = [
    path("", include("scoring.urls")),
    path("tables/", include("scoring.tables.urls")),
]
