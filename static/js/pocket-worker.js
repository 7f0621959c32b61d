/* The pocket engine's worker: Pyodide runs the project's own Python (the pack built by
   scoring/pocket/build.py) and answers the page's questions. It only moves text: every rule,
   word and tag comes from scoring/pocket/entry.py. Messages in: {op: "init", runtime, pack} once,
   then {id, op: "render" | "call", text} (JSON for entry.render_json / call_json); out:
   {op: "ready", ms, steps} or {op: "failed", error}, then {id, ok, text | error}. */
/* global importScripts, loadPyodide */
"use strict";

var HOME = "/home/pyodide/";
var entry = null;
var started = null;
var steps = {};  /* ms since start at each step, for the bench (bench/pocket.py) */

function syncfs(py, populate) {
  return new Promise(function (resolve) {
    py.FS.syncfs(populate, function () { resolve(); });  /* no cache is no error */
  });
}

/* The pack's compiled Python (.pyc) is kept in IndexedDB between visits, one folder per pack
   (its name is its hash): a later start skips compiling the sources. Wasm's own compiled code
   is kept by the browser's code cache. */
function start(runtime, pack) {
  var t0 = performance.now();
  var packName = pack.split("/").pop().replace(/\.zip$/, "");
  importScripts(runtime + "pyodide.js");
  var py;
  return Promise.all([
    loadPyodide({ indexURL: runtime }),
    fetch(pack).then(function (r) {
      if (!r.ok) throw new Error("pack: HTTP " + r.status);
      return r.arrayBuffer();
    })
  ]).then(function (loaded) {
    py = loaded[0];
    steps.loaded = performance.now() - t0;
    py.unpackArchive(loaded[1], "zip", { extractDir: HOME + "pocket" });
    py.FS.mkdirTree(HOME + "cache");
    py.FS.mount(py.FS.filesystems.IDBFS, {}, HOME + "cache");
    return syncfs(py, true);
  }).then(function () {
    steps.cache = performance.now() - t0;
    var kept = py.runPython(
      "import os, shutil, sys\n" +
      "sys.path.insert(0, '" + HOME + "pocket')\n" +
      "sys.dont_write_bytecode = False\n" +
      "sys.pycache_prefix = '" + HOME + "cache/" + packName + "'\n" +
      "for old in os.listdir('" + HOME + "cache'):\n" +
      "    if old != '" + packName + "':\n" +
      "        shutil.rmtree('" + HOME + "cache/' + old, ignore_errors=True)\n" +
      "os.path.isdir(sys.pycache_prefix)");
    steps.kept = kept;
    entry = py.pyimport("scoring.pocket.entry");
    steps.imported = performance.now() - t0;
    entry.warm();  /* the first hand's caches and templates, before the first tap */
    steps.warm = performance.now() - t0;
    if (!kept) syncfs(py, false);  /* the .pyc written by this first start, for the next */
    return performance.now() - t0;
  });
}

self.onmessage = function (event) {
  var m = event.data;
  if (m.op === "init") {
    if (!started) {
      started = start(m.runtime, m.pack).then(function (ms) {
        self.postMessage({ op: "ready", ms: ms, steps: steps });
      }, function (error) {
        self.postMessage({ op: "failed", error: String(error && error.message || error) });
      });
    }
    return;
  }
  try {
    var text = m.op === "render" ? entry.render_json(m.text) : entry.call_json(m.text);
    self.postMessage({ id: m.id, ok: true, text: text });
  } catch (error) {
    self.postMessage({ id: m.id, ok: false, error: String(error && error.message || error) });
  }
};
