"""Build the pocket engine's static files (`make pocket`, docs/pocket.md) into build/static/pocket/:

- pyodide/: the runtime files of the npm package pinned in package-lock.json, as Pyodide loads
  them by name from its indexURL (so never renamed); python_stdlib.zip with the modules a start
  imports compiled (bytecode.js): Pyodide ships the standard library as sources, which each
  start compiled again (half of Pyodide's own start); the other modules stay sources, but for
  those a worker neither imports nor could use (LEFT_OUT_STDLIB: the pocket's bytes budget); and
  pyodide-lock.json with its `info` alone: the pocket loads no package, so it lists none (the
  whole index is 28 KB of the pocket's bytes);
- pack-<sha12>.zip: the Python the worker imports (scoring/engine, scoring/tables/game.py,
  scoring/pocket without this builder), the Jinja2 fragments, the compiled catalogs (locale/*.mo)
  and jinja2 + markupsafe copied from this venv (their pure-Python code: Pyodide has no C
  speedups, and markupsafe falls back by itself), each module as its bytecode compiled by the
  phone's own Python (bytecode.js: Pyodide in Node), without its source (the pocket's bytes
  budget), so the first start compiles nothing. Named by its content, so a changed pack is a
  new URL that no cache confuses with the old one.

build/pocket.json names the pack for the page (scoring.pocket.assets). The zips are
deterministic: entries sorted, fixed timestamps, unchecked-hash pycs, so the same sources give the
same name.

    python -m scoring.pocket.build
"""

import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import jinja2
import markupsafe

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "static" / "pocket"
MANIFEST = ROOT / "build" / "pocket.json"
PYODIDE = ROOT / "node_modules" / "pyodide"
# What loadPyodide fetches from its indexURL (the rest of the npm package is types, maps, demos).
STDLIB = "python_stdlib.zip"  # written with its start's modules compiled (`built`)
LOCK = "pyodide-lock.json"  # written with no package (`build`)
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", STDLIB, LOCK)
# Copied beside them, never loaded by a phone: pyodide.js names its source map, and collectstatic's
# manifest storage refuses a file whose map is missing.
BESIDE = ("pyodide.js.map",)
# Sources by the path the worker imports them as, each a directory (all of it) or one file.
SOURCES = ("scoring/__init__.py", "scoring/engine", "scoring/tables/__init__.py",
           "scoring/tables/game.py", "scoring/tables/pending.py", "scoring/pocket", "locale",
           "scoring/examples", "scoring/trainer/__init__.py", "scoring/trainer/drills.py",
           "scoring/trainer/page.py")
# The builder, the words for makemessages and the Django side of the fragments stay on the server.
LEFT_OUT = {"scoring/pocket/build.py", "scoring/pocket/assets.py", "scoring/pocket/server.py",
            "scoring/pocket/messages.py", "scoring/pocket/template_words.py"}
KEPT = (".py", ".bin", ".card", ".mo", ".jinja")
# The standard library's packages and modules left out of python_stdlib.zip (640 KB of its 3 MB,
# gzip): what a page's worker, with no sockets, processes, terminal or debugger, cannot use, and
# nothing of the pack imports (tests/test_pocket.py; the build fails if a start imports one).
LEFT_OUT_STDLIB = (
    # tests, debuggers, profilers, the REPL and other developer tools
    "unittest", "doctest", "pdb", "bdb", "pydoc", "_pyrepl", "trace", "profile", "cProfile",
    "pstats", "timeit", "tabnanny", "pyclbr", "modulefinder", "pickletools",
    # mail, XML and network protocols, servers
    "email", "mailbox", "smtplib", "imaplib", "poplib", "ftplib", "xml", "xmlrpc", "wsgiref",
    "socketserver",
    # processes
    "multiprocessing",
)
FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def _files(base: Path, relative: str):
    path = base / relative
    if not path.exists():  # scoring/tables/pending.py: the shell's, once merged
        return
    found = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    for file in found:
        name = file.relative_to(base).as_posix()
        if file.suffix in KEPT and "__pycache__" not in name and name not in LEFT_OUT:
            yield name, file


