"""The Chinese characters on tile faces come with the page: every character face() draws is in the
subset web font's unicode-range (site.css), the font file is the small WOFF2 its README says how to
remake, its licence sits beside it, and every page preloads the file the stylesheet asks for.
The browser side (the keys really drawn with that font) is tests/test_browser_faces.py."""

import re
from pathlib import Path

import pytest

from scoring.engine import tiles
from scoring.templatetags.mahjong import face

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "static" / "fonts"
FONT = FONTS / "tile-faces.woff2"
CSS = (ROOT / "static" / "css" / "site.css").read_text()


def is_han(char):
    return "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"


def drawn_characters():
    """Every Han character on any face, from the 43 tile kinds' markup."""
    return {char for kind in range(tiles.KINDS) for char in str(face(kind)) if is_han(char)}


def font_face_block():
    blocks = [b for b in re.findall(r"@font-face\s*{([^}]*)}", CSS) if '"Tile Faces"' in b]
    assert len(blocks) == 1, "one @font-face for the tile faces in site.css"
    return blocks[0]


def unicode_range():
    text = re.search(r"unicode-range:([^;]*);", font_face_block()).group(1)
    return {chr(int(code, 16)) for code in re.findall(r"U\+([0-9A-Fa-f]+)", text)}


def test_the_faces_draw_the_sixteen_characters_of_the_winds_dragons_flowers_and_characters():
    assert drawn_characters() == set("萬東南西北白發中梅蘭菊竹春夏秋冬")


SWITCH = set("简繁")  # the language switch names the two Chinese scripts (templates/base.html)


def test_the_font_face_covers_exactly_the_characters_the_faces_and_the_switch_draw():
    assert unicode_range() == drawn_characters() | SWITCH
    base = (ROOT / "templates" / "base.html").read_text()
    assert all(char in base for char in SWITCH)


def test_the_font_face_is_the_committed_woff2_shown_blank_rather_than_as_tofu_while_loading():
    block = font_face_block()
    assert 'url("../fonts/tile-faces.woff2") format("woff2")' in block
    assert re.search(r"font-display:\s*(block|swap)", block)
    assert re.search(r"\.tile\s*{\s*font-family:\s*\"Tile Faces\",", CSS), \
        "the tiles name the family first"
    assert re.search(r"\.lang button\s*{\s*font-family:\s*\"Tile Faces\",", CSS)
    assert CSS.count('"Tile Faces"') == 3


def test_the_font_is_a_small_woff2_with_its_licence_and_how_to_remake_it():
    data = FONT.read_bytes()
    assert data[:4] == b"wOF2"
    assert len(data) < 12_000
    licence = (FONTS / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    readme = (FONTS / "README.md").read_text()
    command = re.search(r'pyftsubset .*?--text="([^"]*)"', readme, re.S)
    assert command and set(command.group(1)) == drawn_characters() | SWITCH


def test_the_font_has_a_glyph_for_every_character_the_faces_draw():
    pytest.importorskip("brotli")  # fontTools reads WOFF2 through brotli; neither is a requirement
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ttlib.TTFont(FONT)
    cmap = font.getBestCmap()
    assert {chr(code) for code in cmap} >= drawn_characters() | SWITCH
    assert font["name"].getDebugName(13).startswith("This Font Software is licensed under the SIL")


def test_the_keyboard_script_copies_faces_from_the_keys_and_draws_none_itself():
    script = (ROOT / "static" / "js" / "scorer.js").read_text()
    assert not any(is_han(char) for char in script)
    assert "b.innerHTML = key ? key.innerHTML : code;" in script


def test_every_page_preloads_the_file_the_stylesheet_uses(client):
    html = client.get("/").content.decode()
    assert ('<link rel="preload" href="/static/fonts/tile-faces.woff2" as="font" type="font/woff2"'
            " crossorigin>") in html

