"""The scorer in the pocket: the web app manifest, the service worker and the page it shows offline.

The service worker is static/js/sw.js, served at /sw.js (the root scope, every page) with one line
put before it: `self.POCKET`, the version and what to keep. The version is a hash of every file
the pages are made of (the static files, the pocket engine's pack, the templates and the
translations): any change is a new /sw.js, so the browser installs the new worker, which keeps a
new set of caches and asks the page to offer "reload to update" (static/js/shell.js).
"""

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from scoring.engine.variants import VARIANTS

# Static files a phone never needs (licences, notes, the icon script's sources).
UNKEPT_SUFFIXES = (".md", ".txt", ".py", ".map")
POCKET_PREFIX = "pocket/"  # the pocket engine's files: listed by its own pocket_urls()
IGNORED = ["CVS", ".*", "*~"]


def _pocket_urls() -> list[str]:
    """The pocket engine's files (runtime and pack), or none where it is not built or present."""
    try:
        from scoring.pocket.assets import pocket_urls
    except ImportError:
        return []
    return list(pocket_urls())


def _static_files() -> list[tuple[str, Path]]:
    """(static path, file) of every static file the pages use, in a stable order: the project's
    own folders (STATICFILES_DIRS). The apps' are used by no page: django-htmx ships five copies
    of htmx and its extensions, 170 KB gzip that a phone would download for nothing."""
    found = {}
    for path, storage in finders.FileSystemFinder().list(IGNORED):
        if not path.endswith(UNKEPT_SUFFIXES) and path not in found:
            found[path] = Path(storage.path(path))
    return sorted(found.items())


def _sources() -> list[Path]:
    """The files the version is a hash of: static files, templates, translations."""
    files = [file for _path, file in _static_files()]
    for folder in (Path(settings.BASE_DIR) / "templates", Path(settings.BASE_DIR) / "locale"):
        files += sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".po")
    return files


def version() -> str:
    """Twelve hex digits that change whenever a file the pages are made of changes. Worked out
    again only when a file's size or time changed (one stat per file per request)."""
    files = _sources()
    stamp = tuple((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files)
    return _hash(stamp)


@lru_cache(maxsize=4)  # the latest few file sets: a development server sees them change
def _hash(stamp) -> str:
    digest = hashlib.sha256()
    for name, _size, _time in stamp:
        digest.update(name.encode() + b"\0")
        digest.update(Path(name).read_bytes())
    return digest.hexdigest()[:12]


def kept_static() -> list[str]:
    """The static URLs the worker keeps at install, as the pages name them (hashed names in
    production)."""
    urls = [static(path) for path, _file in _static_files() if not path.startswith(POCKET_PREFIX)]
    return urls + [url for url in _pocket_urls() if url not in urls]


def kept_pages() -> list[str]:
    """The pages kept at install, in the player's language (the worker asks for them with the
    phone's cookies): the scorer, and its page for each variant (the shell a permalink of that
    variant fills offline: its keyboard, its fields), every variant's pattern library, the
    trainer's pages and one drill page (the shell the pocket engine renders any drill in, sw.js
    DRILL_SHELL), the tables list, the page shown for a page not kept."""
    index = reverse("index")
    return [index, reverse("tables"), reverse("offline"), reverse("learn"), drill_shell()] + [
        f"{index}?variant={variant_id}" for variant_id in VARIANTS] + [
        reverse("patterns", args=[variant_id]) for variant_id in VARIANTS] + [
        reverse("learn-variant", args=[variant_id]) for variant_id in VARIANTS]


def drill_shell() -> str:
    """The drill page kept for every drill: the pocket renders the drill a path names into it."""
    from scoring.trainer.drills import KINDS

    return reverse("learn-drill", args=[next(iter(VARIANTS)), KINDS[0]])


KEPT_LANGUAGE_HEADER = "X-Pocket-Language"


class KeptLanguageMiddleware:
    """A page the service worker keeps for another language than the phone's (so that the
    language switch works offline, sw.js) is asked for with the X-Pocket-Language header, a
    code of settings.LANGUAGES: that request is answered in it, as if the phone had chosen it,
    with its own cookies (its CSRF token, the tables it opened). Placed after LocaleMiddleware,
    which then names the language in Content-Language."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.codes = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        asked = request.headers.get(KEPT_LANGUAGE_HEADER, "")
        if asked in self.codes:
            translation.activate(asked)
            request.LANGUAGE_CODE = asked
        response = self.get_response(request)
        patch_vary_headers(response, (KEPT_LANGUAGE_HEADER,))
        return response


@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    pocket = {"version": version(), "static": kept_static(), "pages": kept_pages(),
              "offline": reverse("offline"), "store": static("js/pending-store.js"),
              "languages": [code for code, _name in settings.LANGUAGES],
              "language_cookie": settings.LANGUAGE_COOKIE_NAME,
              "set_language": reverse("set_language"), "scorer": reverse("index"),
              "drill_shell": drill_shell()}
    source = Path(finders.find("js/sw.js")).read_text(encoding="utf-8")
    body = f"self.POCKET = {json.dumps(pocket)};\n{source}"
    return HttpResponse(body, content_type="text/javascript; charset=utf-8")


@require_safe
def manifest(request):
    return JsonResponse({
        "id": "/", "name": _("Mahjong hand scorer"), "short_name": _("Mahjong"),
        "description": _("Score a Mahjong hand, keep a whole game's score: works offline."),
        "start_url": reverse("index"), "scope": "/", "display": "standalone",
        "background_color": "#f6f3ea", "theme_color": "#2f2a20",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": static("icons/maskable-192.png"), "sizes": "192x192", "type": "image/png",
             "purpose": "maskable"},
            {"src": static("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


@require_safe
def offline(request):
    """What the worker shows for a page this phone did not keep, with no connection."""
    return render(request, "offline.html")
