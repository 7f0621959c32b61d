/* The pocket engine's worker: Pyodide runs the project's own Python (the pack built by
   scoring/pocket/build.py) and answers the page's questions. It only moves text: every rule,
   word and tag comes from scoring/pocket/entry.py. Messages in: {op: "init", runtime, pack} once,
   then {id, op: "render" | "call", text} (JSON for entry.render_json / call_json); out:
   {op: "ready", ms, steps} or {op: "failed", error}, then {id, ok, text | error}. */
/* global importScripts, loadPyodide */
"use strict";

var HOME = "/home/pyodide/";
var SNAPSHOTS = "pocket-snapshots";  /* Cache Storage: one memory snapshot per pack */
var entry = null;
var cold = false;  /* imported, not warmed yet (a plain start) */
var started = null;
var steps = {};  /* ms since start at each step, for the bench (bench/pocket.py) */
var started0 = null;

/* A later start loads the memory of an earlier one, taken once the pack's Python was imported
   and warm: no interpreter start, no import. A second worker makes it after the first start is
   ready (op "snapshot": making one slows a start down 2x, so the first start does not); these
   are Pyodide's snapshot options, marked private in its types: any fault falls back to a
   plain start. */
function readSnapshot(key) {
  if (!self.caches) return Promise.resolve(null);
  return caches.open(SNAPSHOTS).then(function (cache) {
    return cache.match(key);
  }).then(function (found) {
    return found ? found.arrayBuffer() : null;
  }).catch(function () { return null; });
}

function keepSnapshot(key, bytes) {
  if (!self.caches) return Promise.resolve();
  return caches.open(SNAPSHOTS).then(function (cache) {
    return cache.keys().then(function (old) {
      return Promise.all(old.map(function (r) { return cache.delete(r); }));
    }).then(function () {
      return cache.put(key, new Response(bytes));
    });
  }).catch(function () {});
}

/* The pack unpacked and imported; warm(), the first answer's own work (templates compiled, the
   engine's tables read), done now only for a snapshot: a first start is ready without it and
   warms right after (start), before any question it is asked. */
function prepare(py, pack, warmNow) {
  py.unpackArchive(pack, "zip", { extractDir: HOME + "pocket" });
  steps.unpacked = performance.now() - (started0 || 0);
  py.runPython("import sys\nif '" + HOME + "pocket' not in sys.path: sys.path.insert(0, '" +
               HOME + "pocket')\nimport scoring.pocket.entry" +
               (warmNow ? "\nscoring.pocket.entry.warm()" : ""));
}

function start(runtime, pack) {
  var t0 = started0 = performance.now();
  var key = new URL(pack, self.location.href).href;
  importScripts(runtime + "pyodide.js");
  var packBytes = fetch(pack).then(function (r) {
    if (!r.ok) throw new Error("pack: HTTP " + r.status);
    return r.arrayBuffer();
  });
  return readSnapshot(key).then(function (snapshot) {
    steps.snapshot = snapshot ? snapshot.byteLength : 0;
    var plain = function () {
      return loadPyodide({ indexURL: runtime }).then(function (py) {
        return packBytes.then(function (bytes) {
          steps.loaded = performance.now() - t0;
          prepare(py, bytes, false);
          cold = true;
          return py;
        });
      });
    };
    if (!snapshot) return plain();
    return loadPyodide({ indexURL: runtime, _loadSnapshot: snapshot }).then(function (py) {
      return packBytes.then(function (bytes) {
        steps.loaded = performance.now() - t0;
        py.unpackArchive(bytes, "zip", { extractDir: HOME + "pocket" });  /* templates, .mo */
        return py;
      });
    }, plain);
  }).then(function (py) {
    entry = py.pyimport("scoring.pocket.entry");
    steps.warm = performance.now() - t0;
    return performance.now() - t0;
  });
}

function makeSnapshot(runtime, pack) {
  var key = new URL(pack, self.location.href).href;
  return readSnapshot(key).then(function (found) {
    if (found) return false;
    importScripts(runtime + "pyodide.js");
    return Promise.all([loadPyodide({ indexURL: runtime, _makeSnapshot: true }),
                        fetch(pack).then(function (r) { return r.arrayBuffer(); })])
      .then(function (loaded) {
        prepare(loaded[0], loaded[1], true);
        return keepSnapshot(key, loaded[0].makeMemorySnapshot()).then(function () { return true; });
      });
  });
}

self.onmessage = function (event) {
  var m = event.data;
  if (m.op === "snapshot") {
    makeSnapshot(m.runtime, m.pack).then(function (made) {
      self.postMessage({ op: "snapshot", made: made });
    }, function (error) {
      self.postMessage({ op: "snapshot", made: false, error: String(error) });
    });
    return;
  }
  if (m.op === "init") {
    if (!started) {
      started = start(m.runtime, m.pack).then(function (ms) {
        self.postMessage({ op: "ready", ms: ms, steps: steps });
        if (cold) setTimeout(function () { entry.warm(); cold = false; }, 0);
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
