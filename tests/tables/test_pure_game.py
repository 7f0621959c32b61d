"""The game of a table (scoring/tables/game.py) is pure Python, to run on the phone in Pyodide as
it runs here: it imports the engine and the standard library only, at any depth of the module,
and importing it loads no Django."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
GAME = ROOT / "scoring" / "tables" / "game.py"
# The hands a phone keeps offline are read there too, beside game (scoring/pocket/entry.py).
PENDING = ROOT / "scoring" / "tables" / "pending.py"
# The packages that importing scoring.tables.game runs first (Python imports each parent).
PARENTS = [ROOT / "scoring" / "__init__.py", ROOT / "scoring" / "tables" / "__init__.py"]


def imported(source: str) -> list[str]:
    """Every module `source` imports, at any depth of its tree (a relative import as '.x')."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "attr", getattr(node.func, "id", None))
            first = node.args[0]
            if name in ("import_module", "__import__") and isinstance(first, ast.Constant):
                found.append(str(first.value))
    return found


def allowed(module: str) -> bool:
    """The engine (scoring.engine and below) or a module of the standard library."""
    return (module == "scoring.engine" or module.startswith("scoring.engine.")
            or module.partition(".")[0] in sys.stdlib_module_names)


@pytest.mark.parametrize("source, module", [
    ("import django", "django"),
    ("from django.utils.translation import gettext", "django.utils.translation"),
    ("def f():\n    from scoring.tables import models\n", "scoring.tables"),
    ("from . import models", "."),
    ("from scoring import forms", "scoring"),
    ("import importlib\nimportlib.import_module('django.conf')", "django.conf"),
], ids=["django", "from-django", "nested-in-a-function", "relative", "scoring-not-engine",
        "import_module"])
def test_the_walker_finds_what_game_may_not_import(source, module):
    assert module in imported(source) and not allowed(module)


@pytest.mark.parametrize("module", ["csv", "dataclasses", "decimal", "itertools",
                                    "scoring.engine", "scoring.engine.variants"])
def test_the_engine_and_the_standard_library_are_allowed(module):
    assert allowed(module)


def test_game_imports_only_the_engine_and_the_standard_library():
    found = imported(GAME.read_text(encoding="utf-8"))
    assert found, "game.py imports nothing: is it still the game?"
    assert [module for module in found if not allowed(module)] == []


def test_pending_imports_game_the_engine_and_the_standard_library_only():
    source = PENDING.read_text(encoding="utf-8")
    tables = [alias.name for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.ImportFrom) and node.module == "scoring.tables"
              for alias in node.names]
    assert tables == ["game"]
    assert [module for module in imported(source)
            if not allowed(module) and module != "scoring.tables"] == []


def test_the_packages_above_game_import_nothing():
    assert [(path.name, imported(path.read_text(encoding="utf-8"))) for path in PARENTS] == [
        ("__init__.py", []), ("__init__.py", [])]


def test_importing_game_loads_no_django():
    code = ("import sys\n"
            "sys.modules['django'] = None  # any import of django now fails\n"
            "import scoring.tables.game as game\n"
            "entry = game.WinEntry(winner=1, discarder=0, total=10)\n"
            "recorded = game.record('shanghai', {}, game.start(4), entry)\n"
            "sys.exit(0 if [t.amount for t in recorded.transfers] == [10] else 1)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


def test_only_game_makes_the_engines_errors():
    # The web door adapts a HandError (services turns it into the form's message); it never
    # makes one, so no engine error carries a message translated by Django. The pure modules
    # make them: game, and pending (a phone's hand refused, in the engine's message data).
    makers = [path.name for path in sorted((ROOT / "scoring" / "tables").glob("*.py"))
              for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "HandError"]
    assert set(makers) == {"game.py", "pending.py"}
