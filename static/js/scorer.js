/* The tile keyboard and the notation box, kept in step both ways; the share button.
   The page works without this file: the notation box alone is a plain GET form. */
(function () {
  "use strict";

  var ORDER = "mpszfJ";
  var ALIASES = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z", J: "J" };
  var SIZES = { m: 9, p: 9, s: 9, z: 7, f: 8 };
  /* The aliases this page reads: an American hand refuses F (a flower there is 1f..8f, the green
     dragon 6z), so typed F is left for the engine to explain, never turned into 6z here. */
  var aliases = ALIASES;

  function sortKey(code) {
    if (code === "J") return 600;
    /* a red five (0m, Riichi) sorts as a five, before the plain ones */
    return ORDER.indexOf(code.slice(-1)) * 10 + (code[0] === "0" ? 4.5 : Number(code[0]));
  }
  function byKey(a, b) { return sortKey(a) - sortKey(b); }

  /* Read tiles in one run of text; null when it is not notation. */
  function readTiles(text) {
    var out = [], digits = "";
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (/[0-9]/.test(c)) { digits += c; continue; }
      if (SIZES[c]) {
        if (!digits) return null;
        for (var j = 0; j < digits.length; j++) {
          var rank = Number(digits[j]);
          if ((rank < 1 && "mps".indexOf(c) < 0) || rank > SIZES[c]) return null;
          out.push(rank + c);
        }
        digits = "";
        continue;
      }
      if (aliases[c]) { if (digits) return null; out.push(aliases[c]); continue; }
      if (/\s/.test(c)) { if (digits) return null; continue; }
      return null;
    }
    return digits ? null : out;
  }

  /* The hand model: concealed tiles in the order added, groups, an explicit winning tile. */
  function parse(text) {
    var model = { concealed: [], groups: [], winning: null };
    var re = /([[(])([^\])]*)([\])])|\+\s*(\S+)\s*$|([^[(+]+)/g, m, rest = text.trim();
    while ((m = re.exec(rest)) !== null) {
      if (m[1]) {
        if ((m[1] === "[") !== (m[3] === "]")) return null;
        var inside = readTiles(m[2]);
        if (!inside || !inside.length) return null;
        model.groups.push({ bracket: m[1], tiles: inside.sort(byKey) });
      } else if (m[4]) {
        var won = readTiles(m[4]);
        if (!won || won.length !== 1 || model.concealed.indexOf(won[0]) < 0) return null;
        model.winning = won[0];
      } else {
        var loose = readTiles(m[5]);
        if (!loose) return null;
        model.concealed = model.concealed.concat(loose);
      }
    }
    return model;
  }

  /* Tiles toward the hand's 14: a kong counts as 3 and flowers are bonus tiles, except where
     the variant counts every tile (American; the form's data-every-tile-counts, contract §1). */
  function tileCount(model, everyTile) {
    var n = 0;
    model.concealed.forEach(function (code) { if (everyTile || !/f$/.test(code)) n += 1; });
    model.groups.forEach(function (g) {
      n += !everyTile && g.tiles.length === 4 ? 3 : g.tiles.length;
    });
    return n;
  }

  function formatTiles(codes) {
    var out = "", run = null;
    codes.slice().sort(byKey).forEach(function (code) {
      var suit = code === "J" ? "J" : code.slice(-1);
      if (run && run !== suit && run !== "J") out += run;
      out += code === "J" ? "J" : code[0];
      run = suit;
    });
    if (run && run !== "J") out += run;
    return out;
  }

  function winningOf(model) {
    if (model.winning) return model.winning;
    for (var i = model.concealed.length - 1; i >= 0; i--) {
      if (/[mpsz]$/.test(model.concealed[i])) return model.concealed[i];
    }
    return null;
  }

  function format(model) {
    var parts = [];
    if (model.concealed.length) parts.push(formatTiles(model.concealed));
    model.groups.forEach(function (g) {
      parts.push(g.bracket + formatTiles(g.tiles) + (g.bracket === "[" ? "]" : ")"));
    });
    var won = winningOf(model);
    if (won) parts.push("+" + won);
    return parts.join(" ");
  }

  function counts(model) {
    var n = {};
    model.concealed.concat.apply(model.concealed, model.groups.map(function (g) { return g.tiles; }))
      .forEach(function (code) { n[code] = (n[code] || 0) + 1; });
    return n;
  }

  var SET_SIZES = { pung: 3, kong: 4, ckong: 4, quint: 5, sextet: 6 };

  function chowOf(code) {
    var rank = Number(code[0]), suit = code.slice(-1);
    if ("mps".indexOf(suit) < 0 || code === "J" || rank > 7) return null;
    if (rank === 0) return [code, "6" + suit, "7" + suit];  /* a red five starts 0 6 7 */
    return [rank + suit, (rank + 1) + suit, (rank + 2) + suit];
  }

  /* One Tab stop per group of buttons (a roving tabindex): the group's current button has
     tabindex 0, the others -1. The arrow keys move between its enabled buttons: Left and Right
     in the order they are written, Up and Down to the nearest one in the row drawn above or
     below (the tile keys are a grid); Home and End to the first and the last. Enter and Space
     press the focused button, as for any button. `settle(focused)` after the buttons changed:
     one enabled button keeps the stop, and a focused button just disabled (a tile's last copy
     added) hands the focus to its nearest neighbour. */
  var MOVES = { ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "up", ArrowDown: "down",
                Home: "first", End: "last" };

  function rove(group, selector) {
    function all() { return Array.prototype.slice.call(group.querySelectorAll(selector)); }
    function enabled() { return all().filter(function (b) { return !b.disabled; }); }
    function choose(target) {
      all().forEach(function (b) {
        var stop = b === target ? 0 : -1;
        if (b.tabIndex !== stop || !b.hasAttribute("tabindex")) b.tabIndex = stop;
      });
    }
    function nearestEnabled(from) {
      var list = all(), at = list.indexOf(from);
      for (var d = 1; at >= 0 && d < list.length; d++) {
        if (list[at + d] && !list[at + d].disabled) return list[at + d];
        if (list[at - d] && !list[at - d].disabled) return list[at - d];
      }
      return enabled()[0] || null;
    }
    function vertical(from, down) {
      var here = from.getBoundingClientRect(), x = here.left + here.width / 2, best = null;
      var bestRow = null, bestDx = Infinity;
      enabled().forEach(function (b) {
        var r = b.getBoundingClientRect();
        var row = down ? r.top >= here.bottom - 1 : r.bottom <= here.top + 1;
        if (!row) return;
        var rowKey = Math.round(r.top);
        var closer = bestRow === null || (down ? rowKey < bestRow : rowKey > bestRow);
        var dx = Math.abs(r.left + r.width / 2 - x);
        if (closer || (rowKey === bestRow && dx < bestDx)) {
          best = b; bestRow = rowKey; bestDx = dx;
        }
      });
      return best;
    }
    group.addEventListener("keydown", function (event) {
      var move = MOVES[event.key], from = event.target.closest(selector);
      if (!move || !from || event.altKey || event.ctrlKey || event.metaKey) return;
      var list = enabled(), at = list.indexOf(from), to = null;
      if (move === "prev") to = list[at - 1];
      else if (move === "next") to = list[at + 1];
      else if (move === "first") to = list[0];
      else if (move === "last") to = list[list.length - 1];
      else to = vertical(from, move === "down");
      event.preventDefault();
      if (to) { choose(to); to.focus(); }
    });
    group.addEventListener("focusin", function (event) {
      var b = event.target.closest(selector);
      if (b) choose(b);
    });
    return function settle(focused) {
      var on = group.querySelector(selector + '[tabindex="0"]') || all()[0];
      if (on && on.disabled) on = nearestEnabled(on);
      choose(on);
      if (focused && focused.disabled && on) on.focus();
    };
  }

  function setup(form) {
    if (form.dataset.refusedAliases) {  /* the variant's own, e.g. American's F */
      aliases = Object.assign({}, ALIASES);
      form.dataset.refusedAliases.split("").forEach(function (a) { delete aliases[a]; });
    }
    var box = form.querySelector("input[name=hand]");
    var view = document.getElementById("hand-view");
    var keyboard = form.querySelector(".keyboard");
    if (!box || !view || !keyboard) return;
    var keys = Array.prototype.slice.call(keyboard.querySelectorAll(".key"));
    var faces = {};
    keys.forEach(function (k) { faces[k.dataset.code] = k; });
    var mode = "tile";
    var settleKeys = rove(keyboard.querySelector(".key-rows") || keyboard, ".key");
    var settleModes = rove(keyboard.querySelector(".modes") || keyboard, "[data-mode]");
    var settleHand = rove(view, "button");
    var actionRow = form.querySelector(".kb-actions");
    if (actionRow) rove(actionRow, "button")(null);
    var model = parse(box.value) || { concealed: [], groups: [], winning: null };
    var history = [];

    function tileButton(code, group, index, winning) {
      var b = document.createElement("button");
      var key = faces[code];
      b.type = "button";
      b.className = (key ? key.className.replace(" key", "") : "tile") + (winning ? " win" : "");
      b.innerHTML = key ? key.innerHTML : code;
      var name = key ? key.getAttribute("aria-label") : code;
      b.setAttribute("aria-label", view.dataset.removeLabel.replace("%s", name) +
        (winning ? " (" + view.dataset.winningLabel + ")" : ""));
      b.dataset.group = group;
      b.dataset.index = index;
      return b;
    }

    /* The hand view drawn again as a change of the one shown: the groups and tiles already
       there stay (a tap adds one tile), and only what changed is made and laid out again. Drawn
       from nothing, a 14-tile hand was 80 layout objects: 14 to 17 ms of a tap's frame at 4x
       CPU (a trace of MCR taps), against 17 objects and 3 ms. Each part shown is known by
       what it draws (a tile: its code, group and whether it is the winning one). */
    function shownAs(node) {
      if (node.nodeName === "BUTTON") {
        return node.dataset.group + " " + node.dataset.index + (node.classList.contains("win") ? " win" : "");
      }
      return node.nodeName === "SPAN" ? node.className : null;
    }
    function patch(into, wanted) {
      var have = Array.prototype.slice.call(into.childNodes), at = 0;
      wanted.forEach(function (part) {
        var j = at;
        while (j < have.length && shownAs(have[j]) !== part.as) j++;
        if (j === have.length) { into.insertBefore(part.make(), have[at] || null); return; }
        for (; at < j; at++) into.removeChild(have[at]);
        if (part.tiles) patch(have[j], part.tiles);
        at = j + 1;
      });
      for (; at < have.length; at++) into.removeChild(have[at]);
    }
    function tilePart(code, group, winning) {
      return { as: group + " " + code + (winning ? " win" : ""),
               make: function () { return tileButton(code, group, code, winning); } };
    }
    function groupPart(className, tiles) {
      return { as: className, tiles: tiles, make: function () {
        var span = document.createElement("span");
        span.className = className;
        tiles.forEach(function (t) { span.appendChild(t.make()); });
        return span;
      } };
    }

    function render() {
      var won = winningOf(model);
      var rest = model.concealed.slice();
      if (won) rest.splice(rest.lastIndexOf(won), 1);
      var parts = [];
      if (rest.length) {
        parts.push(groupPart("group concealed", rest.sort(byKey).map(function (code) {
          return tilePart(code, -1, false);
        })));
      }
      model.groups.forEach(function (g, i) {
        parts.push(groupPart("group " + (g.bracket === "[" ? "exposed" : "kong"),
          g.tiles.map(function (code) { return tilePart(code, i, false); })));
      });
      if (won) parts.push(groupPart("group winning", [tilePart(won, -2, true)]));
      if (!parts.length) {
        parts.push({ as: "empty", make: function () {
          var p = document.createElement("span");
          p.className = "empty";
          p.textContent = view.dataset.emptyLabel;
          return p;
        } });
      }
      patch(view, parts);
      var n = counts(model);
      var focusedKey = keys.indexOf(document.activeElement) >= 0 ? document.activeElement : null;
      keys.forEach(function (k) {
        var code = k.dataset.code, most = Number(k.dataset.max), have = n[code] || 0, ok;
        if (mode === "chow") {
          var run = chowOf(code);
          ok = run && run.every(function (c) { return (n[c] || 0) + 1 <= 4 && faces[c]; });
        } else if (SET_SIZES[mode]) {
          ok = code !== "J" && setOf(code, SET_SIZES[mode], most - have, 8 - (n.J || 0)) !== null;
        } else {
          ok = have < most && (mode !== "win" || /[mpsz]$/.test(code));
        }
        if (k.disabled !== !ok) k.disabled = !ok;  /* unchanged keys: no style to recalc */
      });
      settleKeys(focusedKey);
      settleModes(null);
      settleHand(null);
    }

    /* A tap changed the hand: ask at once ("tapped" has no delay in the form's hx-trigger; the
       350 ms delay is for typing). */
    function commit() {
      box.value = format(model);
      box.removeAttribute("aria-invalid");
      render();
      box.dispatchEvent(new Event("tapped", { bubbles: true }));
    }

    function snapshot() { history.push(JSON.stringify(model)); }

    /* American sets may hold jokers: the counter says how many the next set takes (more when
       the set is bigger than the tile's copies left; at least one real tile). */
    var jokerButton = keyboard.querySelector("[data-action=jokers]");
    function setJokers(count) {
      if (!jokerButton) return;
      jokerButton.dataset.count = String(count);
      jokerButton.textContent = jokerButton.dataset.label.replace("%s", count);
    }
    function setOf(code, size, left, jokersLeft) {
      var wanted = jokerButton ? Number(jokerButton.dataset.count) : 0;
      var jokers = Math.max(wanted, size - left);
      if (jokers > jokersLeft || jokers >= size || (jokers && !jokerButton)) return null;
      var tiles = [];
      for (var i = 0; i < size; i++) tiles.push(i < size - jokers ? code : "J");
      return tiles;
    }

    function setMode(next) {
      mode = next;
      keyboard.querySelectorAll("[data-mode]").forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
      });
      render();
    }

    /* Undo and Clear, beside the notation box. */
    var actions = form.querySelector(".kb-actions");
    if (actions) {
      actions.addEventListener("click", function (event) {
        var b = event.target.closest("button");
        if (!b) return;
        if (b.dataset.action === "clear") {
          snapshot(); model = { concealed: [], groups: [], winning: null }; commit();
        } else if (b.dataset.action === "undo" && history.length) {
          model = JSON.parse(history.pop()); commit();
        }
      });
    }

    keyboard.addEventListener("click", function (event) {
      var b = event.target.closest("button");
      if (!b || b.disabled) return;
      if (b.dataset.mode) { setMode(b.dataset.mode === mode ? "tile" : b.dataset.mode); return; }
      if (b.dataset.action === "jokers") {  // 0, 1, 2 ... 5, then 0 again
        setJokers((Number(b.dataset.count) + 1) % 6);
        render();
        return;
      }
      if (!b.dataset.code) return;
      snapshot();
      model = withKey(model, b);
      if (SET_SIZES[mode]) setJokers(0);
      if (mode !== "tile") setMode("tile");  // a set or the winning tile is one tap: back to tiles
      commit();
    });

    /* The hand as a tap on key b leaves it. */
    function withKey(from, b) {
      var next = JSON.parse(JSON.stringify(from)), code = b.dataset.code, n = counts(from);
      if (mode === "chow") next.groups.push({ bracket: "[", tiles: chowOf(code) });
      else if (SET_SIZES[mode]) {
        next.groups.push({ bracket: mode === "ckong" ? "(" : "[", tiles: setOf(
          code, SET_SIZES[mode], Number(b.dataset.max) - (n[code] || 0), 8 - (n.J || 0)) });
      } else {
        next.concealed.push(code);
        if (mode === "win") next.winning = code;
      }
      return next;
    }

    /* Asked while the finger is down (pocket.js). */
    keyboard.addEventListener("pointerdown", function (event) {
      var b = event.target.closest("button");
      if (!b || b.disabled || !b.dataset.code || !window.pocket || !pocket.prefetch) return;
      pocket.prefetch(form, { hand: format(withKey(model, b)) });
    });

    view.addEventListener("click", function (event) {
      var b = event.target.closest("button");
      if (!b) return;
      snapshot();
      var group = Number(b.dataset.group), code = b.dataset.index;
      if (group >= 0) {
        model.groups.splice(group, 1);
      } else {
        if (group === -2 || model.winning === code) model.winning = null;
        model.concealed.splice(model.concealed.lastIndexOf(code), 1);
      }
      commit();
      var next = view.querySelector("button") || keys[0];
      if (next) next.focus();
    });

    /* No request while the hand is still being tapped in: fewer tiles than a hand holds (kongs
       as 3 and flowers aside; an American hand counts every tile). The score line says how many
       are missing instead, and the result below is cleared rather than left stale. The Score
       button still asks, so a short hand typed on purpose gets the server's message. */
    var everyTile = form.dataset.everyTileCounts === "1";
    form.addEventListener("htmx:confirm", function (event) {
      var trigger = event.detail.triggeringEvent;
      if (trigger && trigger.type === "submit") return;
      if (countedByFans(form)) return;  // scored by its ticked fans, not its tiles
      var read = parse(box.value);
      if (!read) return;  // not notation: the server says what is wrong
      var missing = 14 - tileCount(read, everyTile);
      if (missing <= 1) return;  // complete, or one short: the server says what wins
      event.preventDefault();
      var pending = document.getElementById("hand-error");  // swapped out of band: look again
      if (pending) {
        pending.textContent = "";
        if (box.value.trim()) {
          var line = document.createElement("p");
          line.className = "summary pending";
          line.textContent = pending.dataset.missingLabel.replace("%s", missing);
          pending.appendChild(line);
        }
      }
      var result = document.getElementById("result");
      if (result && result.dataset.placeholder) {
        var hint = document.createElement("p");
        hint.className = "muted";
        hint.textContent = result.dataset.placeholder;
        result.replaceChildren(hint);
      }
    });

    /* A wait of a 13-tile hand (the result's list) completes the hand in place: the tile is
       added as the winning tile and the form asks as after any tap (an htmx swap; the address
       bar shows the permalink it answers). The link itself stays for a page without this file. */
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("#result a.wait[data-tile]");
      if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
      var read = parse(box.value);
      if (!read) return;  // not notation: the link completes it
      event.preventDefault();
      snapshot();
      model = read;
      model.concealed.push(link.dataset.tile);
      model.winning = link.dataset.tile;
      commit();
    });

    box.addEventListener("input", function (event) {
      if (!event.isTrusted) return;
      var read = parse(box.value);
      if (read) { model = read; render(); }
    });

    var variant = form.querySelector("select[name=variant]");
    if (variant) {
      variant.addEventListener("change", function (event) {
        event.stopPropagation();
        form.submit();
      });
    }
    render();
  }

  /* A flag that says how the tile came sets self-drawn to match (a kong replacement is drawn; a
     robbed kong is another player's tile), and changing self-drawn clears the flags it no longer
     fits. Which way each flag points comes from the engine's rules (data-self-drawn). Capture
     phase: self-drawn is set before htmx reads the form for this change. */
  function keepFlagsTogether(form) {
    var selfDrawn = form.querySelector("input[name=self_drawn]");
    if (!selfDrawn) return;
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.dataset && box.dataset.selfDrawn && box.checked) {
        selfDrawn.checked = box.dataset.selfDrawn === "1";
      } else if (box === selfDrawn) {
        form.querySelectorAll("input[data-self-drawn]").forEach(function (flag) {
          if ((flag.dataset.selfDrawn === "1") !== selfDrawn.checked) flag.checked = false;
        });
      }
    }, true);
  }

  /* Whether the hand is entered by its fans ("Count by fans", MCR): a fan ticked, or counted. */
  function countedByFans(form) {
    return Array.prototype.some.call(form.querySelectorAll(".fan-ticks input, .fan-ticks select"),
      function (box) { return box.type === "checkbox" ? box.checked : box.value && box.value !== "0"; });
  }

  /* A fault in a house rule (a card line) is shown next to its field: open the rules to see it. */
  document.addEventListener("htmx:afterSettle", function () {
    var rules = document.querySelector("details.rules");
    if (rules && rules.querySelector(".rule-error .error")) rules.open = true;
  });

  /* The player's first result (a score or a list of waits in #result), for what waits for it:
     the pocket (below) and, on a first visit, the service worker's install (shell.js). A page
     opened with its result (a permalink) has it from the start; one the player asked for is
     announced once, by "scorer:result" on document. */
  function resultShown() {
    var result = document.getElementById("result");
    return !!result && !!result.querySelector(".score, .waits-list");
  }
  var announced = false;
  document.addEventListener("htmx:afterSettle", function (event) {
    var result = document.getElementById("result");
    if (announced || !result || !result.contains(event.target) || !resultShown()) return;
    announced = true;
    document.dispatchEvent(new CustomEvent("scorer:result"));
  });
  window.scorer = { resultShown: resultShown, readTiles: readTiles };  // and for tile-picker.js

  /* The pocket's loader (docs/pocket.md): pocket.js after the first result, or in the app. */
  var pocketData = document.getElementById("pocket-data"), pocketLoad;
  function loadPocket() {
    return pocketLoad = pocketLoad || window.shell.load(JSON.parse(pocketData.textContent).src)
      .then(function () { return window.pocket.start(); });
  }
  if (pocketData && window.Worker && window.WebAssembly) {
    window.pocket = { state: "off", start: loadPocket };
    document.addEventListener("DOMContentLoaded", function () {
      if (matchMedia("(display-mode: standalone)").matches) loadPocket();
    });
    document.addEventListener("scorer:result", loadPocket);
  }

  /* The result's one tap, "Add to <table>" (table-tap.js): loaded after the first result, only
     where the page has a table to add it to; a tap before it is there waits for it (htmx asks
     again once it is). */
  var tapScript = document.currentScript.dataset.tap;
  function loadTap() {
    var result = document.getElementById("result");
    if (result && result.dataset.table && !window.tableTap) return window.shell.load(tapScript);
  }
  document.addEventListener("scorer:result", loadTap);
  document.addEventListener("DOMContentLoaded", function () { if (resultShown()) loadTap(); });
  document.addEventListener("htmx:confirm", function (event) {
    if (window.tableTap || !event.target.matches("#hand-error a.add-here[hx-post]")) return;
    event.preventDefault();
    window.shell.load(tapScript).then(function () {
      window.tableTap.late(event.target, function () { event.detail.issueRequest(true); });
    });
  });

  document.addEventListener("click", function (event) {
    var b = event.target.closest("button.share");
    if (!b) return;
    var url = new URL(b.dataset.share, location.href).href;
    var status = b.parentNode.querySelector(".shared");
    if (navigator.share) {
      navigator.share({ title: document.title, url: url }).catch(function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(url).then(function () {
        if (status) status.textContent = b.dataset.copied;
      }, function () { window.prompt(b.dataset.copied, url); });
    } else {
      window.prompt(b.dataset.copied, url);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("scorer");
    if (form) { setup(form); keepFlagsTogether(form); }
  });
})();
