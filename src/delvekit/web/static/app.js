// delvekit pages: turn clicks on the server-drawn SVG into editor requests (htmx does the rest).
(function () {
  "use strict";

  function mover() { return document.getElementById("mover"); }

  function send(action, field, value) {
    var form = mover();
    if (!form) { return; }
    form.querySelector("#action").value = action;
    if (field) { form.querySelector("#" + field).value = value; }
    htmx.trigger(form, "submit");
  }

  document.addEventListener("click", function (event) {
    var form = mover();
    if (!form || !form.contains(event.target)) { return; }
    var tool = (form.querySelector("input[name=tool]:checked") || {}).value;
    var edge = event.target.closest("[data-edge]");
    if (edge) { send("edge", "edge", edge.getAttribute("data-edge")); return; }
    var cell = event.target.closest(".aoe-grid [data-aoe]");
    if (cell) { send("aoe", "aoe", cell.getAttribute("data-aoe")); return; }
    var hex = event.target.closest("svg.board [data-hex]");
    if (hex && tool !== "wall-edge") { send("click", "hex", hex.getAttribute("data-hex")); return; }
    if (event.target.id === "export") { exportDoc(form); return; }
    if (event.target.id === "import") { form.querySelector("#import_file").click(); }
  });

  // Inputs that only feed a button (example, scenario, size) must not post on change: the
  // re-drawn form would forget the choice before the button is pressed.
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!mover() || !mover().contains(target)) { return; }
    if (target.id === "import_file") {
      event.stopPropagation();
      var file = target.files && target.files[0];
      if (!file) { return; }
      file.text().then(function (text) {
        mover().querySelector("#import_text").value = text;
        send("import");
      });
      return;
    }
    if (target.hasAttribute("data-nolive")) { event.stopPropagation(); }
  }, true);

  function exportDoc(form) {
    var doc = JSON.parse(form.querySelector("input[name=doc]").value);
    var name = (doc.cases && doc.cases[0] && doc.cases[0].id) || "board";
    var blob = new Blob([JSON.stringify(doc, null, 1) + "\n"], { type: "application/json" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name + ".json";
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  // Hovering an outcome in the list draws its path, attacks and area on the board.
  function showOutcome(index) {
    var form = mover();
    if (!form) { return; }
    form.querySelectorAll("svg.board .outcome").forEach(function (g) {
      g.classList.toggle("show", g.getAttribute("data-outcome") === index);
    });
    form.querySelectorAll(".outcome-item").forEach(function (li) {
      li.classList.toggle("show", li.getAttribute("data-outcome") === index);
    });
  }
  document.addEventListener("mouseover", function (event) {
    var item = event.target.closest && event.target.closest(".outcome-item, svg.board .outcome");
    if (item && mover() && mover().contains(item)) { showOutcome(item.getAttribute("data-outcome")); }
  });
  document.addEventListener("focusin", function (event) {
    var item = event.target.closest && event.target.closest(".outcome-item");
    if (item) { showOutcome(item.getAttribute("data-outcome")); }
  });

  // A refused request (a tampered page, a server problem) is shown, never swallowed.
  document.addEventListener("htmx:responseError", function (event) {
    var flash = document.getElementById("flash");
    var xhr = event.detail.xhr;
    var text = xhr.responseText || ("request failed: " + xhr.status);
    try { text = JSON.parse(text).detail || text; } catch (e) { /* an HTML fragment */ }
    flash.textContent = String(text).replace(/<[^>]*>/g, "");
    flash.classList.add("on");
    setTimeout(function () { flash.classList.remove("on"); }, 6000);
  });
  document.addEventListener("htmx:sendError", function () {
    var flash = document.getElementById("flash");
    flash.textContent = "the server did not answer";
    flash.classList.add("on");
  });
})();
