/* The American card kept on the phone: loaded by the pages whose form has the card's box
   (ScoreForm.scripts), after scorer.js. */
(function () {
  "use strict";

  /* The American card: pasted once, kept on this phone (localStorage; a cookie cannot hold it).
     Put back when the page shows no card of its own (empty or the demo) and its link names none. */
  var CARD_KEY = "mahjong.american-card";

  function isCardText(text) { return text.indexOf("\n") >= 0 || text.indexOf(":") >= 0; }

  function keepCard(form) {
    var box = form.querySelector("textarea[name=american-card]");
    var store = null;
    try { store = window.localStorage; } catch (e) { /* storage turned off: paste each time */ }
    if (!box || !store) return;
    var kept = store.getItem(CARD_KEY), shown = box.value.trim();
    var named = new URLSearchParams(location.search).get("american-card");
    if (kept && !named && (shown === "" || shown === "demo")) {
      box.value = kept;
      var hand = form.querySelector("input[name=hand]");
      if (hand && hand.value.trim()) box.dispatchEvent(new Event("change", { bubbles: true }));
    }
    box.addEventListener("input", function () {
      if (isCardText(box.value)) store.setItem(CARD_KEY, box.value);
      else store.removeItem(CARD_KEY);  // demo, temporary or cleared: the player's choice
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("scorer");
    if (form) keepCard(form);
  });
})();
