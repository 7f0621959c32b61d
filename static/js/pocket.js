/* The pocket engine, page side (docs/pocket.md): starts the worker (static/js/pocket-worker.js)
   and passes it the page's questions. scorer.js's loader loads this script after the first
   result, or at once in the installed app, and then calls start(); until then window.pocket is
   the loader's stand-in, so that a first visit loads nothing of the pocket before its first
   result. window.pocket: state, ready (a Promise), start(), render(method, path, pairs),
   call(name, args), prefetch(form, replaced fields), assets. A question the pocket cannot
   answer (null) goes to the server. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("pocket-data").textContent);
  var urls = data.urls;
  var worker = null, next = 0, waiting = {};
  var settle = {};
  var ready = new Promise(function (resolve, reject) { settle = { resolve: resolve, reject: reject }; });
  ready.catch(function () {});  /* a failed pocket is no page error: the server answers */

  var pocket = {
    state: "off",
    ready: ready,
    startedMs: null,  /* how long the worker took to get ready (the bench reads it) */
    assets: data.assets,
    start: start,
    render: render,
    call: call,
    prefetch: prefetch
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
        if (!m.steps.snapshot) snapshotWhenQuiet();
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

  /* The memory snapshot a later start loads (pocket-worker.js), made once per pack by a worker
     of its own, which then ends. pocket.snapshotted: a Promise for the bench. Making it is a
     second Pyodide start, a core busy for seconds: it waits until the page has asked nothing
     for QUIET_MS (each question puts it off), so that it does not slow the taps after a first
     start (made 3 s after ready, beside bench/pocket.py's first variant's taps: Shanghai at 4x
     CPU, 217 ms median against 109 with the snapshot made before, one run on a loaded
     machine). */
  var QUIET_MS = 3000, snapshotDue = null;
  function snapshotWhenQuiet() {
    clearTimeout(snapshotDue);
    snapshotDue = setTimeout(snapshot, QUIET_MS);
  }
  function snapshot() {
    snapshotDue = null;
    var maker = new Worker(data.worker);
    pocket.snapshotted = new Promise(function (resolve) {
      maker.onmessage = function (event) { maker.terminate(); resolve(event.data); };
      maker.onerror = function () { maker.terminate(); resolve({ made: false }); };
    });
    maker.postMessage({ op: "snapshot", runtime: data.runtime, pack: data.pack });
  }

  function ask(op, question) {
    if (snapshotDue) snapshotWhenQuiet();
    return ready.then(function () {
      return new Promise(function (resolve, reject) {
        next += 1;
        waiting[next] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: next, op: op, text: JSON.stringify(question) });
      });
    });
  }

  /* The fragment the server would answer to an htmx request: {html, replace_url, cookie}, or
     null. */
  function render(method, path, pairs) {
    if (pocket.state !== "ready") return Promise.resolve(null);
    return ask("render", {
      path: path, pairs: pairs, language: document.documentElement.lang || "en",
      urls: urls, cookies: document.cookie, secure: location.protocol === "https:",
      table: pageTable()
    });
  }

  /* The table a result is added to ("Add to <table>"), as the server wrote it on the page
     (#result's data: the table cookie is the server's alone), or null. */
  function pageTable() {
    var box = document.getElementById("result");
    if (!box || !box.dataset.table) return null;
    return { token: box.dataset.table, name: box.dataset.tableName || "" };
  }

  /* A pure call into scoring/tables/game.py (scoring/pocket/entry.py CALLS). */
  function call(name, args) {
    return ask("call", { name: name, args: args || {} });
  }

  /* The compare page, once ready: its content rendered in the phone is shown in place of the
     scorer (kept, hidden, with its state), under the compare page's address; Back (the
     browser's, or the page's link back to the scorer) shows the scorer again. */
  var shown = null;
  function showScorer() {
    if (!shown) return;
    shown.page.remove();
    shown.kept.forEach(function (node) { node.hidden = false; });
    document.title = shown.title;
    shown = null;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || pocket.state !== "ready" || event.button || event.metaKey || event.ctrlKey) return;
    var url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return;
    if (shown && url.pathname === urls.index) {  /* the compare page's way back */
      event.preventDefault();
      history.back();
      return;
    }
    if (shown || url.pathname !== urls.compare) return;
    event.preventDefault();
    render("GET", url.pathname, Array.from(url.searchParams)).then(function (answer) {
      if (!answer) { location.href = url.href; return; }
      var main = document.querySelector("main");
      shown = { page: document.createElement("div"), kept: Array.from(main.children),
                title: document.title };
      shown.kept.forEach(function (node) { node.hidden = true; });
      shown.page.className = "pocket-page";
      shown.page.dataset.page = "compare";
      shown.page.innerHTML = answer.html;
      main.appendChild(shown.page);
      var heading = shown.page.querySelector("h1");
      if (heading) document.title = heading.textContent;
      history.pushState({ pocket: "compare" }, "", url.href);
      window.scrollTo(0, 0);
    }, function () { location.href = url.href; });
  });
  window.addEventListener("popstate", showScorer);

  /* The scorer's result box, once ready: the same fragment the server would send, swapped the
     way htmx swaps it (out-of-band parts included). A request the pocket cannot answer (null)
     goes to the server as it was. The same question as the one whose answer is still shown
     (the hand box's change on leaving it, after its typing was answered) is not asked again,
     and an answer a later question overtook is not swapped (the form's hx-sync "replace"):
     each would cost the tap a render and a swap before its own. */
  var toServer = null, asked = 0, answered = null;

  /* A question asked ahead (scorer.js, at a key's pointerdown: the hand as the tap will leave
     it): {question, answer}. The tap's own question, the same, takes that answer rather than
     asking again: the worker answers while the finger is down (50 to 100 ms on a phone), so
     that once it is lifted only the click and the swap are left. */
  var early = null;
  function questionOf(verb, path, pairs) { return JSON.stringify([verb, path, pairs]); }
  /* A form's text fields as [name, value] pairs (files left out), `replaced` ones as given. */
  function textPairs(formData, replaced) {
    var pairs = [];
    formData.forEach(function (value, name) {
      if (typeof value === "string") {
        pairs.push([name, replaced && name in replaced ? replaced[name] : value]);
      }
    });
    return pairs;
  }
  function prefetch(form, replaced) {
    if (pocket.state !== "ready" || !form.getAttribute("hx-post")) return;
    var pairs = textPairs(new FormData(form), replaced);
    var path = new URL(form.getAttribute("hx-post"), location.href).pathname;
    early = { question: questionOf("post", path, pairs), answer: render("post", path, pairs) };
    early.answer.catch(function () {});  /* unused, or used and handled there */
  }

  /* The answer, parsed once, without its out-of-band parts that the page already shows as they
     are (most are an empty box: the context's errors, each house rule's), so that htmx swaps
     only what changed (each part swapped costs the tap a search of the page and a settle). It
     goes to htmx.swap as the parsed fragment, which htmx takes as it is: the text parsed again
     and written out again cost a score's swap a third more (at 4x CPU, in the page, median of
     12: 11 ms from the fragment, 15 from the text, and the parse and the writing out before). */
  function changedOnly(html) {
    var parsed = document.createElement("template");
    parsed.innerHTML = html;
    parsed.content.querySelectorAll("[hx-swap-oob=true][id]").forEach(function (part) {
      var bare = part.cloneNode(true), there = document.getElementById(part.id);
      bare.removeAttribute("hx-swap-oob");
      if (there && there.isEqualNode(bare)) part.remove();
    });
    return parsed.content;
  }
  /* The house rules' cookie, as the server sets it, unless the page holds it as it is already:
     a cookie written makes the next read of document.cookie (each question's) a round trip to
     the browser. */
  function keepCookie(cookie) {
    if (document.cookie.split("; ").indexOf(cookie.split(";")[0]) < 0) document.cookie = cookie;
  }
  /* The address bar follows the answer once the frame that shows it is painted: at 4x CPU
     history.replaceState held the score off the screen 10 to 40 ms (bench/pocket.py). */
  function afterPaint(then) {
    requestAnimationFrame(function () { setTimeout(then, 0); });
  }

  /* The form's own fields, as the browser reads them (the same for the question asked and the
     one that repeats it). */
  function fields(form) {
    return JSON.stringify(textPairs(new FormData(form)));
  }
  function stillShown(target) {
    return answered && answered.first === target.firstChild && answered.last === target.lastChild;
  }

  /* The hand box's change on leaving it (a tap on the keyboard takes the focus) repeats the
     question its typing asked: cancelled here, before htmx reads the form, fires its events
     and builds the request (10 to 15 ms of the tap at 4x CPU, bench/pocket_tap_steps.py). Only
     a change, only when the answer is still shown as it was and came from the same fields by
     typing or a tap (a short hand's Score is the form's submit: its change asks again). */
  document.addEventListener("htmx:confirm", function (event) {
    var d = event.detail, trigger = d.triggeringEvent;
    if (pocket.state !== "ready" || !trigger || trigger.type !== "change" || !d.target ||
        d.target.id !== "result" || d.elt.tagName !== "FORM" || !stillShown(d.target)) return;
    if (answered.fields === fields(d.elt)) event.preventDefault();
  });

  document.addEventListener("htmx:configRequest", function (event) {
    var d = event.detail;
    if (pocket.state !== "ready" || !d.target || d.target.id !== "result") return;
    if (toServer === d.elt) { toServer = null; return; }
    event.preventDefault();
    var pairs = textPairs(d.formData);
    var path = new URL(d.path, location.href).pathname;
    var question = questionOf(d.verb, path, pairs), mine = ++asked;
    var ahead = early && early.question === question ? early.answer : null;
    early = null;
    if (answered && answered.question === question && stillShown(d.target)) return;
    var trigger = d.triggeringEvent ? d.triggeringEvent.type : "";
    var asFields = d.elt.tagName === "FORM" && trigger !== "submit" ? fields(d.elt) : null;
    (ahead || render(d.verb, path, pairs)).then(function (answer) {
      if (!answer) throw new Error("not in the pocket");
      if (mine !== asked) return;
      /* The old content taken out before the swap: htmx's removal fires two events for each
         element (its cleanup, each walking up the element's ancestors), 3 to 7 ms of the swap
         at 4x CPU for 100 to 140 elements. Nothing in it holds htmx state that outlives it
         (its triggers listen on its own elements). Not with the focus in it (the card's line):
         htmx's swap puts the focus back on the new one. */
      if (!d.target.contains(document.activeElement)) d.target.replaceChildren();
      /* Settled as htmx settles a server's answer (its default delay), not in the swap's
         task: the settle's work (the new content processed, its events) comes after the score
         is in the page and, at 4x CPU, mostly after the frame that shows it. */
      htmx.swap(d.target, changedOnly(answer.html),
                { swapStyle: "innerHTML", settleDelay: htmx.config.defaultSettleDelay });
      answered = { question: question, fields: asFields, first: d.target.firstChild,
                   last: d.target.lastChild };
      /* Then the fields as the answer left them, unless a later question came: a field the
         answer draws shows the value it was answered with (American's card line, a select of
         the scorer form inside the result: "the best line" when the question had none), so
         the form as left is the question answered. With the fields of the question alone, that
         line made the hand box's change after a typed hand a new question: a second render in
         the worker, ahead of the tap's. Read once the frame is painted: the first read of the
         form after a swap that brought that select costs 50 ms at 4x CPU (in American only:
         Chromium collects the form's fields again), and the score is on screen before it. */
      if (asFields !== null) afterPaint(function () {
        if (mine === asked) answered.fields = fields(d.elt);
      });
      if (answer.cookie) keepCookie(answer.cookie);  /* the house rules, as the server */
      if (answer.replace_url) afterPaint(function () {  /* unless a later answer or page came */
        if (mine === asked && !shown) history.replaceState(history.state, "", answer.replace_url);
      });
    }).catch(function () {
      toServer = d.elt;
      htmx.ajax(d.verb, d.path, { source: d.elt, target: d.target, swap: "innerHTML" });
    });
  });
})();
