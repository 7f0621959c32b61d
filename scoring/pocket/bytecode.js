/* The pack's bytecode, compiled at build time by the very Python the phone runs (Pyodide's, in
   Node, from node_modules: no network), so that the worker's first start imports without
   compiling: `node scoring/pocket/bytecode.js DIR` writes __pycache__/*.cpython-3XX.pyc beside
   every .py under DIR, unchecked-hash pycs (the unpacked files' times mean nothing). */
"use strict";
const path = require("path");
const { loadPyodide } = require("pyodide");

async function main() {
  const dir = path.resolve(process.argv[2]);
  const py = await loadPyodide();
  py.FS.mkdirTree("/pack");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/pack");
  const tag = py.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/pack", quiet=1, workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compileall failed")
sys.implementation.cache_tag`);
  process.stdout.write(tag + "\n");
}

main().catch((error) => { console.error(error); process.exit(1); });
