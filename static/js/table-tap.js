/* The scorer result's one tap, "Add to <table>", for a player who keeps a table's score: loaded
   by scorer.js after the first result of a page with a table (#result's data-table); a tap that
   comes before it waits for it (window.tableTap.late). */
(function () {
  "use strict";

  /* The result's one tap, "Add to <table>" (pocket/add_to_table.jinja), against a score of the
     same hand that lands around it: leaving the hand box to tap fires the box's change, so the
     form asks its score again while the tap is on its way, and each answer draws the summary
     line with a new button (a new one-time key). Whichever lands last, the line keeps the tap:
     - a score answered after the tap's answer: its button for the same hand (same table, same
       scorer link) is replaced by the tap's answer ("added" and its Undo);
     - a score answered before it: its button takes the tap's one-time key (a second tap is the
       first sent again, stored once), and the tap's answer, whose button is gone, lands in the
       new one's place.
     An Undo answered, or a tap the table refused, lets the next button be a new tap. */
  var tapped = null;  // {to, q, once, link, added: the tap's answer (HTML) once it landed}

  function tapOf(link) {
    var vals = null;
    try { vals = JSON.parse(link.getAttribute("hx-vals") || "null"); } catch (e) { return null; }
    return vals && vals.action === "tap" ? { to: link.getAttribute("hx-post"), q: vals.q, once: vals.once } : null;
  }
  function sameHand(a, b) {
    return !!(a && b && a.to === b.to && a.q === b.q);
  }
  /* The buttons on the page for `tap`'s hand, `except` one. */
  function buttonsFor(tap, except) {
    return Array.prototype.filter.call(
      document.querySelectorAll("#hand-error a.add-here[hx-post]"),
      function (link) { return link !== except && sameHand(tap, tapOf(link)); });
  }
  /* The buttons a score drew for the tapped hand (not the tapped link itself). */
  function drawnAgain() {
    return buttonsFor(tapped, tapped.link);
  }
  function keepTapped() {
    if (!tapped) return;
    drawnAgain().forEach(function (link) {
      if (tapped.added) {
        var holder = document.createElement("template");
        holder.innerHTML = tapped.added;
        var back = holder.content.firstElementChild;
        link.replaceWith(back);
        if (window.htmx) window.htmx.process(back);
      } else if (tapOf(link).once !== tapped.once) {
        var vals = JSON.parse(link.getAttribute("hx-vals"));
        vals.once = tapped.once;
        link.setAttribute("hx-vals", JSON.stringify(vals));
      }
    });
  }
  /* The tap's answer, heard on the link itself (htmx tells its target, here the link): a link
     no longer in the page (a score drew the line again meanwhile) tells no one else. */
  function tapSwap(event) {
    var link = event.currentTarget, html = event.detail.serverResponse || "";
    if (!tapped || tapped.link !== link) return;
    if (event.detail.xhr && event.detail.xhr.getResponseHeader("X-Pocket-Kept")) return;
    // A score of the same hand landed first: the answer goes in its button's place.
    var now = link.isConnected ? null : drawnAgain()[0];
    if (/class="added"/.test(html)) tapped.added = html.trim();
    else tapped = null;  // not added (refused, kept for later): the next button is a new tap
    if (now) event.detail.target = now;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var link = event.detail.elt;
    if (!link || !link.matches) return;
    if (link.matches("#hand-error a.add-here[hx-post]") && tapOf(link)) {
      if (sameHand(tapped, tapOf(link))) tapped.link = link;  // drawn again, with the tap's key
      else tapped = Object.assign(tapOf(link), { link: link, added: null });
      link.removeEventListener("htmx:beforeSwap", tapSwap);
      link.addEventListener("htmx:beforeSwap", tapSwap);
      var said = document.querySelector("#hand-error .summary > a[href='#result']");
      if (said) event.detail.parameters.said = said.textContent.replace(/[\s↓]+/g, " ").trim();
      if (window.shell && !window.shell.online()) {  // known to be offline: kept at once
        event.preventDefault();
        keepOffline(link, event.detail.formData);
      }
    } else if (link.matches("#hand-error a.undo-here")) {
      tapped = null;  // undone: the button it puts back is a new tap
    }
  });

  /* With no connection, the tap is kept on this phone as a pending hand of its table (the
     store and the one-time key of the table's own forms offline: pending-store.js), sent once
     when the connection is back (tables-offline.js); the line says so in the button's place.
     Kept by the page when it knows it is offline, or when no service worker answered; by the
     worker when the network failed under it (it says so: X-Pocket-Kept). */
  function keptHere(link) {
    var note = document.createElement("span");
    note.className = "kept";
    var words = document.createElement("span");
    words.className = "note";
    words.setAttribute("role", "status");
    words.textContent = "✓ " + link.dataset.kept;
    note.appendChild(words);
    if (tapped && tapped.link === link) tapped.added = note.outerHTML;
    var now = link.isConnected ? link : drawnAgain()[0];
    if (now) now.replaceWith(note);
  }
  function keepOffline(link, data) {
    var pairs = [];
    data.forEach(function (value, name) { if (typeof value === "string") pairs.push([name, value]); });
    window.shell.store().then(function (store) {
      var entry = store.entryOf(new URL(link.getAttribute("hx-post"), location.href).pathname, pairs);
      if (!entry) return;
      entry.known = null;  // the board's hand number is not known here
      return store.put(entry).then(function () { keptHere(link); });
    });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var link = event.detail.elt, xhr = event.detail.xhr;
    if (link && tapped && tapped.link === link && xhr && xhr.getResponseHeader("X-Pocket-Kept")) {
      keptHere(link);
    }
  });
  document.addEventListener("htmx:sendError", function (event) {  // no worker yet to keep it
    var link = event.detail.elt;
    if (!link || !tapped || tapped.link !== link
        || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
    keepOffline(link, event.detail.requestConfig.formData);
  });
  new MutationObserver(keepTapped).observe(document.documentElement, { childList: true, subtree: true });

  window.tableTap = {
    /* A tap made before this file was here, held by scorer.js: sent now (`send`), or, when a
       score of the same hand drew the line again meanwhile, by a tap on the button drawn. */
    late: function (link, send) {
      if (link.isConnected) return send();
      var again = buttonsFor(tapOf(link), link)[0];
      if (again) again.click();
    }
  };
})();
