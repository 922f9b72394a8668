// delvekit pages: turn clicks on the server-drawn SVG into editor requests (htmx does the rest).
(function () {
  "use strict";

  function mover() { return document.getElementById("mover"); }

  // Editor requests go one at a time, in order: each answer replaces the whole form (and the
  // document in it), so a click made while a request is in flight waits for the new form and
  // is then replayed on it, with any field the user changed meanwhile.
  var queue = [];
  var busy = false;
  var lastChange = 0;

  function send(action, field, value, change) {
    queue.push({ action: action, field: field, value: value, change: change });
    pump();
  }

  function replay(form, change) {
    var target = form.elements[change.name];
    if (!target) { return; }
    if (target instanceof RadioNodeList) {
      Array.prototype.forEach.call(target, function (el) { el.checked = el.value === change.value; });
    } else if (target.type === "checkbox") {
      target.checked = change.checked;
    } else {
      target.value = change.value;
    }
  }

  function idle() { busy = false; restoreFocus(); remember(); setTimeout(pump, 0); }

  // Focus survives the re-drawn form: the same hex, field or button gets it back.
  var focusKey = null;
  function rememberFocus() {
    var el = document.activeElement, form = mover();
    if (!el || !form || !form.contains(el)) { focusKey = null; return; }
    focusKey = { hex: el.getAttribute("data-hex"), id: el.id, name: el.name, value: el.value, tag: el.tagName };
  }
  function restoreFocus() {
    var form = mover(), k = focusKey;
    if (!form || !k) { return; }
    var el = null;
    if (k.hex) { el = form.querySelector("svg.board .hits [data-hex='" + k.hex + "']"); }
    else if (k.id) { el = form.querySelector("#" + CSS.escape(k.id)); }
    else if (k.name) {
      var all = form.querySelectorAll("[name='" + CSS.escape(k.name) + "']");
      el = Array.prototype.filter.call(all, function (e) { return e.type !== "radio" || e.value === k.value; })[0] || null;
      if (!el) { el = all[0] || null; }
    }
    if (el && el.focus && document.activeElement !== el) { el.focus({ preventScroll: true }); }
  }

  // The board lives in the address (a link to share) and in this browser's storage.
  var STORE = "delvekit-mover-board";
  function remember() {
    var token = document.getElementById("board_token");
    if (!token || !token.value) { return; }
    try { localStorage.setItem(STORE, token.value); } catch (e) { /* storage full or off */ }
    if (token.value.length < 12000 && window.history && history.replaceState) {
      history.replaceState(null, "", "/mover?board=" + token.value);
    }
  }
  if (mover()) {
    var stored = null;
    try { stored = localStorage.getItem(STORE); } catch (e) { stored = null; }
    if (!location.search && stored) { location.replace("/mover?board=" + stored); }
    else { remember(); }
  }
  // For tests and scripts: true when no editor request is queued or in flight.
  window.delvekitIdle = function () { return !busy && queue.length === 0; };

  function pump() {
    var form = mover();
    if (busy || !queue.length || !form) { return; }
    var item = queue.shift();
    rememberFocus();
    if (item.change) { replay(form, item.change); }
    form.querySelector("#action").value = item.action;
    if (item.field) { form.querySelector("#" + item.field).value = item.value; }
    busy = true;
    // htmx.ajax settles once the answer is swapped in (or refused): only then the next request
    // reads the new form.
    var guard = setTimeout(idle, 30000);
    var done = function () { clearTimeout(guard); idle(); };
    htmx.ajax("POST", "/mover/act", { source: form, target: form, swap: "outerHTML" }).then(done, done);
  }

  // Every submission (a button, Enter in a field) becomes one queued request: the page never
  // falls back to a native form post, whatever is in flight.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "mover" && form.id !== "odds") { return; }
    event.preventDefault();
    event.stopPropagation();
    if (form.id === "odds") { htmx.trigger(form, "go"); return; }
    var submitter = event.submitter;
    var action = submitter && submitter.name === "do" ? submitter.value : "update";
    // Enter in a field fires its change first: that request already carries the edit, and a
    // second "update" would wipe the message about it (e.g. a refused Move 31).
    if (action === "update" && Date.now() - lastChange < 300) { return; }
    send(action);
  }, true);

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

  // Changes go through the queue above. Inputs that only feed a button (example, scenario,
  // size) post nothing on change: the re-drawn form would forget the choice before the press.
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
    event.stopPropagation();
    if (target.hasAttribute("data-nolive") || !target.name) { return; }
    // A changed tool, ability field or rule set: one "update" request through the queue.
    lastChange = Date.now();
    send("update", null, null, { name: target.name, value: target.value, checked: target.checked });
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
  function preview(item) {
    showOutcome(item.getAttribute("data-outcome"));
    mover().querySelectorAll(".outcome-item.previewed").forEach(function (li) { li.classList.remove("previewed"); });
    item.classList.add("previewed");
  }
  document.addEventListener("pointerover", function (event) {
    var item = event.target.closest && event.target.closest(".outcome-item, svg.board .outcome");
    if (!item || !mover() || !mover().contains(item)) { return; }
    showOutcome(item.getAttribute("data-outcome"));
    // a mouse pointing at it has seen it drawn; a finger has not (its first tap previews)
    if (event.pointerType === "mouse" && item.classList.contains("outcome-item")) { preview(item); }
  });
  document.addEventListener("focusin", function (event) {
    var item = event.target.closest && event.target.closest(".outcome-item");
    if (!item) { return; }
    showOutcome(item.getAttribute("data-outcome"));
    if (event.target.matches(":focus-visible")) { preview(item); }  // the keyboard: seen on focus
  });
  // A tap on an outcome first shows it on the board; the next tap applies it.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".outcome-item .apply");
    if (!button) { return; }
    var item = button.closest(".outcome-item");
    if (!item.classList.contains("previewed")) {
      event.preventDefault();
      event.stopPropagation();
      preview(item);
    }
  }, true);
  // Hexes by keyboard: Tab to a hex, Enter or Space acts on it as a click does.
  document.addEventListener("keydown", function (event) {
    var hex = event.target.closest && event.target.closest("svg.board .hits [data-hex]");
    if (!hex || (event.key !== "Enter" && event.key !== " ")) { return; }
    var tool = (mover().querySelector("input[name=tool]:checked") || {}).value;
    event.preventDefault();
    event.stopPropagation();
    if (tool !== "wall-edge") { send("click", "hex", hex.getAttribute("data-hex")); }
  }, true);

  // Keys at the table: S solves, Ctrl+Z (or U) undoes, 1-9 / 0 / - / = pick a tool.
  document.addEventListener("keydown", function (event) {
    var form = mover();
    var tag = (event.target.tagName || "").toLowerCase();
    if (!form || tag === "input" || tag === "select" || tag === "textarea" || event.altKey) { return; }
    var key = event.key.toLowerCase();
    if ((key === "z" && (event.ctrlKey || event.metaKey)) || (key === "u" && !event.ctrlKey)) {
      event.preventDefault();
      send("undo");
    } else if (key === "s" && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      send("solve");
    } else if (!event.ctrlKey && !event.metaKey) {
      var index = "1234567890-=".indexOf(key);
      var tools = form.querySelectorAll("input[name=tool]");
      if (index >= 0 && index < tools.length) {
        event.preventDefault();
        tools[index].checked = true;
        send("update", null, null, { name: "tool", value: tools[index].value, checked: true });
      }
    }
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
