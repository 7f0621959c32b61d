/* The trainer's memory, on this phone only (localStorage, no account): for each variant, each
   pattern's Leitner box. A pattern missed or ticked wrongly goes back to box 0 and is due at the
   next drill; one got right moves up a box and comes back after 2^box drills. The "Next" links
   ask for the pattern most due (the server makes the drill from its library example); the
   variant's page lists the shaky ones. Marking is the server's (the engine's): this file only
   remembers what it said. */
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
      var isShaky = !!p && p.box < 2;
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

  document.addEventListener("DOMContentLoaded", function () {
    var marked = document.getElementById("marked");
    var form = document.querySelector("form.drill");
    if (marked) focusLinks(marked.dataset.variant, remember(marked));
    else if (form) focusLinks(form.dataset.variant, load(form.dataset.variant));
    document.querySelectorAll("[data-progress]").forEach(progress);
    document.querySelectorAll("[data-progress-count]").forEach(function (small) {
      var memory = load(small.dataset.progressCount);
      if (memory.drills) small.textContent = "· " + memory.drills;
    });
  });
})();
