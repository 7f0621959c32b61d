"""The engine is pure Python: nothing under scoring/engine/ may import Django."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "scoring" / "engine"


def is_django(module):
    return module == "django" or module.startswith("django.")


def django_imports(source, filename="<source>"):
    """Every import of django in `source`, as (line, text), at any depth of the tree."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names if is_django(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and is_django(node.module):
                found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            first = node.args[0]
            if (
                name in ("import_module", "__import__")
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and is_django(first.value)
            ):
                found.append((node.lineno, f"{name}({first.value!r})"))
    return found


def engine_files():
    return sorted(ENGINE.rglob("*.py"))


@pytest.mark.parametrize(
    "source",
    [
        "import django",
        "import os, django.conf as conf",
        "from django.http import JsonResponse",
        "def f():\n    if True:\n        from django import forms\n",
        "try:\n    import django.db\nexcept ImportError:\n    pass\n",
        "import importlib\nimportlib.import_module('django.conf')",
        "__import__('django')",
    ],
    ids=["plain", "in-a-list", "from", "nested-in-function", "in-try", "import_module", "dunder"],
)
def test_the_walker_catches_every_way_of_importing_django(source):
    assert django_imports(source)


@pytest.mark.parametrize("source", ["import djangoish", "from .django import x", "import os"])
def test_the_walker_leaves_other_imports_alone(source):
    assert django_imports(source) == []


def test_the_engine_exists():
    assert engine_files(), f"no Python files under {ENGINE}"


def django_importers(paths) -> list[str]:
    """Each line of these files that imports Django, as 'path:line: text'."""
    return [f"{path.relative_to(ROOT)}:{line}: {text}"
            for path in paths
            for line, text in django_imports(path.read_text(encoding="utf-8"), str(path))]


def test_no_engine_module_imports_django():
    assert django_importers(engine_files()) == []


def assert_runs_clean(code: str) -> None:
    """Run `code` in a fresh Python from the project root: it must exit 0."""
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys, scoring.engine\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    assert_runs_clean(code)


# The command-line doors start without Django (manage.py runs scoring.cli before importing it):
# these modules must stay Django-free as well, and so must everything they import.
CLI_MODULES = [ROOT / "scoring" / name for name in ("__init__.py", "cli.py", "doors.py",
                                                   "breakdown.py")]


def test_no_command_line_module_imports_django():
    assert django_importers(CLI_MODULES) == []


def test_scoring_cli_imports_and_scores_with_django_blocked():
    code = (
        "import sys\n"
        "sys.modules['django'] = None  # any import of django now fails\n"
        "import io, json, scoring.cli\n"
        "line = json.dumps({'variant': 'shanghai', 'hand': '234m567p22s[EEE][789p]+2s'})\n"
        "out = io.StringIO()\n"
        "scoring.cli.run_alone('score', ['--jsonl'], io.StringIO(line), out, sys.stderr)\n"
        "sys.exit(0 if json.loads(out.getvalue())['ok'] else 1)\n"
    )
    assert_runs_clean(code)
