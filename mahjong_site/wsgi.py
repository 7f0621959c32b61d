"""WSGI entry point, for gunicorn: `gunicorn mahjong_site.wsgi`."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")


def freeze_start_up() -> None:
    """Load every view (the URL resolver imports them, and with them the engine's pattern tables),
    then move what start-up made out of the garbage collector's sight (`gc.freeze`): those objects
    live as long as the process, and each full collection would walk all of them again (about
    70,000: the MCR board of 2,000 hands met one in about 100 requests, 60 to 199 ms unfrozen,
    3 ms frozen; docs/deployment.md)."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - read for its import of every view
    gc.freeze()


application = get_wsgi_application()
freeze_start_up()
