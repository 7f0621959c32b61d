/* The service worker: the scorer keeps working with no connection.

   Served at /sw.js by mahjong_site/pwa.py, which puts `self.POCKET` before this file: the
   version (a hash of the static files, the pocket engine's pack, the templates), the static
   files and the pages to keep. Each version keeps its own two caches; a new version installs
   beside the old one and waits until the page's "reload to update" says to take over.

   - static files: from the cache (each version keeps its own), else the network;
   - pages (the scorer and its page for each variant, the pattern libraries, the trainer, the
     tables list, the tables opened here): the network first, kept on the way; with no answer, the kept page
     (for a permalink, the scorer's shell of its variant: the pocket engine fills the result),
     else the "not kept" page. Each page is kept in every language (a cache each), so that the
     language switch works offline too: the switch's POST, with no answer, says the language
     here (and in its cookie, for the server later) and shows the page kept in it;
   - the scorer's own POST (its variant switch) with no answer: the same question as a
     permalink, which the kept shell of that variant answers;
   - a table hand posted with no answer is kept (pending-store.js) under its one-time key and
     the page is told so; tables-offline.js sends it when the connection comes back;
   - the API, htmx fragments and everything else: the network, as without this worker.
   Every answer and every failure is told to the pages: their connection badge says what really
   happened, not only what navigator.onLine believes. */
"use strict";

importScripts(self.POCKET.store);

var VERSION = self.POCKET.version;
var STATIC = "static-" + VERSION;
var LANGUAGES = self.POCKET.languages;
var SHELL = "shell";  // the phone's language, kept across versions
var SNAPSHOTS = "pocket-snapshots";  // pocket-worker.js's, one per pack: kept across versions
var SCORER = self.POCKET.scorer;
var KEPT_PAGE = /^\/(|offline|tables\/|patterns\/[a-z0-9_-]+\/|learn\/([a-z]+\/([a-z]+\/)?)?|tables\/(e\/)?[A-Za-z0-9_-]{16,43}\/(deal|settle)?)$/;
var WAIT = 6000;  // ms before a slow network gives way to the kept page (it still refreshes it)

function tell(message) {
  return self.clients.matchAll({ includeUncontrolled: true }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage(message); });
  });
}

function network(ok) { tell({ type: "network", ok: ok }); }

/* Each language's kept pages. */
function pagesOf(language) { return "pages-" + VERSION + "-" + language; }

/* The key a page is kept under: its path (a notice or a permalink's query is not kept apart),
   and for the scorer its variant (each variant's shell has its own keyboard and fields). */
function pageKey(url) {
  var variant = url.pathname === SCORER && url.searchParams.get("variant");
  return url.origin + url.pathname + (variant ? "?variant=" + encodeURIComponent(variant) : "");
}

/* The phone's language as the pages last said it (Content-Language), or null. */
var LANGUAGE_KEY = new URL("/__language", self.location).href;
function language() {
  return caches.open(SHELL).then(function (cache) { return cache.match(LANGUAGE_KEY); })
    .then(function (kept) { return kept ? kept.text() : null; }).catch(function () { return null; });
}
function setLanguage(code) {
  if (LANGUAGES.indexOf(code) < 0) return Promise.resolve();
  return caches.open(SHELL).then(function (cache) {
    return cache.put(LANGUAGE_KEY, new Response(code));
  }).catch(function () {});
}

/* A page asked for in `code` (pwa.KeptLanguageMiddleware), with the phone's cookies. */
function fetchIn(url, code) {
  return fetch(url, { credentials: "same-origin", cache: "no-store",
                      headers: { "X-Pocket-Language": code } });
}

/* `url` kept in every language but `except` (one it was just kept in): in the background. */
function keepEverywhere(url, except, always) {
  return Promise.all(LANGUAGES.filter(function (code) { return code !== except; }).map(function (code) {
    return caches.open(pagesOf(code)).then(function (cache) {
      return cache.match(url).then(function (had) {
        if (had && !always) return null;
        return fetchIn(url, code).then(function (response) {
          return response.ok ? cache.put(url, response) : null;
        });
      });
    }).catch(function () {});
  }));
}

self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all([
    caches.open(STATIC).then(function (cache) {
      /* Checked against the browser's cache (a 304 where its copy is current), not asked
         anew: on a first visit the page has just loaded the pocket engine's files. */
      return cache.addAll(self.POCKET.static.map(function (url) {
        return new Request(url, { cache: "no-cache" });
      }));
    }),
    keepPages(),
  ]).then(function () {
    /* The first version takes over at once (nothing to replace); a later one waits for the
       page's "reload to update". */
    return self.registration.active ? null : self.skipWaiting();
  }));
});

/* The pages of this version, in every language (the phone's cookies go with each request): the
   listed ones, and again every page an older version kept (the tables opened here), or the old
   copy where the network does not answer. */
function keepPages() {
  return caches.keys().then(function (names) {
    var older = names.filter(function (n) { return n.indexOf("pages-") === 0 && n.indexOf(pagesOf("")) !== 0; });
    return Promise.all(older.map(function (n) {
      return caches.open(n).then(function (old) { return old.keys(); });
    })).then(function (lists) {
      var wanted = self.POCKET.pages.map(function (p) { return new URL(p, self.location).href; });
      lists.forEach(function (list) {
        list.forEach(function (r) { if (wanted.indexOf(r.url) < 0) wanted.push(r.url); });
      });
      return Promise.all(LANGUAGES.map(function (code) {
        return caches.open(pagesOf(code)).then(function (cache) {
          return Promise.all(wanted.map(function (url) {
            return fetchIn(url, code).then(function (response) {
              if (response.ok) return cache.put(url, response);
              throw new Error(response.status);
            }).catch(function () {
              return oldCopy(older, code, url).then(function (kept) {
                return kept ? cache.put(url, kept) : null;
              });
            });
          }));
        });
      }));
    });
  });
}

