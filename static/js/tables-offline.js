/* A table kept with no connection: the hands recorded offline wait on this phone, show on the
   board at once as pending, and go to the server, once each and in order, when it answers again.

   - Keeping: the service worker keeps a table form's POST that gets no answer (sw.js) and says so
     (the X-Pocket-Kept header; a plain form comes back to the board with ?kept=); where no worker
     runs yet, htmx's send error keeps it here. Either way under the form's one-time key, so the
     server stores it once however often it is sent (scoring/tables/models.py, Submission).
   - Showing: pending hands are rows above the board's hands, with their money and the running
     totals worked out on the phone by the same game code (scoring/tables/pending.py, run by the
     pocket engine, window.pocket); until it has answered, a row says the totals are coming.
     Where they cannot come, a row says so and why: the hands after a scorer's tap (its winner
     is the server's to work out), or an engine that cannot run here (no pocket on this page or
     in this browser, or one that did not start), and the money shows once they are sent.
   - Sending: when shell.js says the connection is back, each table's hands in the order they
     were recorded, one at a time (a lock, so two tabs never send at once). The server's answer
     says how it went: sent back to the board (saved: the row goes), refused (a form error, a
     replaced link: the row stays with the server's words, to fix or discard), or not now (too
     many at once, a server error: tried again later). If another phone wrote to the table
     meanwhile, the hands go after its hands and the board says so.
   The table pages load it from the start; the others only when hands wait to be sent
   (shell.js). Without JavaScript the forms post as they always did. */
