"""The edit page's two links: each with a share button (scorer.js's `button.share`) and a QR code
drawn server-side as inline SVG by segno; the write link's QR only behind a tap (a <details>)."""

import re

import pytest
import segno

from scoring.tables.models import Table
from scoring.tables.templatetags import qr_svg

pytestmark = pytest.mark.django_db

SVG = re.compile(r"<svg\b.*?</svg>", re.S)


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="hongkong",
                                players=["Ann", "Bob", "Cy", "Di"])


def matrix_of(svg: str) -> list[list[int]]:
    """Read segno's drawing back into modules: its one dark path is runs of 'h' moves on rows
    ('M x y.5' starts, 'm dx dy' moves, 'hN' draws N dark modules), quiet zone included."""
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for dx in range(int(a)):
                grid[int(y)][int(x) + dx] = 1
            x += int(a)
    return grid


def matrix_of_code(url: str, border: int = 4) -> list[list[int]]:
    code = segno.make(url, micro=False)
    return [[1 if dark else 0 for dark in row] for row in code.matrix_iter(border=border)]


def test_qr_svg_has_no_style_no_declaration_and_the_svg_namespace():
    svg = qr_svg("http://testserver/tables/abcdefghijklmnopqrstuvwx/")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert "style" not in svg and "<?xml" not in svg and "\n" not in svg
    assert "abcdefghijklmnopqrstuvwx" not in svg  # the drawing, not the link's text


def test_the_drawing_is_segnos_code_for_the_link_module_for_module():
    url = "http://testserver/tables/abcdefghijklmnopqrstuvwx/"
    assert matrix_of(qr_svg(url)) == matrix_of_code(url)
    assert matrix_of(qr_svg(url)) != matrix_of_code(url + "x")


def test_edit_page_shows_both_links_with_share_buttons_and_qr_codes(client, table):
    html = client.get(f"/tables/e/{table.edit_token}/").content.decode()
    view_url = f"http://testserver/tables/{table.view_token}/"
    edit_url = f"http://testserver/tables/e/{table.edit_token}/"
    assert f'data-share="/tables/{table.view_token}/"' in html
    assert f'data-share="/tables/e/{table.edit_token}/"' in html
    assert html.count('class="shared" role="status"') == 2
    view_at, edit_at = html.index('link-box view-link'), html.index('link-box edit-link')
    view_box, edit_box = html[view_at:edit_at], html[edit_at:html.index('class="new-link"')]
    view_svg, edit_svg = SVG.search(view_box).group(0), SVG.search(edit_box).group(0)
    assert matrix_of(view_svg) == matrix_of_code(view_url)
    assert matrix_of(edit_svg) == matrix_of_code(edit_url)
    # The write link's code only after a tap: inside the <details>, not before it.
    details = edit_box[edit_box.index("<details"):edit_box.index("</details>")]
    assert edit_svg in details and edit_svg not in edit_box[:edit_box.index("<details")]
    assert "<details" not in view_box
    assert 'style="' not in html


def test_look_only_page_has_no_qr_code_and_no_write_link(client, table):
    html = client.get(f"/tables/{table.view_token}/").content.decode()
    assert "<svg" not in html
    assert table.edit_token not in html
    assert f'data-share="/tables/{table.view_token}/"' in html


def test_the_board_fragment_under_htmx_keeps_the_codes(client, table):
    html = client.get(f"/tables/e/{table.edit_token}/", headers={"HX-Request": "true"})
    html = html.content.decode()
    assert html.count("<svg") == 2 and "<details class=\"qr-reveal\">" in html
