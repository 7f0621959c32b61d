"""The pocket engine's Python (scoring/pocket/, docs/pocket.md): the pack holds what the worker
imports and nothing of Django, and the worker's entry, run here under CPython, answers every
request with the fragment the server sends (the same bytes) or leaves it to the server."""

import ast
import random
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

LANGUAGES = ("en", "fr", "zh-hans", "zh-hant")


# The pack ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def pack():
    return zipfile.ZipFile(BytesIO(build.pack_bytes()))


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


def test_the_pack_has_no_django_in_it(pack):
    names = pack.namelist()
    assert not [n for n in names if n.startswith("django")]
    for name in names:
        if name.endswith(".py"):
            imported = imports_of(pack.read(name).decode())
            assert not [m for m in imported if m.split(".")[0] == "django"], name


def test_every_project_import_of_the_pack_is_in_the_pack(pack):
    """What the worker imports from the project (scoring.*) and the copied jinja2/markupsafe
    resolve inside the pack; everything else is the standard library Pyodide ships."""
    names = set(pack.namelist())

    def inside(module: str) -> bool:
        path = module.replace(".", "/")
        return f"{path}.py" in names or f"{path}/__init__.py" in names

    for name in names:
        if not name.endswith(".py") or not name.startswith("scoring/"):
            continue
        for module in imports_of(pack.read(name).decode()):
            if module.split(".")[0] in ("scoring", "jinja2", "markupsafe"):
                # a `from package import name` may name a module or an attribute
                assert inside(module) or inside(module.rsplit(".", 1)[0]), (name, module)
    for needed in ("scoring/pocket/entry.py", "scoring/tables/game.py", "jinja2/__init__.py",
                   "markupsafe/__init__.py", "scoring/engine/suit_shapes.bin",
                   "scoring/engine/cards/demo.card", "scoring/pocket/templates/pocket/result.jinja",
                   "locale/fr/LC_MESSAGES/django.mo", "locale/zh_Hant/LC_MESSAGES/django.mo"):
        assert needed in names
    # the builder and the Django side of the fragments stay on the server; no compiled speedups
    assert not names & {"scoring/pocket/build.py", "scoring/pocket/assets.py",
                        "scoring/pocket/server.py"}
    assert not [n for n in names if n.endswith((".so", ".pyc", ".po"))]


def test_the_pack_is_named_by_its_content():
    assert build.pack_bytes() == build.pack_bytes()


# The same fragment from both runtimes -----------------------------------------------------------

def server_answer(client, pairs, language):
    client.cookies["django_language"] = language
    response = client.post("/", urlencode(pairs), content_type="application/x-www-form-urlencoded",
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode(), response.headers.get("HX-Replace-Url")


def assert_same(client, pairs, language="en"):
    html, replace_url = server_answer(client, pairs, language)
    answer = entry.render("/", pairs, language, page_urls(), "")
    assert answer is not None, pairs
    assert answer["html"] == html
    assert answer["replace_url"] == replace_url
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
    pairs = [("variant", "shanghai"), ("hand", "123m 456p 789s 111z 22z")]
    client.cookies["mahjong_table"] = "A" * 22
    client.cookies["house_rules"] = '{"shanghai": {"minimum_fan": 3}}'
    html, replace_url = server_answer(client, pairs, "en")
    cookie = f'mahjong_table={"A" * 22}; house_rules="{{\\"shanghai\\": {{\\"minimum_fan\\": 3}}}}"'
    answer = entry.render("/", pairs, "en", page_urls(), cookie)
    assert "Minimum 3" in html and "add-to-table" in html
    assert answer["html"] == html and answer["replace_url"] == replace_url


@pytest.mark.parametrize("pairs", [
    [("variant", "nope"), ("hand", "123m 456p 789s 111z 22z")],
    [("variant", "shanghai"), ("hand", "1m" * 200)],
    [("variant", "riichi"), ("hand", "123m 456p 789s 111z 22z"), ("honba", "x")],
    [("variant", "shanghai"), ("hand", "123m 456p 789s 111z 22z"), ("seat_wind", "Q")],
], ids=["variant", "long-hand", "honba", "wind"])
def test_what_the_form_refuses_in_its_own_words_goes_to_the_server(pairs):
    assert entry.render("/", pairs, "en", page_urls(), "") is None


def test_other_paths_go_to_the_server():
    assert entry.render("/compare", [("variant", "shanghai")], "en", page_urls(), "") is None


# The calls into the table's game ------------------------------------------------------------------

def test_running_totals_through_the_entry():
    hands = [[[1, 0, "8"], [2, 0, "8"]], [[0, 3, "2.5"]]]
    assert entry.call("running_totals", {"n_players": 4, "hands": hands}) == [
        ["16", "-8", "-8", "0"], ["13.5", "-8", "-8", "2.5"]]


def test_a_table_hand_scored_through_the_entry_sums_to_zero():
    from scoring.tables import game

    position = game.position_data(game.start(4))
    recorded = entry.call("scored", {
        "variant": "shanghai", "rules": {}, "position": position, "winner": 1, "discarder": 0,
        "self_drawn": False, "hand": "123m 456p 789s 111z 22z", "flags": {}})
    assert recorded["kind"] == "win" and recorded["total"] > 0
    assert sum(float(amount) for _, _, amount in recorded["transfers"]) != 0
    payers = {payer for payer, _, _ in recorded["transfers"]}
    assert payers == {0} and {payee for _, payee, _ in recorded["transfers"]} == {1}
    after = entry.call("advance", {"variant": "shanghai", "position": position, "winner": 1})
    assert after != position
    error = entry.call("scored", {
        "variant": "shanghai", "rules": {}, "position": position, "winner": 1, "discarder": 0,
        "self_drawn": False, "hand": "123m", "flags": {}})
    assert error["error"]["code"]


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