(function () {
  "use strict";

  var store = window.PendingStore;
  var SENT_KEY = "mahjong.table-notice.";  // what a send did, for its table's next board (localStorage)
  var sending = false;

  function board() {
    var data = document.getElementById("pocket-table");
    if (!data) return null;
    var state = JSON.parse(data.textContent);
    state.edit = data.parentNode.dataset.edit;
    return state;
  }

  /* A one-time key as the server makes them: a uuid4, in hex. */
  function newKey() {
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  function words() { return (document.getElementById("pending") || {}).dataset || {}; }

  function say(template, value) { return (template || "").replace("%s", value); }

  function amount(text) {
    var n = Number(text);
    try {
      return new Intl.NumberFormat(document.documentElement.lang || "en").format(n);
    } catch (e) { return String(n); }
  }

  function signed(text) { return (Number(text) > 0 ? "+" : "") + amount(text); }

  /* Rows --------------------------------------------------------------------------------------- */

  function pairValue(entry, name) {
    var found = "";
    entry.pairs.forEach(function (p) { if (p[0] === name) found = p[1]; });
    return found;
  }

  /* What a pending hand says before the phone has worked it out: from its own fields. */
  function what(entry, state, row) {
    var w = words(), names = state.players;
    function name(text) { return names[Number(text)] || "?"; }
    if (row && row.ok === false) return "";
    if (row && row.said) return row.said;  /* the board's words, from the game code (a chombo) */
    if (entry.form === "draw") return w.draw;
    if (entry.form === "deal") return w.deal;
    if (entry.form === "false-win") return say(w.falseWin, name(pairValue(entry, "false-declarer")));
    if (fromScorer(entry)) {  // the scorer's one tap: who won is worked out when it is sent
      var said = pairValue(entry, "said");
      return w.fromScorer + (said ? " · " + said : "");
    }
    var winners = row && row.detail && row.detail.winners  /* a double ron, worked out */
      ? row.detail.winners.map(name)
      : entry.pairs.filter(function (p) { return p[0] === "winners"; })
        .map(function (p) { return name(p[1]); });
    var who = winners.length ? winners.join(", ") : name(pairValue(entry, "winner"));
    var source = pairValue(entry, "source");
    var line = source === "self" ? say(w.winsSelf, who)
      : say(w.winsOn, who).replace("%s", name(source));
    var total = pairValue(entry, "total");
    var detail = row && row.detail;
    if (detail && detail.limit) line += " · " + detail.limit;
    else if (detail && detail.fu) line += " · " + say(w.hanFu, detail.han).replace("%s", detail.fu);
    else if (row && row.total !== null && row.total !== undefined) line += " · " + row.total;
    else if (total) line += " · " + total;
    return line;
  }

  /* A hand tapped on the scorer ("Add to <table>"): its scorer link only, scored and given a
     winner by the server when it is sent (views.from_scorer), so its money, and the totals
     after it, are not worked out on this phone. */
  function fromScorer(entry) { return entry.form === "scorer" && !pairValue(entry, "winner"); }

  function cell(tag, text, className) {
    var c = document.createElement(tag);
    c.textContent = text;
    if (className) c.className = className;
    return c;
  }

  /* Why a pending hand has no money yet: still being worked out, or why it will not be on this
     phone (it shows once the hand is sent). */
  function waitText(entry, state, afterTap, cannot) {
    var w = words();
    if (fromScorer(entry)) return w.scorerMoney;
    if (!state.exact) return w.unknown;
    if (afterTap) return w.afterScorer;
    return cannot ? w.noEngine : w.working;
  }

  function rowFor(entry, state, row, number, why) {
    var w = words();
    var article = document.createElement("article");
    article.className = "hand-row pending" + (entry.status === "refused" ? " refused" : "");
    article.dataset.key = entry.key;
    article.dataset.status = entry.status;
    var header = document.createElement("header");
    header.appendChild(cell("span", "#" + number, "hnum"));
    header.appendChild(cell("em", entry.status === "refused" ? w.refusedBadge : w.pendingBadge,
                            "badge " + (entry.status === "refused" ? "refused-badge" : "pending-badge")));
    article.appendChild(header);
    var line = what(entry, state, row);
    if (line) article.appendChild(cell("p", line, "what"));
    if (entry.status === "refused") {
      article.appendChild(cell("p", w.refused + " " + entry.reason, "error reason"));
    } else if (row && row.ok === false) {
      article.appendChild(cell("p", w.cannot + " " + row.error, "error reason"));
    }
    if (row && row.ok) {
      var table = document.createElement("table");
      table.className = "net hand-net";
      var head = document.createElement("tr"), delta = document.createElement("tr"),
        after = document.createElement("tr");
      delta.className = "delta";
      after.className = "after";
      state.players.forEach(function (name, i) {
        head.appendChild(cell("th", name));
        var n = Number(row.net[i]);
        delta.appendChild(cell("td", signed(row.net[i]), n > 0 ? "plus" : n < 0 ? "minus" : ""));
        after.appendChild(cell("td", amount(row.totals[i])));
      });
      head.querySelectorAll("th").forEach(function (th) { th.scope = "col"; });
      table.append(head, delta, after);
      article.appendChild(table);
    } else if (!row && entry.status !== "refused") {
      article.appendChild(cell("p", why, "muted working"));
    }
    var actions = document.createElement("div");
    actions.className = "row-actions";
    if (entry.status === "refused" || (row && row.ok === false)) {
      var fix = cell("button", w.fix, "btn fix");
      fix.type = "button";
      fix.dataset.fixKey = entry.key;
      actions.appendChild(fix);
    }
    var discard = cell("button", w.discard, "btn undo discard");
    discard.type = "button";
    discard.dataset.discardKey = entry.key;
    actions.appendChild(discard);
    article.appendChild(actions);
    return article;
  }

  /* The board's pending rows, the latest first as the board's hands are, and the standings'
     totals after the last of them. Drawn at once from the kept entries; the money follows when
     the pocket engine has worked it out. */
  var drawn = 0;
  function show() {
    var state = board(), slot = document.getElementById("pending");
    if (!state || !slot || !store) return Promise.resolve();
    var turn = ++drawn;
    return store.forTable(state.edit).then(function (entries) {
      if (turn !== drawn) return null;
      draw(slot, state, entries, null);
      if (!entries.length) return null;
      var pending = entries.filter(function (e) { return e.status === "pending"; });
      return work(state, pending).then(function (rows) {
        if (turn === drawn && rows) draw(slot, state, entries, rows);
      });
    }).then(noticeKept);
  }

  function draw(slot, state, entries, rows) {
    var byKey = {}, pending = entries.filter(function (e) { return e.status === "pending"; });
    var cannot = rows === CANNOT;
    if (cannot) rows = null;
    if (rows) pending.forEach(function (e, i) { byKey[e.key] = rows[i]; });
    var tap = pending.findIndex(fromScorer);  // the hands after it wait for the server
    slot.textContent = "";
    var number = state.position.number + pending.length - 1;
    var shown = entries.slice().reverse();
    shown.forEach(function (entry) {
      var row = byKey[entry.key];
      var afterTap = tap >= 0 && pending.indexOf(entry) > tap;
      slot.appendChild(rowFor(entry, state, row, entry.status === "pending"
        ? (row && row.ok ? row.number : number) : "?",
        waitText(entry, state, afterTap, cannot)));
      if (entry.status === "pending") number -= 1;
    });
    slot.hidden = !entries.length;
    var last = rows && !pending.some(fromScorer) && rows.filter(function (r) { return r.ok; }).pop();
    ending(last);
    document.querySelectorAll("#now .player").forEach(function (li) {
      var total = li.querySelector(".ptotal");
      if (!total) return;
      if (!total.dataset.server) total.dataset.server = total.textContent;
      var i = Number(li.dataset.player);
      total.textContent = last ? amount(last.totals[i]) : total.dataset.server;
      total.classList.toggle("pending-total", !!last);
      /* Riichi's points from the start (the server's, moved by what the pending hands add) */
      var points = li.querySelector(".ppoints");
      if (!points) return;
      if (!points.dataset.server) points.dataset.server = points.textContent;
      points.textContent = last ? String(Number(points.dataset.points)
        - Number(total.dataset.total) + Number(last.totals[i])) : points.dataset.server;
      points.classList.toggle("pending-total", !!last);
    });
    var none = document.getElementById("no-hands");
    if (none) none.hidden = !!entries.length;
  }

  /* Where the game stands after the last pending hand, in the board's words (game.game_end, on
     the phone): the server's notice, from before them, is put aside while they are pending. */
  function ending(last) {
    var now = document.getElementById("now");
    if (!now) return;
    now.querySelectorAll(".notice:not(.pending-end)").forEach(function (p) {
      p.hidden = !!last;
    });
    var notice = now.querySelector(".pending-end");
    if (!last || !last.end) {
      if (notice) notice.remove();
      return;
    }
    if (!notice) {
      notice = cell("p", "", "notice pending-end");
      var standings = now.querySelector(".standings");
      now.insertBefore(notice, standings);
    }
    notice.classList.toggle("game-over", !!last.over);
    notice.classList.toggle("extra-round", !last.over);
    notice.textContent = last.end;
  }

  /* The rows the pocket engine works out; null where there is none to work out (a table's own
     card, the hands from a scorer's tap on); CANNOT where the engine cannot run here: no
     pocket (this page has none, or the browser no Worker or WebAssembly: scorer.js), or it
     did not start or answer (its pack not kept for offline use, say). */
  var CANNOT = "cannot";
  function work(state, pending) {
    var pocket = window.pocket;  /* before its first start, the loader's stand-in (scorer.js) */
    var upTo = pending.findIndex(fromScorer);  // the hands before a scorer's tap, worked out
    var worked = upTo < 0 ? pending : pending.slice(0, upTo);
    if (!worked.length || !state.exact) return Promise.resolve(null);
    if (!pocket || !pocket.start) return Promise.resolve(CANNOT);
    return Promise.resolve(pocket.start()).then(function (loaded) {
      return loaded.call("pending_hands", {
        variant: state.variant, rules: state.rules, players: state.players,
        dealer_keeps: state.dealer_keeps, options: state.options, position: state.position,
        totals: state.totals, language: document.documentElement.lang || "en",
        hands: worked.map(function (e) { return { form: e.form, pairs: e.pairs }; }),
      });
    }).catch(function () { return CANNOT; });
  }

  /* Keeping --------------------------------------------------------------------------------------- */

  function keptOnThisPage(key) {
    var state = board();
    return store.all().then(function (entries) {
      var entry = entries.filter(function (e) { return e.key === key; })[0];
      if (!entry || entry.known !== undefined) return null;
      entry.known = state && state.edit === entry.table ? state.position.number - 1 : null;
      return store.put(entry);
    });
  }

  /* A form that was kept starts again with a new one-time key, for the next hand: empty, as
     after a save, unless the player already began the next hand in it meanwhile. */
  var sent = new WeakMap();  // form -> its fields as sent
  function fields(form) { return new URLSearchParams(new FormData(form)).toString(); }
  function fresh(form) {
    if (sent.get(form) === fields(form)) form.reset();
    var once = form.querySelector("input[name=once]");
    if (once) once.value = newKey();
  }

  function isWrite(form) {
    return form && store && store.WRITES.test(new URL(form.action, location.href).pathname);
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr, form = event.detail.elt && event.detail.elt.closest("form");
    var key = xhr && xhr.getResponseHeader("X-Pocket-Kept");
    if (!key) return;
    if (form) fresh(form);
    keptOnThisPage(key).then(show);
  });

  /* Known to be offline: the hand is kept here at once, and its row drawn before it is even
     stored (the server, and the worker's wait for the network to fail, are skipped). */
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest("form");
    if (!isWrite(form) || !window.shell || window.shell.online()) return;
    var pairs = [];
    event.detail.formData.forEach(function (value, name) {
      if (typeof value === "string") pairs.push([name, value]);
    });
    var entry = store.entryOf(new URL(form.action, location.href).pathname, pairs);
    var state = board(), slot = document.getElementById("pending");
    if (!entry || !state || !slot) return;
    event.preventDefault();
    entry.known = state.position.number - 1;
    var waiting = slot.querySelectorAll(".hand-row.pending").length;
    slot.prepend(rowFor(entry, state, null, state.position.number + waiting,
                        waitText(entry, state, false, false)));  // show() says it all next
    slot.hidden = false;
    fresh(form);
    store.put(entry).then(show);
  });

  /* No worker yet (the first visit): htmx's send error keeps the hand here. */
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt && event.detail.elt.closest("form");
    if (!isWrite(form) || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
    var pairs = [];
    new FormData(form).forEach(function (value, name) { pairs.push([name, String(value)]); });
    var entry = store.entryOf(new URL(form.action, location.href).pathname, pairs);
    if (!entry) return;
    var state = board();
    entry.known = state ? state.position.number - 1 : null;
    store.put(entry).then(function () { fresh(form); show(); });
  });

  /* A refused hand sent again from its fixed form: the form now holds it (the worker keeps it
     again under the same key if there is still no connection). */
  document.addEventListener("submit", function (event) {
    var form = event.target, once = form.querySelector && form.querySelector("input[name=once]");
    if (!isWrite(form) || !once) return;
    sent.set(form, fields(form));
    store.all().then(function (entries) {
      if (entries.some(function (e) { return e.key === once.value; })) {
        return store.remove(once.value);
      }
      return null;
    });
  }, true);

  /* Fix, discard ---------------------------------------------------------------------------- */

  function fill(form, entry) {
    var names = {};
    entry.pairs.forEach(function (p) { (names[p[0]] = names[p[0]] || []).push(p[1]); });
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.name === "csrfmiddlewaretoken") return;
      var values = names[field.name] || [];
      if (field.type === "checkbox" || field.type === "radio") field.checked = values.indexOf(field.value) >= 0;
      else if (field.type !== "submit" && field.type !== "button") field.value = values.length ? values[values.length - 1] : "";
    });
  }

  document.addEventListener("click", function (event) {
    var fixing = event.target.closest("[data-fix-key]");
    var discarding = event.target.closest("[data-discard-key]");
    if (!fixing && !discarding) return;
    var key = fixing ? fixing.dataset.fixKey : discarding.dataset.discardKey;
    store.all().then(function (entries) {
      var entry = entries.filter(function (e) { return e.key === key; })[0];
      if (!entry) return show();
      if (discarding) {
        if (discarding.dataset.sure !== "1") {  // a second tap discards: nothing goes by mistake
          discarding.dataset.sure = "1";
          discarding.textContent = words().discardSure;
          return null;
        }
        return store.remove(key).then(show);
      }
      var form = Array.prototype.filter.call(document.forms, function (f) {
        return new URL(f.action, location.href).pathname === entry.action;
      })[0];
      if (!form) {  // the deal page: opened with the kept hand in it
        location.href = entry.action + "?fix=" + encodeURIComponent(key);
        return null;
      }
      fill(form, entry);
      form.scrollIntoView({ block: "start" });
      return null;
    });
  });

  function fixFromLink() {
    var key = new URLSearchParams(location.search).get("fix");
    if (!key || !store) return;
    store.all().then(function (entries) {
      var entry = entries.filter(function (e) { return e.key === key; })[0];
      var form = entry && Array.prototype.filter.call(document.forms, function (f) {
        return new URL(f.action, location.href).pathname === entry.action;
      })[0];
      if (form) fill(form, entry);
    });
  }

  /* Sending ------------------------------------------------------------------------------------ */

  function reasonOf(doc, response) {
    var errors = Array.prototype.map.call(doc.querySelectorAll("main .error"), function (e) {
      return e.textContent.trim();
    }).filter(Boolean);
    if (errors.length) return errors.join(" ");
    var main = doc.querySelector("main") || doc.body;
    var text = main ? main.textContent.replace(/\s+/g, " ").trim() : "";
    return (text || String(response.status)).slice(0, 300);
  }

  /* One hand to the server: {saved, number, doc} or {refused, reason}, "offline" or "later". */
  function sendOne(entry) {
    return fetch(entry.action, {
      method: "POST", body: new URLSearchParams(entry.pairs), credentials: "same-origin",
      headers: { "X-Pocket-Send": "1" },
    }).then(function (response) {
      if (response.status === 429 || response.status >= 500) return "later";
      return response.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var landed = new URL(response.url);
        if (response.redirected && landed.pathname === "/tables/e/" + entry.table + "/") {
          var first = doc.querySelector("#hands .hand-row");
          return { saved: true, number: first ? Number(first.dataset.hand) : null, doc: doc };
        }
        return { refused: true, reason: reasonOf(doc, response) };
      });
    }, function () { return "offline"; });
  }

  function send() {
    if (sending || !store || !window.shell || !window.shell.online()) return Promise.resolve();
    sending = true;
    var run = function () {
      return store.all().then(function (entries) {
        var pending = entries.filter(function (e) { return e.status === "pending"; });
        var done = {};  // table -> {saved: n, moved: [numbers], doc}
        var step = function (i) {
          if (i >= pending.length) return done;
          var entry = pending[i];
          var mine = done[entry.table] = done[entry.table] || { saved: 0, moved: false, numbers: [] };
          return sendOne(entry).then(function (result) {
            if (result === "offline") { window.shell.failed(); return done; }
            if (result === "later") return done;
            if (result.saved) {
              mine.saved += 1;
              mine.numbers.push(result.number);
              mine.doc = result.doc;
              if (entry.known !== null && entry.known !== undefined
                  && result.number !== entry.known + mine.saved) mine.moved = true;
              return store.remove(entry.key).then(function () { return step(i + 1); });
            }
            entry.status = "refused";
            entry.reason = result.reason;
            return store.put(entry).then(function () { return step(i + 1); });
          });
        };
        return step(0);
      });
    };
    var locked = navigator.locks ? navigator.locks.request("mahjong-pending", run) : run();
    return locked.then(function (done) {
      sending = false;
      Object.keys(done || {}).forEach(function (table) {
        var mine = done[table];
        if (!mine.saved) return;
        var numbers = mine.numbers.filter(Boolean);
        var span = numbers.length > 1 ? numbers[0] + "–" + numbers[numbers.length - 1] : numbers[0];
        /* What was sent, not its words: the page that sent it may have none (the scorer) */
        var sent = { saved: mine.saved, moved: mine.moved, span: span };
        try {
          localStorage.setItem(SENT_KEY + table, JSON.stringify(sent));
        } catch (e) { /* no storage */ }
        var state = board();
        if (state && state.edit === table && mine.doc) refresh(mine.doc);
      });
      return show();
    }, function () { sending = false; });
  }

  /* The board as the server has it now (the last answer's page), its pending rows after it. */
  function refresh(doc) {
    var fresh = doc.getElementById("board"), current = document.getElementById("board");
    if (!fresh || !current) return;
    current.replaceWith(document.adoptNode(fresh));
    if (window.htmx) window.htmx.process(fresh);
  }

  /* The notice a send left for this table's board: shown once, in the board's notice slot, in
     the board's words. */
  function noticeKept() {
    var state = board(), slot = document.getElementById("notice");
    if (!state || !slot) return;
    var sent = null;
    try {
      var kept = localStorage.getItem(SENT_KEY + state.edit);
      localStorage.removeItem(SENT_KEY + state.edit);
      sent = JSON.parse(kept);
    } catch (e) { return; }  // no storage, or a notice kept in words by an older version
    if (!sent || !sent.saved) return;
    var w = words();
    var text = sent.moved ? say(w.moved, sent.span) : say(w.sent, sent.saved);
    var p = document.createElement("p");
    p.className = "notice pocket-notice";
    p.setAttribute("role", "status");
    p.textContent = text;
    slot.replaceChildren(p);
  }

  document.addEventListener("network", function (event) {
    if (event.detail.online) send();
    else if (window.pocket && window.pocket.start && board()) window.pocket.start();
  });

  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      var state = board();
      if (event.data && event.data.type === "pending" && state && state.edit === event.data.table) {
        keptOnThisPage(event.data.key).then(show);
      }
    });
  }

  /* After htmx swapped a new #now (a save online), the board's state is the server's again. */
  document.addEventListener("htmx:afterSettle", function () { if (board()) show(); });

  /* A page the worker kept carries the one-time keys it was made with: shown again from the
     cache, its forms would send a key already used by a hand kept here, and the store would
     take the second hand for the first. Each page load gives its table forms keys of its own
     (the server takes any uuid4 hex; a double tap on this page still sends one key). */
  function ownKeys() {
    Array.prototype.forEach.call(document.forms, function (form) {
      var once = form.querySelector("input[name=once]");
      if (once && isWrite(form)) once.value = newKey();
    });
  }

  function opened() {
    if (!store) return;
    ownKeys();
    var params = new URLSearchParams(location.search);
    var kept = params.get("kept");
    if (kept) {
      params.delete("kept");
      history.replaceState(null, "", location.pathname + (params.toString() ? "?" + params : ""));
      keptOnThisPage(kept).then(show);
    } else {
      show();
    }
    fixFromLink();
    if (window.shell && window.shell.online()) send();
  }
  /* A table's page runs it once parsed; another page loads this file later (shell.js), when
     hands wait to be sent. */
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", opened);
  else opened();

  window.tablesOffline = { send: send, show: show };
})();
