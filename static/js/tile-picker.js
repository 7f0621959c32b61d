/* The scorer's boxes of tiles (Riichi's dora indicators): loaded by the pages whose form has
   one (ScoreForm.scripts), after scorer.js. */
(function () {
  "use strict";

  /* A box of tiles (the dora indicators) with its picker: the tiles in the box drawn as buttons
     that remove them, and keys that add one, each change written to the box as a player would
     type it ("3s 7z") and asked at once ("tapped"). A box whose text is not tiles yet is left as
     it is: the picker shows nothing picked and adds after what is typed. */
  function tilePickers(form) {
    form.querySelectorAll(".tile-picker").forEach(function (picker) {
      var box = document.getElementById(picker.dataset.for);
      var picked = picker.querySelector(".picked");
      var toggle = picker.querySelector(".pick-toggle");
      var keys = picker.querySelector(".pick-keys");
      if (!box || !picked || !toggle || !keys) return;
      var most = Number(picker.dataset.most) || 5;
      var faces = {};
      keys.querySelectorAll(".key").forEach(function (k) { faces[k.dataset.code] = k; });

      function read() { return window.scorer.readTiles(box.value) || []; }
      function draw() {
        var codes = read();
        picked.textContent = "";
        codes.forEach(function (code, index) {
          var key = faces[code], b = document.createElement("button");
          b.type = "button";
          b.className = key ? key.className.replace(" key", "") : "tile";
          b.innerHTML = key ? key.innerHTML : code;
          b.setAttribute("aria-label", picker.dataset.removeLabel.replace(
            "%s", key ? key.getAttribute("aria-label") : code));
          b.dataset.index = index;
          picked.appendChild(b);
        });
        var full = codes.length >= most || (box.value.trim() && !window.scorer.readTiles(box.value));
        keys.querySelectorAll(".key").forEach(function (k) { k.disabled = !!full; });
      }
      function write(codes) {
        box.value = codes.join(" ");
        box.removeAttribute("aria-invalid");
        draw();
        box.dispatchEvent(new Event("tapped", { bubbles: true }));
      }
      toggle.addEventListener("click", function () {
        var open = toggle.getAttribute("aria-expanded") !== "true";
        toggle.setAttribute("aria-expanded", String(open));
        keys.hidden = !open;
      });
      keys.addEventListener("click", function (event) {
        var b = event.target.closest("button.key");
        if (!b || b.disabled) return;
        write(read().concat([b.dataset.code]));
      });
      picked.addEventListener("click", function (event) {
        var b = event.target.closest("button");
        if (!b) return;
        var codes = read();
        codes.splice(Number(b.dataset.index), 1);
        write(codes);
        (picked.querySelector("button") || toggle).focus();
      });
      box.addEventListener("input", draw);
      picker.hidden = false;
      draw();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("scorer");
    if (form) tilePickers(form);
  });
})();
