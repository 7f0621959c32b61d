"""The scorer in the pocket, server side (mahjong_site/pwa.py): the manifest that makes it
installable, the service worker at the root with what it keeps and the version that changes
with every file the pages are made of, the icons drawn by tools/make_icons.py, the page shown
for a page not kept, and what every page carries (the manifest link, the connection badge, the
update notice) under the strict Content Security Policy."""

import json
import struct
import sys
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from mahjong_site import pwa
from scoring.engine.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent


def worker_data(client):
    response = client.get("/sw.js")
    first, _newline, rest = response.content.decode().partition("\n")
    assert first.startswith("self.POCKET = ") and first.endswith(";")
    return response, json.loads(first[len("self.POCKET = "):-1]), rest


def test_the_worker_is_served_at_the_root_never_cached_with_its_source(client):
    response, pocket, source = worker_data(client)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    assert source == (ROOT / "static/js/sw.js").read_text()
    assert pocket["version"] == pwa.version() and len(pocket["version"]) == 12


def test_the_worker_keeps_every_page_a_phone_needs_offline(client):
    _response, pocket, _source = worker_data(client)
    pages = pocket["pages"]
    assert {"/", "/tables/", "/offline"} <= set(pages)
    assert {f"/patterns/{v}/" for v in VARIANTS} <= set(pages)
    for page in pages:
        assert client.get(page).status_code == 200, page
    kept = set(pocket["static"])
    for path in ("css/site.css", "css/tables.css", "js/htmx.min.js", "js/scorer.js",
                 "js/shell.js", "js/table-tap.js", "js/tile-picker.js", "js/american-card.js",
                 "js/tables-offline.js", "js/pending-store.js",
                 "fonts/tile-faces.woff2", "icons/icon-32.png", "icons/icon-192.png",
                 "icons/maskable-512.png"):
        assert f"/static/{path}" in kept, path
    assert not [url for url in kept if url.endswith((".md", ".txt", ".py"))]
    assert pocket["store"] == "/static/js/pending-store.js"
    from scoring.pocket.assets import pocket_urls
    assert set(pocket_urls()) <= kept  # the pocket engine's runtime and pack, when built


def test_the_version_changes_when_a_static_file_changes(tmp_path, settings):
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, tmp_path]
    finders.get_finder.cache_clear()
    (tmp_path / "extra.css").write_text("a { color: red; }")
    before = pwa.version()
    assert pwa.version() == before  # the same files, the same version
    (tmp_path / "extra.css").write_text("a { color: blue; }")
    assert pwa.version() != before
    (tmp_path / "extra.css").unlink()
    assert pwa.version() != before


def test_the_manifest_makes_it_installable(client):
    response = client.get(reverse("manifest"))
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert manifest["theme_color"] and manifest["background_color"]
    found = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert found == {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"),
                     ("512x512", "maskable")}
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        data = Path(path).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_the_icons_are_the_scripts_drawing():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_icons
    finally:
        sys.path.pop(0)
    committed = (ROOT / "static/icons/maskable-192.png").read_bytes()
    assert make_icons.png(192, maskable=True) == committed
    # The maskable icon fills its square (a launcher's mask cuts the corners); the other keeps
    # transparent corners of its own.
    assert make_icons.colour_at(0.01, 0.01, maskable=True) == make_icons.BROWN
    assert make_icons.colour_at(0.01, 0.01, maskable=False) is None


def test_the_page_for_a_page_not_kept(client):
    response = client.get(reverse("offline"))
    assert response.status_code == 200
    assert b"not kept on this phone" in response.content


@pytest.mark.parametrize("path", ["/", "/tables/", "/patterns/riichi/"])
def test_every_page_carries_the_shell_and_stays_under_the_csp(client, path):
    response = client.get(path)
    page = response.content.decode()
    assert f'<link rel="manifest" href="{reverse("manifest")}">' in page
    assert 'id="network"' in page and 'data-probe="/api/health"' in page
    assert 'id="update"' in page and "hidden" in page.split('id="update"')[1][:40]
    assert 'data-worker="/sw.js"' in page
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    # Without JavaScript neither the badge nor the notice shows (both start hidden).
    assert 'id="network" class="network" role="status" hidden' in page
