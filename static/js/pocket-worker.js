/* The pocket engine's worker: Pyodide runs the project's own Python (the pack built by
   scoring/pocket/build.py) and answers the page's questions. It only moves text: every rule,
   word and tag comes from scoring/pocket/entry.py. Messages in: {op: "init", runtime, pack} once,
   then {id, op: "render" | "call", text} (JSON for entry.render_json / call_json); out:
   {op: "ready", ms} or {op: "failed", error}, then {id, ok, text | error}. */
/* global importScripts, loadPyodide */
"use strict";

var entry = null;
var started = null;

function start(runtime, pack) {
  var t0 = performance.now();
  importScripts(runtime + "pyodide.js");
  return Promise.all([
    loadPyodide({ indexURL: runtime, fullStdLib: false }),
    fetch(pack).then(function (r) {
      if (!r.ok) throw new Error("pack: HTTP " + r.status);
      return r.arrayBuffer();
    })
  ]).then(function (loaded) {
    var py = loaded[0];
    py.unpackArchive(loaded[1], "zip", { extractDir: "/home/pyodide/pocket" });
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/pocket')");
    entry = py.pyimport("scoring.pocket.entry");
    entry.warm();  /* the first hand's caches and templates, before the first tap */
    return performance.now() - t0;
  });
}

self.onmessage = function (event) {
  var m = event.data;
  if (m.op === "init") {
    if (!started) {
      started = start(m.runtime, m.pack).then(function (ms) {
        self.postMessage({ op: "ready", ms: ms });
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