/* An older version's copy of `url` in `code` (its caches are named "pages-<version>-<code>";
   a version before languages were kept apart: "pages-<version>"). */
function oldCopy(older, code, url) {
  var mine = older.filter(function (n) { return n.slice(-code.length - 1) === "-" + code; });
  return mine.concat(older).reduce(function (found, name) {
    return found.then(function (kept) {
      return kept || caches.open(name).then(function (cache) { return cache.match(url); });
    });
  }, Promise.resolve(undefined));
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== STATIC && name.indexOf(pagesOf("")) !== 0 && name !== SHELL && name !== SNAPSHOTS;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "take-over") self.skipWaiting();
  if (data.type === "keep" && data.url) {  /* the first visit: its page, and its language */
    event.waitUntil(Promise.all([keep(new URL(data.url)), language().then(function (known) {
      return known ? null : setLanguage(data.language);
    })]));
  }
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
  if (request.method === "POST" && request.mode === "navigate"
      && (url.pathname === SCORER || url.pathname === self.POCKET.set_language)) {
    event.respondWith(postPage(request, url));
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
    var code = response.headers.get("Content-Language");
    if (response.ok) setLanguage(code);
    if (response.ok && KEPT_PAGE.test(url.pathname) && url.href === pageKey(url)
        && LANGUAGES.indexOf(code) >= 0) {
      var copy = response.clone();
      /* a table's board changes with each hand: its other languages' copies follow it */
      caches.open(pagesOf(code)).then(function (cache) { return cache.put(url.href, copy); })
        .then(function () { return keepEverywhere(url.href, code, /^\/tables\/./.test(url.pathname)); });
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

/* A POST page (the scorer's variant switch, the language switch): the network's answer; with
   none, what the server would have answered, from the kept pages. The scorer's form asks the
   same as its permalink; the language switch says the language here and in its cookie (the
   server reads it once the connection is back), then shows its next page, kept in it. */
function postPage(request, url) {
  return postOr(request, function (data) {
    if (url.pathname === SCORER) {
      var query = new URLSearchParams();
      data.forEach(function (value, name) {
        if (typeof value === "string" && name !== "csrfmiddlewaretoken") query.append(name, value);
      });
      return Response.redirect(SCORER + "?" + query.toString(), 303);
    }
    var code = data.get("language"), next = data.get("next") || SCORER;
    if (next.charAt(0) !== "/" || next.charAt(1) === "/" || next.charAt(1) === "\\") next = SCORER;
    return setLanguage(code).then(function () {
      if (LANGUAGES.indexOf(code) < 0 || !self.cookieStore) return null;
      return self.cookieStore.set({ name: self.POCKET.language_cookie, value: code, path: "/",
                                    sameSite: "lax" }).catch(function () {});
    }).then(function () { return Response.redirect(next, 303); });
  });
}

/* A POST to the network (the badge told); with no answer, `offline(its form data)` answers. */
function postOr(request, offline) {
  var copy = request.clone();
  return fetch(request).then(function (response) {
    network(true);
    return response;
  }, function () {
    network(false);
    return copy.formData().then(offline);
  });
}

/* The kept copy of a page, or undefined: in the phone's language, else in another; for a
   variant's scorer not kept, the scorer's own page. */
/* A trainer's drill page not kept itself: the one drill page kept for all (pwa.drill_shell),
   which learn.js has the pocket engine render for the drill its address names. */
var DRILL = /^\/learn\/[a-z]+\/[a-z]+\/$/;
var DRILL_SHELL = new URL(self.POCKET.drill_shell, self.location).href;

function kept(url) {
  var key = pageKey(url), plain = url.origin + url.pathname;
  return language().then(function (code) {
    var order = (code ? [code] : []).concat(LANGUAGES.filter(function (c) { return c !== code; }));
    var tries = [];
    [key, plain].concat(DRILL.test(url.pathname) ? [DRILL_SHELL] : []).forEach(function (k) {
      order.forEach(function (c) { tries.push([c, k]); });
    });
    return tries.reduce(function (found, t) {
      return found.then(function (had) {
        return had || caches.open(pagesOf(t[0])).then(function (cache) { return cache.match(t[1]); });
      });
    }, Promise.resolve(undefined));
  });
}

/* A page the worker did not see on its way (opened before the worker ran): kept now. */
function keep(url) {
  if (url.origin !== self.location.origin || !KEPT_PAGE.test(url.pathname)) return Promise.resolve();
  return keepEverywhere(pageKey(url), null, false);
}

/* A page asked with a query (a permalink, a save's notice) refreshes its kept shell without it
   (the scorer's: with its variant), in the language it comes in. */
function refreshKept(url) {
  var shell = pageKey(url);
  kept(url).then(function (had) {
    if (!had && url.pathname !== SCORER) return null;
    return fetch(shell, { credentials: "same-origin" }).then(function (response) {
      var code = response.headers.get("Content-Language");
      if (!response.ok || LANGUAGES.indexOf(code) < 0) return null;
      return caches.open(pagesOf(code)).then(function (mine) { return mine.put(shell, response); });
    });
  }).catch(function () {});
}

/* A table hand: to the server; with no answer, kept on the phone. The page is told by a header
   (htmx: nothing to swap) or sent back to the board (a plain form), which shows it pending. */
function postOrKeep(request, url) {
  return postOr(request, function (data) {
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
}
