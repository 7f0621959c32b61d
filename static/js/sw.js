/* The service worker: the scorer keeps working with no connection.

   Served at /sw.js by mahjong_site/pwa.py, which puts `self.POCKET` before this file: the
   version (a hash of the static files, the pocket engine's pack, the templates), the static
   files and the pages to keep. Each version keeps its own two caches; a new version installs
   beside the old one and waits until the page's "reload to update" says to take over.

   - static files: from the cache (each version keeps its own), else the network;
   - pages (the scorer, the pattern libraries, the trainer, the tables list, the tables opened
     here): the network first, kept on the way; with no answer, the kept page (the scorer's shell for a
     permalink: the pocket engine fills the result), else the "not kept" page;
   - a table hand posted with no answer is kept (pending-store.js) under its one-time key and
     the page is told so; tables-offline.js sends it when the connection comes back;
   - the API, htmx fragments and everything else: the network, as without this worker.
   Every answer and every failure is told to the pages: their connection badge says what really
   happened, not only what navigator.onLine believes. */
"use strict";

importScripts(self.POCKET.store);

var VERSION = self.POCKET.version;
var STATIC = "static-" + VERSION;
var PAGES = "pages-" + VERSION;
var KEPT_PAGE = /^\/(|offline|tables\/|patterns\/[a-z0-9_-]+\/|learn\/([a-z]+\/([a-z]+\/)?)?|tables\/(e\/)?[A-Za-z0-9_-]{16,43}\/(deal|settle)?)$/;
var WAIT = 6000;  // ms before a slow network gives way to the kept page (it still refreshes it)

function tell(message) {
  return self.clients.matchAll({ includeUncontrolled: true }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage(message); });
  });
}

function network(ok) { tell({ type: "network", ok: ok }); }

/* The key a page is kept under: its path (a notice or a permalink's query is not kept apart). */
function pageKey(url) { return url.origin + url.pathname; }

self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all([
    caches.open(STATIC).then(function (cache) {
      return cache.addAll(self.POCKET.static.map(function (url) {
        return new Request(url, { cache: "reload" });
      }));
    }),
    keepPages(),
  ]).then(function () {
    /* The first version takes over at once (nothing to replace); a later one waits for the
       page's "reload to update". */
    return self.registration.active ? null : self.skipWaiting();
  }));
});

/* The pages of this version, in the phone's language (its cookie goes with each request): the
   listed ones, and again every page an older version kept (the tables opened here), or the old
   copy where the network does not answer. */
function keepPages() {
  return caches.open(PAGES).then(function (cache) {
    return caches.keys().then(function (names) {
      var older = names.filter(function (n) { return n.indexOf("pages-") === 0 && n !== PAGES; });
      return Promise.all(older.map(function (n) { return caches.open(n); })).then(function (olds) {
        return Promise.all(olds.map(function (old) {
          return old.keys().then(function (keys) { return keys.map(function (r) { return r.url; }); });
        })).then(function (lists) {
          var wanted = self.POCKET.pages.map(function (p) { return new URL(p, self.location).href; });
          lists.forEach(function (list) {
            list.forEach(function (url) { if (wanted.indexOf(url) < 0) wanted.push(url); });
          });
          return Promise.all(wanted.map(function (url) {
            return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
              if (response.ok) return cache.put(url, response);
              throw new Error(response.status);
            }).catch(function () {
              return caches.match(url).then(function (kept) {
                return kept ? cache.put(url, kept) : null;
              });
            });
          }));
        });
      });
    });
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== STATIC && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "take-over") self.skipWaiting();
  if (data.type === "keep" && data.url) event.waitUntil(keep(new URL(data.url)));
  if (data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: VERSION });
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && PendingStore.WRITES.test(url.pathname)
      && !request.headers.get("X-Pocket-Send")) {
    event.respondWith(postOrKeep(request, url));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.open(STATIC).then(function (cache) {
      return cache.match(request).then(function (kept) { return kept || fetch(request); });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  }
});

