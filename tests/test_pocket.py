"""The pocket engine's Python (scoring/pocket/, docs/pocket.md): the pack holds what the worker
imports and nothing of Django, and the worker's entry, run here under CPython, answers every
request with the fragment the server sends (the same bytes) or leaves it to the server."""

import ast
import random
import re
import zipfile
from io import BytesIO
from urllib.parse import parse_qsl, urlencode

import pytest

from scoring.engine import randomhands
from scoring.engine.notation import format_hand, parse
from scoring.engine.variants import VARIANTS
from scoring.examples import example_query, examples_for
from scoring.pocket import build, entry
from scoring.pocket.server import page_urls
from scoring.tables.models import Table

LANGUAGES = ("en", "fr", "zh-hans", "zh-hant")


# The pack ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def pack_data():
    return build.pack_bytes()  # ~5 s and more: the bytecode is compiled by Pyodide in Node


@pytest.fixture(scope="module")
def pack(pack_data):
    return zipfile.ZipFile(BytesIO(pack_data))


def imports_of(source: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            found.add("." * node.level + (node.module or ""))
    return found


def sources() -> dict[str, str]:
    """The pack's modules as they were before compiling (the pack holds their bytecode)."""
    return {name: file.read_text(encoding="utf-8") for name, file in build.pack_entries()
            if name.endswith(".py")}


def test_the_pack_has_no_django_in_it(pack):
    names = pack.namelist()
    assert not [n for n in names if n.startswith("django")]
    for name, source in sources().items():
        imported = imports_of(source)
        assert not [m for m in imported if m.split(".")[0] == "django"], name


def test_every_project_import_of_the_pack_is_in_the_pack(pack):
    """What the worker imports from the project (scoring.*) and the copied jinja2/markupsafe
    resolve inside the pack; everything else is the standard library Pyodide ships."""
    names = set(pack.namelist())

    def inside(module: str) -> bool:
        path = module.replace(".", "/")
        return f"{path}.pyc" in names or f"{path}/__init__.pyc" in names

    for name, source in sources().items():
        if not name.startswith("scoring/"):
            continue
        for module in imports_of(source):
            if module.split(".")[0] in ("scoring", "jinja2", "markupsafe"):
                # a `from package import name` may name a module or an attribute
                assert inside(module) or inside(module.rsplit(".", 1)[0]), (name, module)
    for needed in ("scoring/pocket/entry.pyc", "scoring/tables/game.pyc", "jinja2/__init__.pyc",
                   "markupsafe/__init__.pyc", "scoring/engine/suit_shapes.bin",
                   "scoring/engine/cards/demo.card", "scoring/pocket/templates/pocket/result.jinja",
                   "locale/fr/LC_MESSAGES/django.mo", "locale/zh_Hant/LC_MESSAGES/django.mo"):
        assert needed in names
    # the builder and the Django side of the fragments stay on the server; no compiled speedups
    assert not names & {"scoring/pocket/build.py", "scoring/pocket/assets.py",
                        "scoring/pocket/server.py"}
    assert not [n for n in names if n.endswith((".so", ".po"))]


def unchecked_313(code: bytes) -> bool:
    """A .pyc of Python 3.13 (Pyodide 0.29's), unchecked-hash (flags 0b01: the unpacked files'
    times mean nothing)."""
    return (code[:4] == (3571).to_bytes(2, "little") + b"\r\n"
            and int.from_bytes(code[4:8], "little") == 0b01)


def test_every_module_comes_as_the_phones_bytecode(pack):
    """The worker's Python (3.13 in Pyodide 0.29) imports without compiling: each module of the
    pack is its .pyc, in the module's own place (the source is left out: the bytes budget)."""
    names = set(pack.namelist())
    modules = [name for name, _file in build.pack_entries() if name.endswith(".py")]
    assert modules and not [n for n in names if n.endswith(".py")]
    for module in modules:
        assert unchecked_313(pack.read(module + "c")), module
    assert len([n for n in names if n.endswith(".pyc")]) == len(modules)


def test_the_standard_library_a_start_imports_is_compiled():
    """The runtime's python_stdlib.zip: the modules a start imports as bytecode (Pyodide ships
    sources only, compiled again at each start), every other module as Pyodide shipped it."""
    made = zipfile.ZipFile(build.OUT / "pyodide" / build.STDLIB)
    shipped = zipfile.ZipFile(build.PYODIDE / build.STDLIB)
    names = set(made.namelist())
    for module in ("json/decoder", "gettext", "re/_parser", "decimal", "asyncio/events",
                   "dataclasses"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
        assert unchecked_313(made.read(f"{module}.pyc")), module
    assert "tkinter/__init__.py" in names or "argparse.py" in names  # not imported: a source
    kept = {n for n in shipped.namelist() if build.stdlib_top(n) not in build.LEFT_OUT_STDLIB}
    assert {n[:-1] if n.endswith(".pyc") else n for n in names} == kept
    assert "email/parser.py" not in names and "unittest/mock.py" not in names


def test_the_pack_imports_nothing_left_out_of_the_standard_library():
    """No module of the pack (jinja2 and markupsafe included) imports, anywhere in its code, a
    standard library module that build.LEFT_OUT_STDLIB keeps off the phone."""
    found = []
    for name, file in build.pack_entries():
        if not name.endswith(".py"):
            continue
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                modules = [node.module]
            else:
                continue
            found += [(name, m) for m in modules if m.split(".")[0] in build.LEFT_OUT_STDLIB]
    assert not found
    assert {"email", "unittest", "xml"} <= set(build.LEFT_OUT_STDLIB)


def test_the_served_pack_is_this_pack(pack_data):
    """build/pocket.json names the pack of the sources as they are (make pocket), and the same
    sources give the same bytes."""
    import hashlib
    import json

    made = json.loads(build.MANIFEST.read_text())
    assert made["pack"] == f"pocket/pack-{hashlib.sha256(pack_data).hexdigest()[:12]}.zip"


# The same fragment from both runtimes -----------------------------------------------------------

def server_answer(client, pairs, language, with_cookie=False):
    client.cookies["django_language"] = language
    response = client.post("/", urlencode(pairs), content_type="application/x-www-form-urlencoded",
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    answer = response.content.decode(), response.headers.get("HX-Replace-Url")
    if with_cookie:
        kept = response.cookies.get("house_rules")
        return (*answer, kept.value if kept else None)
    return answer


def cookie_value(set_cookie):
    """The value a Set-Cookie string gives (None for none)."""
    from http.cookies import SimpleCookie

    if set_cookie is None:
        return None
    return SimpleCookie(set_cookie)["house_rules"].value


def assert_same(client, pairs, language="en"):
    client.cookies.pop("house_rules", None)
    html, replace_url, kept = server_answer(client, pairs, language, with_cookie=True)
    answer = entry.render("/", pairs, language, page_urls(), "")
    assert answer is not None, pairs
    assert answer["html"] == html
    assert answer["replace_url"] == replace_url
    assert cookie_value(answer["cookie"]) == kept  # the house rules remembered alike
    return html


def example_pairs():
    for variant in VARIANTS:
        for pattern_id, example in sorted(examples_for(variant).items()):
            yield pytest.param(variant, parse_qsl(example_query(variant, *example)),
                               id=f"{variant}-{pattern_id}")


@pytest.mark.django_db
@pytest.mark.parametrize(("variant", "pairs"), list(example_pairs()))
def test_every_example_scores_the_same_in_the_phone(client, variant, pairs):
    html = assert_same(client, pairs, LANGUAGES[len(pairs) % len(LANGUAGES)])
    assert 'class="score"' in html or "error" in html


def thirteen(hand: str) -> str:
    parsed = parse(hand)
    if parsed.groups or len(parsed.concealed) < 14:
        return ""
    concealed = list(parsed.concealed)
    concealed.remove(parsed.winning if parsed.winning is not None else concealed[-1])
    return format_hand(parsed._replace(concealed=tuple(concealed), winning=None))


@pytest.mark.django_db
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_and_thirteen_tile_hands_the_same_in_the_phone(client, variant):
    rng = random.Random(variant)
    hands = randomhands.corpus(len(variant), 8)
    waits_seen = 0
    for i, hand in enumerate(hands):
        language = LANGUAGES[i % len(LANGUAGES)]
        context = [("seat_wind", rng.choice("ESWN")), ("self_drawn", "on")] if i % 2 else []
        assert_same(client, [("variant", variant), ("hand", hand)] + context, language)
        short = thirteen(hand)
        if short:
            html = assert_same(client, [("variant", variant), ("hand", short)], language)
            waits_seen += "waits-list" in html
    if variant != "american":  # random Chinese hands are on no line of the card
        assert waits_seen


@pytest.mark.django_db
@pytest.mark.parametrize("pairs", [
    [("variant", "shanghai"), ("hand", "123m 456p 789s 111z 2z2")],         # notation
    [("variant", "shanghai"), ("hand", "123m 456p")],                       # too few tiles
    [("variant", "shanghai"), ("hand", "")],                                # nothing yet
    [("variant", "sichuan"), ("hand", "123m 456p 789s 111z 22z")],          # honors in Sichuan
    [("variant", "riichi"), ("hand", "123m 456p 789s 111z 22z"), ("riichi-red_fives", "2")],
    [("variant", "shanghai"), ("hand", "123m 456p 789s 111z 22z"), ("shanghai-minimum_fan", "-3")],
    [("variant", "american"), ("hand", "2222m 44m 666s 88s 666z"), ("american-card", "x: 12")],
    [("variant", "american"), ("hand", "2222m 44m 666s 88s 666z"), ("line", "nope")],
    [("variant", "mcr"), ("hand", "123m 456p 789s 111z 55s"), ("discarder", "E"),
     ("seat_wind", "E")],
], ids=["notation", "short", "empty", "sichuan-honors", "riichi-rule", "negative-minimum",
        "bad-card", "unknown-line", "discarder-is-winner"])
def test_errors_read_the_same_in_the_phone(client, pairs):
    for language in LANGUAGES:
        assert_same(client, pairs, language)


@pytest.mark.django_db
def test_a_table_cookie_and_remembered_rules_read_the_same(client):
    """The server finds the table of "Add to" from its cookie and writes it on the page; the
    phone is given that (pocket.js reads #result's data): the same button, but for its one-time
    key, a new one at each drawing."""
    table = Table.objects.create(name="Thé & <b>", variant="shanghai", players=["A", "B", "C", "D"])
    pairs = [("variant", "shanghai"), ("hand", "123m 456p 789s 111z 22z")]
    client.cookies["mahjong_table"] = table.edit_token
    client.cookies["house_rules"] = '{"shanghai": {"minimum_fan": 3}}'
    html, replace_url = server_answer(client, pairs, "en")
    cookie = 'house_rules="{\\"shanghai\\": {\\"minimum_fan\\": 3}}"'
    answer = entry.render("/", pairs, "en", page_urls(), cookie,
                          table={"token": table.edit_token, "name": table.name})
    assert "Minimum 3" in html and "add-to-table" in html and "add-here" in html
    assert "Add to Thé &amp; &lt;b&gt;" in html
    keys = re.compile(r"&#34;once&#34;: &#34;[0-9a-f]{32}&#34;|\"once\": \"[0-9a-f]{32}\"")
    assert len(keys.findall(html)) == 1
    assert keys.sub("once", answer["html"]) == keys.sub("once", html)
    assert answer["replace_url"] == replace_url
    # Without a table, neither offers one.
    client.cookies.pop("mahjong_table")
    html, _url = server_answer(client, pairs, "en")
    assert "add-here" not in html and "Keep the score of a whole game" in html
    assert entry.render("/", pairs, "en", page_urls(), cookie)["html"] == html


@pytest.mark.parametrize("pairs", [
    [("variant", "nope"), ("hand", "123m 456p 789s 111z 22z")],
    [("variant", "shanghai"), ("hand", "1m" * 200)],
    [("variant", "riichi"), ("hand", "123m 456p 789s 111z 22z"), ("honba", "x")],
    [("variant", "shanghai"), ("hand", "123m 456p 789s 111z 22z"), ("seat_wind", "Q")],
], ids=["variant", "long-hand", "honba", "wind"])
def test_what_the_form_refuses_in_its_own_words_goes_to_the_server(pairs):
    assert entry.render("/", pairs, "en", page_urls(), "") is None


def test_other_paths_go_to_the_server():
    assert entry.render("/tables/new", [("variant", "shanghai")], "en", page_urls(), "") is None


# The calls into the table's game ------------------------------------------------------------------

def test_the_fragments_words_are_where_makemessages_finds_them():
    """scoring/pocket/template_words.py is the templates' words as they are now (regenerate it
    with `python -m scoring.pocket.messages`), and each is in every catalog."""
    import gettext

    from scoring.pocket import messages

    assert messages.OUT.read_text() == messages.text()
    for catalog in build.ROOT.glob("locale/*/LC_MESSAGES/django.mo"):
        compiled = gettext.GNUTranslations(catalog.open("rb"))._catalog
        for _template, function, words in messages.extracted():
            key = words[0] if function != "ngettext" else (words[0], 0)
            assert key in compiled, (catalog.parts[-3], words)


@pytest.mark.django_db
@pytest.mark.parametrize("query", [
    "variant=shanghai&hand=123m+456p+789s+111z+22z&seat_wind=S&self_drawn=on",
    "variant=riichi&hand=234m+567p+123s+789s+11m+%2B2s&riichi=on&riichi-red_fives=1",
    "variant=mcr&hand=123m+456p+789s+111z+2z",  # 13 tiles
    "variant=sichuan&hand=123m+456p+789s+111z+22z",  # honors: Sichuan refuses the hand
    "variant=shanghai&hand=123m+4x",  # bad notation
    "variant=american&hand=2222m+44m+666s+88s+666z&american-card=demo",
])
def test_compare_reads_the_same_in_the_phone(client, query):
    pairs = parse_qsl(query, keep_blank_values=True)
    for language in ("en", "zh-hant"):
        client.cookies["django_language"] = language
        page = client.get(f"/compare?{query}").content.decode()
        answer = entry.render("/compare", pairs, language, page_urls(), "")
        content = page.split('<div class="pocket-page" data-page="compare">', 1)[1]
        assert content.startswith(answer["html"] + "</div>")
        assert answer["html"].count("<li data-variant=") == len(VARIANTS)


def test_collectstatic_with_production_settings_serves_the_pocket(tmp_path):
    """The production build (CI runs it) takes the runtime under its own names (Pyodide loads
    them by name) beside their hashed copies, and the pack; WhiteNoise serves .wasm as
    application/wasm (a browser refuses to stream-compile anything else)."""
    import json
    import secrets
    import subprocess
    import sys

    from whitenoise.media_types import MediaTypes

    env = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_STATIC_ROOT": str(tmp_path),
           "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput"],
                          cwd=build.ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    made = json.loads(build.MANIFEST.read_text())
    for name in made["runtime_files"]:
        assert (tmp_path / made["runtime"] / name).is_file()
    assert (tmp_path / made["pack"]).is_file()
    assert (tmp_path / made["runtime"] / "pyodide.asm.wasm.gz").is_file()  # served compressed
    assert MediaTypes().get_type("pyodide.asm.wasm") == "application/wasm"
