/* Table hands recorded with no connection, kept on this phone (IndexedDB) under their forms'
   one-time keys until the server has them. Shared by the pages (tables-offline.js) and the
   service worker (sw.js, importScripts): one store, one shape.

   An entry: {key (the form's `once`), table (the edit token), action (the form's URL path), form
   ("win", "draw", "false-win", "deal", or "scorer": the scorer's one tap, or the table's page
   for the scorer's hand), pairs ([[name, value], ...] as the form sent them),
   created (ms, strictly increasing: the order hands were recorded), status ("pending" or
   "refused"), reason (the server's words, refused), expected (the hand number the page showed)}. */
(function (scope) {
  "use strict";

  var NAME = "mahjong-pocket", STORE = "pending";
  var WRITES = /^\/tables\/e\/([A-Za-z0-9_-]{16,43})\/(win|draw|false-win|deal|scorer)$/;
  var opened = null;

  function open() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(NAME, 1);
        request.onupgradeneeded = function () {
          var store = request.result.createObjectStore(STORE, { keyPath: "key" });
          store.createIndex("table", "table");
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { opened = null; reject(request.error); };
      });
    }
    return opened;
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), result;
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
        work(tx.objectStore(STORE), function (value) { result = value; });
      });
    });
  }

  function all() {
    return run("readonly", function (store, done) {
      store.getAll().onsuccess = function (event) {
        done(event.target.result.sort(function (a, b) { return a.created - b.created; }));
      };
    });
  }

  /* A new entry goes after every entry kept (created strictly increasing); an entry kept under
     the same key (a refused hand sent again from its fixed form) is replaced, in its place. */
  function put(entry) {
    return run("readwrite", function (store, done) {
      store.getAll().onsuccess = function (event) {
        var kept = event.target.result, last = 0, same = null;
        kept.forEach(function (e) {
          last = Math.max(last, e.created);
          if (e.key === entry.key) same = e;
        });
        entry.created = same ? same.created : Math.max(Date.now(), last + 1);
        store.put(entry);
        done(entry);
      };
    });
  }

  function remove(key) {
    return run("readwrite", function (store) { store.delete(key); });
  }

  function forTable(table) {
    return all().then(function (entries) {
      return entries.filter(function (e) { return e.table === table; });
    });
  }

  /* The entry a table form's POST makes: null when the URL is not a table's write. */
  function entryOf(path, pairs, expected) {
    var found = WRITES.exec(path);
    if (!found) return null;
    var key = "", action = "";
    pairs.forEach(function (pair) {
      if (pair[0] === "once") key = pair[1];
      if (pair[0] === "action") action = pair[1];
    });
    if (!key) return null;  // no one-time key: it could be stored twice, so it is not kept
    if (found[2] === "scorer" && action === "preview") return null;  // who would pay: no hand
    return { key: key, table: found[1], action: path, form: found[2], pairs: pairs,
             status: "pending", reason: "", expected: expected || null };
  }

  scope.PendingStore = { all: all, put: put, remove: remove, forTable: forTable,
                         entryOf: entryOf, WRITES: WRITES };
})(self);
