from django.urls import include, path

from scoring import views

urlpatterns = [
    path("", views.index, name="index"),
    path("patterns/<slug:variant>/", views.patterns, name="patterns"),
    path("compare", views.compare, name="compare"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/score", views.api_score, name="api-score"),
    path("api/settle", views.api_settle, name="api-settle"),
    path("api/analyse", views.api_analyse, name="api-analyse"),
    path("api/variants", views.api_variants, name="api-variants"),
    path("api/health", views.api_health, name="api-health"),
    path("api/ready", views.api_ready, name="api-ready"),
    path("api/openapi.json", views.api_openapi, name="api-openapi"),
]