/* A page: the network's answer (kept on the way, when it is a page to keep), else the kept copy. */
function page(request, url) {
  var answered = fetch(request).then(function (response) {
    network(true);
    if (response.ok) followLanguage(response.headers.get("Content-Language"));
    if (response.ok && KEPT_PAGE.test(url.pathname) && !url.search) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { return cache.put(pageKey(url), copy); });
    } else if (response.ok && KEPT_PAGE.test(url.pathname)) {
      refreshKept(url);  // a permalink or a notice: the shell is kept without its query
    }
    return response;
  });
  var slow = new Promise(function (resolve) { setTimeout(resolve, WAIT); });
  return Promise.race([answered, slow.then(function () { return kept(url); })])
    .then(function (response) { return response || answered; })
    .catch(function () {
      network(false);
      return kept(url).then(function (response) {
        return response || caches.match(new URL(self.POCKET.offline, self.location).href)
          .then(function (fallback) { return fallback || Response.error(); });
      });
    });
}

/* The pages are kept in the player's language: when a page comes in another one (the player
   switched), every kept page is asked for again in it (a page that does not answer keeps its
   old copy). */
var LANGUAGE_KEY = new URL("/__kept-language", self.location).href;
function followLanguage(language) {
  if (!language) return;
  caches.open(PAGES).then(function (cache) {
    return cache.match(LANGUAGE_KEY).then(function (kept) {
      return kept ? kept.text() : null;
    }).then(function (was) {
      if (was === language) return null;
      return cache.put(LANGUAGE_KEY, new Response(language)).then(function () {
        if (was === null) return null;
        return cache.keys().then(function (keys) {
          return Promise.all(keys.filter(function (r) { return r.url !== LANGUAGE_KEY; })
            .map(function (r) {
              return fetch(r.url, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
                return response.ok ? cache.put(r.url, response) : null;
              }).catch(function () {});
            }));
        });
      });
    });
  }).catch(function () {});
}

/* The kept copy of a page, or undefined. */
function kept(url) {
  return caches.open(PAGES).then(function (cache) { return cache.match(pageKey(url)); });
}

/* A page the worker did not see on its way (opened before the worker ran): kept now. */
function keep(url) {
  if (url.origin !== self.location.origin || !KEPT_PAGE.test(url.pathname)) return Promise.resolve();
  return fetch(pageKey(url), { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) return null;
    return caches.open(PAGES).then(function (cache) { return cache.put(pageKey(url), response); });
  }).catch(function () {});
}

/* A page asked with a query (a permalink, a save's notice) refreshes its kept shell without it. */
function refreshKept(url) {
  var plain = pageKey(url);
  caches.open(PAGES).then(function (cache) {
    return cache.match(plain).then(function (had) {
      if (!had && url.pathname !== "/") return null;
      return fetch(plain, { credentials: "same-origin" }).then(function (response) {
        return response.ok ? cache.put(plain, response) : null;
      });
    });
  }).catch(function () {});
}

/* A table hand: to the server; with no answer, kept on the phone. The page is told by a header
   (htmx: nothing to swap) or sent back to the board (a plain form), which shows it pending. */
function postOrKeep(request, url) {
  var copy = request.clone();
  return fetch(request).then(function (response) {
    network(true);
    return response;
  }, function () {
    network(false);
    return copy.formData().then(function (data) {
      var pairs = [];
      data.forEach(function (value, name) { if (typeof value === "string") pairs.push([name, value]); });
      var entry = PendingStore.entryOf(url.pathname, pairs);
      if (!entry) return Response.error();
      return PendingStore.put(entry).then(function () {
        tell({ type: "pending", table: entry.table, key: entry.key });
        if (request.headers.get("HX-Request")) {
          return new Response("", { status: 200, headers: {
            "HX-Reswap": "none", "X-Pocket-Kept": entry.key } });
        }
        return Response.redirect("/tables/e/" + entry.table + "/?kept=" + entry.key, 303);
      });
    });
  });
}
