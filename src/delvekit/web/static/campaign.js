// Campaign pages: notice other players' changes, and price an enhancement before paying for it.
(function () {
  "use strict";
  var root = document.querySelector(".cw[data-campaign]");
  if (!root) { return; }
  var name = root.getAttribute("data-campaign");
  var head = root.getAttribute("data-head");
  var api = "/api/campaigns/" + encodeURIComponent(name);
  var touched = false;
  document.addEventListener("input", function () { touched = true; });
  document.addEventListener("change", function () { touched = true; });

  // A page reloaded for another player's change keeps its place.
  try {
    var kept = (sessionStorage.getItem("cw-scroll") || "").split("|");
    sessionStorage.removeItem("cw-scroll");
    if (kept[0] === location.pathname && !location.hash) { window.scrollTo(0, parseInt(kept[1], 10) || 0); }
  } catch (e) {}

  // After an action the page comes back with a note next to the control: bring it into view and
  // give it the focus, so a keyboard or screen-reader user hears the outcome at once.
  var note = document.querySelector(".cw-note, .cw-fallback");
  if (note && note.offsetParent !== null) {
    note.setAttribute("tabindex", "-1");
    note.focus({ preventScroll: true });
    note.scrollIntoView({ block: "center" });
  }

  // Another phone acted: reload an untouched page at once, otherwise say so and let the user choose.
  function poll() {
    fetch(api + "/head", { cache: "no-store" }).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d || String(d.head) === head) { return; }
        var el = document.activeElement;
        var editing = touched || (el && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName));
        if (!editing) {
          var params = new URLSearchParams(location.search);
          ["ok", "err", "at"].forEach(function (k) { params.delete(k); });
          var url = location.pathname + (params.toString() ? "?" + params.toString() : "");
          try { sessionStorage.setItem("cw-scroll", location.pathname + "|" + window.scrollY); } catch (e) {}
          location.replace(url);
          return;
        }
        var live = document.getElementById("cw-live");
        if (live) { live.hidden = false; live.querySelector("a").href = location.pathname; }
      }).catch(function () {});
  }
  setInterval(function () { if (!document.hidden) { poll(); } }, 4000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });

  // The enhancement form: ask the rules (a dry run) for the exact cost or the reason it is refused.
  var form = document.querySelector("form.cw-enhance");
  if (form) {
    var out = form.querySelector("[data-cost]");
    var asked = 0;  // answers to earlier choices may come back after later ones: only the last counts
    var price = function () {
      var mine = ++asked;
      var obj = {};
      new FormData(form).forEach(function (v, k) { if (k.charAt(0) !== "_") { obj[k] = v; } });
      obj.action_index = parseInt(obj.action_index, 10);
      fetch(api + "/check", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(obj) })
        .then(function (r) { return r.json(); })
        .then(function (d) {
          if (mine !== asked) { return; }
          if (d.ok) {
            var paid = -(d.gold[obj.character] || 0);
            out.textContent = "Costs " + paid + " gold";
            out.classList.remove("refused");
          } else {
            out.textContent = "Not possible: " + (d.reason || d.detail || "refused");
            out.classList.add("refused");
          }
        }).catch(function () {});
    };
    form.addEventListener("change", price);
    price();
  }
})();