def pack_entries() -> list[tuple[str, Path]]:
    """Every file of the pack: (its name in the zip, where it is read from)."""
    entries = [e for source in SOURCES for e in _files(ROOT, source)]
    for package in (jinja2, markupsafe):
        site = Path(package.__file__).parent.parent
        entries += [(name, file) for name, file in _files(site, package.__name__)
                    if file.suffix == ".py"]
    return sorted(entries)


def stdlib_top(name: str) -> str:
    """The top-level module of a path in python_stdlib.zip: "email" for "email/parser.py"."""
    return name.split("/", 1)[0].removesuffix(".py")


def compiled(pack: Path, stdlib: Path) -> list[str]:
    """bytecode.js over the staged pack and the unzipped standard library: each pack module's
    .pyc beside it, and the standard library modules a start imports (their names)."""
    done = subprocess.run(["node", str(Path(__file__).with_name("bytecode.js")), str(pack),
                           str(stdlib)], cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"bytecode.js failed (npm ci first: make pocket):\n{done.stderr}")
    return done.stdout.split()


def zipped(folder: Path, names) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(names):
            info = zipfile.ZipInfo(name, FIXED_TIME)
            if name.endswith("/"):  # a folder's own entry, as the zip was shipped
                archive.writestr(info, b"")
                continue
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, (folder / name).read_bytes())
    return buffer.getvalue()


def built() -> tuple[bytes, bytes]:
    """(the pack, the standard library zip): each module that was compiled as its .pyc in place
    of its source."""
    with tempfile.TemporaryDirectory() as pack, tempfile.TemporaryDirectory() as stdlib:
        pack, stdlib = Path(pack), Path(stdlib)
        for name, file in pack_entries():
            (pack / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, pack / name)
        with zipfile.ZipFile(PYODIDE / STDLIB) as shipped:
            shipped.extractall(stdlib)
            stdlib_names = shipped.namelist()
        compiled_stdlib = set(compiled(pack, stdlib))
        imported_left_out = sorted(n for n in compiled_stdlib if stdlib_top(n) in LEFT_OUT_STDLIB)
        if imported_left_out:
            sys.exit(f"a start imports {', '.join(imported_left_out)}: keep it (LEFT_OUT_STDLIB)")
        pack_names = [p.relative_to(pack).as_posix() for p in pack.rglob("*")
                      if p.is_file() and p.suffix != ".py"]
        stdlib_names = [name + "c" if name in compiled_stdlib else name for name in stdlib_names
                        if stdlib_top(name) not in LEFT_OUT_STDLIB]
        return zipped(pack, pack_names), zipped(stdlib, stdlib_names)


def pack_bytes() -> bytes:
    return built()[0]


def build() -> dict:
    missing = [name for name in RUNTIME if not (PYODIDE / name).exists()]
    if missing:
        sys.exit(f"node_modules/pyodide lacks {', '.join(missing)}: run `npm ci` (make pocket).")
    runtime = OUT / "pyodide"
    runtime.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME + BESIDE:
        if name not in (STDLIB, LOCK):
            shutil.copyfile(PYODIDE / name, runtime / name)
    shipped_lock = json.loads((PYODIDE / LOCK).read_text())
    (runtime / LOCK).write_text(json.dumps({"info": shipped_lock["info"], "packages": {}}))
    data, stdlib = built()
    (runtime / STDLIB).write_bytes(stdlib)
    pack_name = f"pack-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    for old in OUT.glob("pack-*.zip"):
        if old.name != pack_name:
            old.unlink()
    (OUT / pack_name).write_bytes(data)
    version = json.loads((PYODIDE / "package.json").read_text())["version"]
    manifest = {"pack": f"pocket/{pack_name}", "runtime": "pocket/pyodide/",
                "runtime_files": list(RUNTIME), "pyodide": version}
    MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


if __name__ == "__main__":
    made = build()
    print(f"pocket: {made['pack']} ({(OUT.parent / made['pack']).stat().st_size} bytes), "
          f"Pyodide {made['pyodide']}")
