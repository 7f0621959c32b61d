"""The pocket engine's static files as the page names them (Django side; not in the pack): the
data the page carries for it (templates/pocket/_script.html) and the list a service worker
caches."""

import json
from functools import lru_cache

from django.conf import settings
from django.templatetags.static import static

from scoring.pocket.server import page_urls


@lru_cache(maxsize=1)
def _manifest() -> dict | None:
    """build/pocket.json (scoring/pocket/build.py), or None when the pack was not built."""
    path = settings.BASE_DIR / "build" / "pocket.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def runtime_url() -> str:
    """Pyodide's indexURL: the folder of its files, which it loads by their own names."""
    made = _manifest()
    return static(made["runtime"] + "pyodide.js").rsplit("/", 1)[0] + "/"


def pocket_urls() -> list[str]:
    """Every URL the pocket engine loads (scripts, runtime, pack); [] when it was not built."""
    made = _manifest()
    if made is None:
        return []
    runtime = runtime_url()
    return ([static("js/pocket.js"), static("js/pocket-worker.js")]
            + [runtime + name for name in made["runtime_files"]] + [static(made["pack"])])


def script_data() -> dict | None:
    """The page's data for the pocket engine (a JSON data block, read by scorer.js's loader and
    pocket.js), or None: nothing when the pack was not built."""
    made = _manifest()
    if made is None:
        return None
    return {"src": static("js/pocket.js"), "worker": static("js/pocket-worker.js"),
            "runtime": runtime_url(), "pack": static(made["pack"]),
            "urls": page_urls(), "assets": pocket_urls()}
