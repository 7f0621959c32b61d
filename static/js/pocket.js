/* The pocket engine, page side (docs/pocket.md): starts the worker (static/js/pocket-worker.js)
   after the first result, or at once in the installed app, and passes it the page's questions.
   window.pocket: state, ready (a Promise), start(), render(method, path, pairs), call(name,
   args), assets. The page works without it: nothing here runs before the first result, and a
   question the pocket cannot answer (null) goes to the server. */
(function () {
  "use strict";

  var tag = document.currentScript;
  if (!tag || !window.Worker || !window.WebAssembly) return;
  var data = tag.dataset;
  var urls = JSON.parse(data.urls);
  var worker = null, next = 0, waiting = {};
  var settle = {};
  var ready = new Promise(function (resolve, reject) { settle = { resolve: resolve, reject: reject }; });
  ready.catch(function () {});  /* a failed pocket is no page error: the server answers */

  var pocket = {
    state: "off",
    ready: ready,
    startedMs: null,  /* how long the worker took to get ready (the bench reads it) */
    assets: JSON.parse(data.assets),
    start: start,
    render: render,
    call: call
  };
  window.pocket = pocket;

  function setState(state) {
    pocket.state = state;
    document.documentElement.dataset.pocket = state;
    document.dispatchEvent(new CustomEvent("pocket:state", { detail: { state: state } }));
    if (state === "ready") document.dispatchEvent(new CustomEvent("pocket:ready"));
  }

  function start() {
    if (worker) return ready;
    setState("loading");
    worker = new Worker(data.worker);
    worker.onmessage = function (event) {
      var m = event.data;
      if (m.op === "ready") {
        pocket.startedMs = m.ms;
        pocket.steps = m.steps;
        setState("ready");
        settle.resolve(pocket);
      } else if (m.op === "failed") {
        setState("failed");
        settle.reject(new Error(m.error));
      } else if (waiting[m.id]) {
        var asked = waiting[m.id];
        delete waiting[m.id];
        if (m.ok) asked.resolve(JSON.parse(m.text));
        else asked.reject(new Error(m.error));
      }
    };
    worker.onerror = function (event) {
      setState("failed");
      settle.reject(new Error(event.message || "pocket worker error"));
    };
    worker.postMessage({ op: "init", runtime: data.runtime, pack: data.pack });
    return ready;
  }

  function ask(op, question) {
    return ready.then(function () {
      return new Promise(function (resolve, reject) {
        next += 1;
        waiting[next] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: next, op: op, text: JSON.stringify(question) });
      });
    });
  }

  /* The fragment the server would answer to an htmx request: {html, replace_url}, or null. */
  function render(method, path, pairs) {
    if (pocket.state !== "ready") return Promise.resolve(null);
    return ask("render", {
      path: path, pairs: pairs, language: document.documentElement.lang || "en",
      urls: urls, cookies: document.cookie
    });
  }

  /* A pure call into scoring/tables/game.py (scoring/pocket/entry.py CALLS). */
  function call(name, args) {
    return ask("call", { name: name, args: args || {} });
  }

  /* When: at once in the installed app; otherwise once the first result is on the page, so
     the first visit spends nothing on the pocket before it. */
  if (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches) {
    start();
  } else {
    document.addEventListener("htmx:afterSettle", function first(event) {
      var result = document.getElementById("result");
      if (result && result.contains(event.target) && result.querySelector(".score, .waits-list")) {
        document.removeEventListener("htmx:afterSettle", first);
        start();
      }
    });
    document.addEventListener("DOMContentLoaded", function () {
      /* a permalink's page arrives with its result already there */
      if (document.querySelector("#result .score, #result .waits-list")) start();
    });
  }
})();
