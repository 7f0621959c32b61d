"""Production's static files: whitenoise's hashed and compressed files, the project's own
scripts and stylesheets minified on the way (collectstatic).

A phone's first visit downloads the page's scripts and stylesheet before its first result;
minified, their comments and spaces (the why of the code, kept in the sources) cost it nothing:
7.8 KB gzip of the 51 KB it asked before (docs/pocket.md). Development (DEBUG) serves the sources
as they are."""

import re

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# The project's own scripts and stylesheets (static/js, static/css), not a copy already minified
# (htmx.min.js) nor the pocket engine's runtime (pocket/...: Pyodide's own files).
MINIFIED = re.compile(r"^(js/[^/]+(?<!\.min)\.js|css/[^/]+\.css)$")


def minified(name: str, text: str) -> str:
    return rcssmin.cssmin(text) if name.endswith(".css") else rjsmin.jsmin(text)


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Every file saved (collectstatic's copy, its hashed copy) minified when MINIFIED names it;
    the hash stays the source's, so it changes when the source does."""

    def _save(self, name, content):
        plain = re.sub(r"\.[0-9a-f]{12}(?=\.(js|css)$)", "", name.replace("\\", "/"))
        if MINIFIED.match(plain):
            content.seek(0)
            content = ContentFile(minified(name, content.read().decode()).encode())
        return super()._save(name, content)
