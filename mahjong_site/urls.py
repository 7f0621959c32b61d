from django.urls import include, path

from mahjong_site import pwa

urlpatterns = [
    # The service worker's scope is the folder of its URL: at the root, it serves every page.
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline", pwa.offline, name="offline"),
    path("", include("scoring.urls")),
    path("tables/", include("scoring.tables.urls")),
    path("learn/", include("scoring.trainer.urls")),
]
