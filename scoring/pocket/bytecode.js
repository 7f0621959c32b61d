/* The bytecode the phone runs, compiled at build time by the very Python the phone runs
   (Pyodide's, in Node, from node_modules: no network), so that a first start compiles nothing:

       node scoring/pocket/bytecode.js PACK STDLIB

   - PACK, the pack's staged files: each module.py gets its module.pyc beside it (the "legacy"
     place, where an import finds it without the source), which build.py ships in its stead;
   - STDLIB, Pyodide's python_stdlib.zip unzipped (it holds sources only: each start would
     compile every module it imports): the modules the pack imports, found by starting it here
     as the worker does (its entry imported and warmed) and importing every module of it (each
     variant is imported on its first hand), get their module.pyc the same way; their names are
     printed, one a line.

   Unchecked-hash pycs: the unpacked files' times mean nothing. Compiled with the names the
   phone's tracebacks use (/home/pyodide/pocket/..., /lib/python313.zip/...). */
"use strict";
const path = require("path");
const { loadPyodide } = require("pyodide");

async function main() {
  const pack = path.resolve(process.argv[2]), stdlib = path.resolve(process.argv[3]);
  const py = await loadPyodide();
  for (const [dir, at] of [[pack, "/pack"], [stdlib, "/std"]]) {
    py.FS.mkdirTree(at);
    py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
  }
  const compiled = py.runPython(`
import compileall, py_compile, sys
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
if not compileall.compile_dir("/pack", quiet=1, workers=1, legacy=True,
                              ddir="/home/pyodide/pocket", invalidation_mode=UNCHECKED):
    raise SystemExit("compileall failed")
sys.dont_write_bytecode = True
sys.path.insert(0, "/pack")
import importlib, pkgutil
import scoring.pocket.entry
scoring.pocket.entry.warm()
for found in pkgutil.walk_packages(["/pack/scoring"], "scoring."):
    importlib.import_module(found.name)
ZIP = "/lib/python313.zip/"
used = sorted({m.__spec__.origin[len(ZIP):] for m in list(sys.modules.values())
               if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(ZIP)
               and m.__spec__.origin.endswith(".py")})
for name in used:
    py_compile.compile("/std/" + name, cfile="/std/" + name + "c", dfile=ZIP + name,
                       doraise=True, invalidation_mode=UNCHECKED)
"\\n".join(used)`);
  process.stdout.write(compiled + "\n");
}

main().catch((error) => { console.error(error); process.exit(1); });
