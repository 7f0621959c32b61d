/* The app's shell on every page: installs the service worker (sw.js; on a first visit once the
   page has given what it was opened for: whenDue), says honestly whether the phone reaches the
   server (the badge in the header), and offers a new version when one is ready ("Reload to
   update": the waiting worker takes over, the page reloads).

   The badge believes real requests first: a request that failed (htmx's, the worker's, a probe)
   says offline even where navigator.onLine says online (a phone on a dead Wi-Fi); while offline
   the page asks /api/health every few seconds, and the first answer says online again.
   Other scripts follow it through the "network" event on document (detail.online) and
   window.shell.online(). Without JavaScript none of this shows. */
(function () {
  "use strict";

  var PROBE_EVERY = 5000;  // ms between probes while offline
  var script = document.currentScript;  // data-worker, data-scope: the worker's URL and scope
  var online = navigator.onLine, badge = null, timer = null, asked = false;

  function say(next) {
    var changed = next !== online;
    online = next;
    if (badge) {
      badge.dataset.state = online ? "online" : "offline";
      badge.textContent = online ? badge.dataset.online : badge.dataset.offline;
      badge.hidden = false;
    }
    document.documentElement.dataset.network = online ? "online" : "offline";
    clearTimeout(timer);
    if (!online) timer = setTimeout(probe, PROBE_EVERY);
    if (changed) {
      document.dispatchEvent(new CustomEvent("network", { detail: { online: online } }));
      if (online && registration) registration.update().catch(function () {});
    }
  }

  function probe() {
    var url = badge ? badge.dataset.probe : "/api/health";
    return fetch(url, { cache: "no-store", headers: { "X-Pocket-Probe": "1" } }).then(function (r) {
      say(r.ok);
    }, function () { say(false); });
  }

  window.addEventListener("online", probe);
  window.addEventListener("offline", function () { say(false); });
  document.addEventListener("htmx:sendError", function () { say(false); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0 && !xhr.getResponseHeader("X-Pocket-Kept")) say(true);
  });

  /* The service worker and its updates. */
  var registration = null;

  function offerUpdate() {
    var notice = document.getElementById("update");
    if (!notice || !registration || !registration.waiting) return;
    notice.hidden = false;
  }

  function watch(worker) {
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate();
    });
  }

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "network") say(event.data.ok);
    });
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (asked) location.reload();  // the new version took over because the player asked
    });
  }

  /* The language switch comes back to this address as it is now (the pocket engine's result
     changes it, and offline the page may be a kept shell): the worker shows it again, offline
     too, in the language chosen. */
  document.addEventListener("submit", function (event) {
    var next = event.target.matches && event.target.matches("form.lang")
      && event.target.querySelector("input[name=next]");
    if (next) next.value = location.pathname + location.search;
  }, true);

  document.addEventListener("click", function (event) {
    if (!event.target.closest("#update button")) return;
    if (!registration || !registration.waiting) { location.reload(); return; }
    asked = true;
    registration.waiting.postMessage({ type: "take-over" });
  });

  /* A script loaded once, when asked for (its tag added): a Promise. The pages' code that waits
     until it is needed (pocket.js, table-tap.js, pending-store.js, tables-offline.js) comes
     through here. A failed load is tried again at the next ask. */
  var loads = {};
  function load(src) {
    return loads[src] = loads[src] || new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = function () { delete loads[src]; reject(new Error("not loaded: " + src)); };
      document.head.appendChild(tag);
    });
  }

  /* The hands kept on this phone (pending-store.js): the table pages bring it from the start;
     elsewhere it is loaded when due (below), first needed by a result's tap or a hand waiting
     to be sent. A Promise of window.PendingStore. */
  function store() {
    if (window.PendingStore) return Promise.resolve(window.PendingStore);
    return load(script.dataset.store).then(function () { return window.PendingStore; });
  }

  /* The offline tables' code (tables-offline.js) comes with the table pages; elsewhere (the
     scorer, whose one tap may keep a hand offline, and every other page) it is loaded only when
     hands kept on this phone wait to be sent: once due (with a connection), and when the
     connection comes back. It sends them, as on a table's page. */
  var due = false;
  function tablesIfWaiting() {
    if (!online || !due || window.tablesOffline || !script || !script.dataset.tables) return;
    store().then(function (kept) { return kept.all(); }).then(function (entries) {
      if (!window.tablesOffline && entries.some(function (e) { return e.status === "pending"; })) {
        return load(script.dataset.tables);
      }
    }).catch(function () { /* no IndexedDB (nothing can be waiting) or no connection: later */ });
  }
  document.addEventListener("network", function (event) {
    if (event.detail.online) tablesIfWaiting();
  });

  /* On a first visit (no worker runs yet) what the page does not need for what it was opened
     for waits until it has given it: the scorer's first result (and the pocket engine, which
     loads after it), any other page's load; or until the page is put away. That is the
     worker's install (it downloads every kept page and file, the pocket engine's 6.5 MB with
     them, which would hold up the first result on a phone's slow connection), the hands kept
     here (pending-store.js) and the probe of the connection. Once a worker runs (the files come
     from the phone) and in the installed app: at once. */
  function whenDue(then) {
    var done = false;
    function once() { if (!done) { done = true; then(); } }
    var worker = "serviceWorker" in navigator && navigator.serviceWorker.controller;
    if (worker || matchMedia("(display-mode: standalone)").matches) return once();
    document.addEventListener("visibilitychange", function () { if (document.hidden) once(); });
    var scorer = window.scorer;  // scorer.js: the first result, told once it is on screen
    if (document.getElementById("scorer") && scorer && !scorer.resultShown()) {
      if (window.pocket) {  /* it loads after that result: the install after it, so that the
        worker finds the pocket's 6.5 MB in the browser's cache (sw.js asks it to check its
        copy) rather than download them a second time beside it */
        document.addEventListener("pocket:state", function (event) {
          if (event.detail.state === "ready" || event.detail.state === "failed") once();
        });
      } else document.addEventListener("scorer:result", once);
    } else if (document.readyState === "complete") once();
    else window.addEventListener("load", once);
  }

  function install() {
    navigator.serviceWorker.register(script.dataset.worker, { scope: script.dataset.scope })
      .then(function (found) {
        registration = found;
        /* A page opened before any worker ran (the first visit) was not kept on the way: ask. */
        if (!navigator.serviceWorker.controller) {
          navigator.serviceWorker.ready.then(function (ready) {
            ready.active.postMessage({ type: "keep", url: location.href,
                                       language: document.documentElement.lang });
          });
        }
        if (found.waiting && navigator.serviceWorker.controller) offerUpdate();
        if (found.installing) watch(found.installing);
        found.addEventListener("updatefound", function () { watch(found.installing); });
      }).catch(function () { /* no worker (a private window): the pages work as before */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    badge = document.getElementById("network");
    say(online);
    whenDue(function () {  /* before it, a failed request says offline (a first visit's answer) */
      due = true;
      if (online) probe();
      tablesIfWaiting();
      if (script && script.dataset.worker && "serviceWorker" in navigator) install();
    });
  });

  /* A permalink opened with no connection: the worker answered with the scorer's kept page,
     which holds no hand; the address names it. Its fields are filled from the address now,
     before scorer.js reads them (deferred scripts run before DOMContentLoaded), and the pocket
     engine renders the result the server would have. */
  function permalinkFromCache() {
    var form = document.getElementById("scorer");
    var query = new URLSearchParams(location.search);
    var box = form && form.querySelector("input[name=hand]");
    if (!box || !query.get("hand") || box.value === query.get("hand")) return;
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.name === "csrfmiddlewaretoken" || !query.has(field.name)) return;
      var values = query.getAll(field.name);
      if (field.type === "checkbox" || field.type === "radio") field.checked = values.indexOf(field.value) >= 0;
      else if (field.type !== "submit" && field.type !== "button") field.value = values[values.length - 1];
    });
    document.addEventListener("DOMContentLoaded", function () {
      var pocket = window.pocket, result = document.getElementById("result");
      if (!pocket || !result) return;
      /* start() answers the loaded pocket (before it, window.pocket is the loader's stand-in) */
      pocket.start().then(function (loaded) {
        return loaded.render("GET", "/", Array.from(query.entries()));
      }).then(function (answer) {
        if (answer && window.htmx) window.htmx.swap(result, answer.html, { swapStyle: "innerHTML" });
      }).catch(function () { /* no pocket: the kept page says the score needs the server */ });
    });
  }
  permalinkFromCache();

  window.shell = {
    online: function () { return online; },
    failed: function () { say(false); },
    answered: function () { say(true); },
    registration: function () { return registration; },
    load: load,
    store: store,
  };
})();
