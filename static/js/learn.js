/* The trainer's memory, on this phone only (localStorage, no account): for each variant, each
   pattern's Leitner box. A pattern missed or ticked wrongly goes back to box 0 and is due at the
   next drill; one got right moves up a box and comes back after 2^box drills. The "Next" links
   ask for the pattern most due (the server makes the drill from its library example); the
   variant's page lists the shaky ones. Marking is the engine's: this file only remembers what
   it said.

   Once the pocket engine is ready (window.pocket, docs/pocket.md), a drill's answer and the next
   drill are worked out in the phone: the same fragment (pocket/drill.jinja) the server renders,
   swapped into the page, with no round trip, online or off. A drill page the service worker
   kept, shown offline for another drill's address, is rendered for its own address the same
   way. Where the phone cannot answer, the browser asks the server as without this. */
(function () {
  "use strict";
  var PREFIX = "mahjong-learn:", KNOWN_BOX = 3, TOP_BOX = 4;

  function load(variant) {
    try {
      var kept = JSON.parse(localStorage.getItem(PREFIX + variant));
      if (kept && kept.patterns) return kept;
    } catch (e) { /* no storage, or not ours */ }
    return { drills: 0, last: "", patterns: {} };
  }

  function save(variant, memory) {
    try { localStorage.setItem(PREFIX + variant, JSON.stringify(memory)); } catch (e) { /* full */ }
  }

  function ids(text) { return (text || "").split(/\s+/).filter(Boolean); }

  /* One marked drill, counted once (a reload of its page is not a second answer). */
  function remember(section) {
    var variant = section.dataset.variant, memory = load(variant);
    if (memory.last === section.dataset.drill) return memory;
    memory.last = section.dataset.drill;
    memory.drills += 1;
    var wrong = ids(section.dataset.missed).concat(ids(section.dataset.added));
    ids(section.dataset.counted).concat(wrong).forEach(function (id) {
      var p = memory.patterns[id] || { box: 0, due: 0 };
      p.box = wrong.indexOf(id) >= 0 ? 0 : Math.min(p.box + 1, TOP_BOX);
      p.due = memory.drills + Math.pow(2, p.box) - 1;
      memory.patterns[id] = p;
    });
    save(variant, memory);
    return memory;
  }

  /* The pattern to meet again now: due, in the lowest box, the longest overdue first. */
  function mostDue(memory) {
    var best = null;
    Object.keys(memory.patterns).forEach(function (id) {
      var p = memory.patterns[id];
      if (p.due > memory.drills || p.box >= TOP_BOX) return;
      if (!best || p.box < best.box || (p.box === best.box && p.due < best.due)) {
        best = { id: id, box: p.box, due: p.due };
      }
    });
    return best && best.id;
  }

  function focusLinks(variant, memory) {
    var due = mostDue(memory);
    if (!due) return;
    document.querySelectorAll("a[data-next]").forEach(function (a) {
      var url = new URL(a.href, location.href);
      url.searchParams.set("focus", due);
      a.href = url.pathname + url.search;
    });
  }

  function progress(section) {
    var memory = load(section.dataset.progress), known = 0, shaky = 0;
    var items = section.querySelectorAll("[data-list=shaky] li[data-pattern]");
    items.forEach(function (li) {
      var p = memory.patterns[li.dataset.pattern];
      if (p && p.box >= KNOWN_BOX) known += 1;
      var isShaky = !!p && p.box === 0;  // missed or ticked wrongly the last time it came
      if (isShaky) shaky += 1;
      li.hidden = !isShaky;
    });
    var summary = section.querySelector("[data-progress-summary]");
    if (memory.drills && summary) {
      summary.textContent = summary.dataset.template.replace("%(known)s", known)
        .replace("%(shaky)s", shaky).replace("%(unseen)s", items.length - Object.keys(memory.patterns).length);
    }
    focusLinks(section.dataset.progress, memory);
  }

  function drillShown() {
    var marked = document.getElementById("marked");
    var form = document.querySelector("form.drill");
    if (marked) focusLinks(marked.dataset.variant, remember(marked));
    else if (form) focusLinks(form.dataset.variant, load(form.dataset.variant));
  }

  /* In the phone ---------------------------------------------------------------------------- */

  function samePairs(a, b) {
    return new URLSearchParams(a).toString() === new URLSearchParams(b).toString();
  }

  function ready() { return window.pocket && window.pocket.state === "ready"; }

  /* The drill at `url` rendered by the pocket engine and shown in place; false where it cannot
     (not ready, or a page it does not render). */
  function showInPhone(url, push) {
    if (!ready() || !window.pocket.render) return Promise.resolve(false);
    var pairs = Array.from(url.searchParams);
    return window.pocket.render("GET", url.pathname, pairs).then(function (answer) {
      var page = document.querySelector("[data-drill-page]");
      if (!answer || !page) return false;
      page.outerHTML = answer.html;
      if (push) history.pushState({ drill: true }, "", url.pathname + url.search);
      var heading = document.querySelector("[data-drill-page] h1");
      if (heading) document.title = heading.textContent + " · " + document.title.split(" · ").pop();
      drillShown();
      if (push) window.scrollTo(0, 0);
      return true;
    }, function () { return false; });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.drill") || !ready()) return;
    event.preventDefault();
    var url = new URL(form.action, location.href);
    url.search = new URLSearchParams(new FormData(form)).toString();
    showInPhone(url, true).then(function (shown) { if (!shown) location.href = url.href; });
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-drill-page] a[data-next]");
    if (!link || event.button || event.metaKey || event.ctrlKey || !ready()) return;
    event.preventDefault();
    var url = new URL(link.href, location.href);
    showInPhone(url, true).then(function (shown) { if (!shown) location.href = url.href; });
  });

  window.addEventListener("popstate", function () {
    if (!document.querySelector("[data-drill-page]")) return;
    showInPhone(new URL(location.href), false).then(function (shown) {
      if (!shown) location.reload();
    });
  });

  /* A kept page shown for another drill's address (offline: this drill's own page, or the one
     drill page kept for all): the phone renders this one. */
  function ownAddress() {
    var page = document.querySelector("[data-drill-page]");
    if (!page || (page.dataset.path === location.pathname
                  && samePairs(page.dataset.asked, location.search.slice(1)))) return;
    page.setAttribute("aria-busy", "true");
    if (!window.pocket || !window.pocket.start) return;
    Promise.resolve(window.pocket.start()).then(function () {
      return showInPhone(new URL(location.href), false);
    }).then(function (shown) {
      var still = document.querySelector("[data-drill-page]");
      if (!shown && still) still.removeAttribute("aria-busy");
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    drillShown();
    ownAddress();
    document.querySelectorAll("[data-progress]").forEach(progress);
    document.querySelectorAll("[data-progress-count]").forEach(function (small) {
      var memory = load(small.dataset.progressCount);
      if (memory.drills) small.textContent = "· " + memory.drills;
    });
  });
})();
