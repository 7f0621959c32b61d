from django.urls import path

from scoring.trainer import views

urlpatterns = [
    path("", views.learn, name="learn"),
    path("<slug:variant>/", views.variant, name="learn-variant"),
    path("<slug:variant>/<slug:kind>/", views.drill, name="learn-drill"),
]
