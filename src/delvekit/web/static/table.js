// The table companion (/table/{id}): draws the table the server keeps and sends table actions.
// The state is the server's (an ordered log); this page keeps the last state and any action not
// yet sent in localStorage, so a reload or a lost connection loses nothing.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) { return; }
  var id = root.getAttribute("data-id");
  var KEY = "delvekit-table:" + id;
  var ORDERED = { start_round: 1, next: 1, outcome: 1, end: 1 };
  var CONDITIONS = ["poison", "wound", "immobilize", "disarm", "stun", "muddle", "invisible", "strengthen"];
  var ELEMENTS = ["fire", "ice", "air", "earth", "light", "dark"];
  var state = null, setup = null, pending = [], busy = false, preview = 0, picked = null, online = true;
  var spawning = null;
  var panelKey = "";
  var S = 22, R3 = Math.sqrt(3);

  function $(x) { return document.getElementById(x); }
  function esc(t) {
    return String(t).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify({ state: state, setup: setup, pending: pending })); } catch (e) { /* full */ }
  }
  function restore() {
    try {
      var d = JSON.parse(localStorage.getItem(KEY) || "null");
      if (d) { state = d.state; setup = d.setup; pending = d.pending || []; }
    } catch (e) { /* a damaged entry: start from the server */ }
  }
  function flash(text) {
    var f = document.getElementById("flash");
    if (!f) { return; }
    f.textContent = text;
    f.classList.add("on");
    clearTimeout(flash.timer);
    flash.timer = setTimeout(function () { f.classList.remove("on"); }, 5000);
  }
  function setSync(ok) {
    online = ok;
    var s = $("t-sync");
    var waiting = pending.length ? " · " + pending.length + " to send" : "";
    s.textContent = (ok ? "live" : "offline: changes kept on this phone") + waiting;
    s.className = "sync " + (ok ? "ok" : "off");
  }
  function api(method, path, body) {
    return fetch(path, {
      method: method,
      headers: { "content-type": "application/json", "X-Delvekit": "1" },
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (r) {
      return r.text().then(function (t) {
        var data = null;
        try { data = JSON.parse(t); } catch (e) { data = { detail: "the server answered " + r.status }; }
        return { status: r.status, data: data };
      });
    });
  }

  // --- sending ---------------------------------------------------------------------------
  function send(action) {
    pending.push({ action: action, after: state ? state.head : null });
    save();
    return flush();
  }
  function flush() {
    if (busy || !pending.length) { return Promise.resolve(); }
    busy = true;
    var body = pending[0];
    if (!ORDERED[body.action.kind]) { body = { action: body.action }; }
    return api("POST", "/api/tables/" + id + "/actions", body).then(function (r) {
      pending.shift();
      if (r.status === 200) { setState(r.data); }
      else if (r.status === 409) { flash(r.data.detail); if (r.data.state) { setState(r.data.state); } }
      else { flash(r.data.detail || "refused"); render(); }
      save();
      setSync(true);
      busy = false;
      return flush();
    }, function () {
      busy = false;
      setSync(false);
      render();
    });
  }
  function undo() {
    api("POST", "/api/tables/" + id + "/undo").then(function (r) {
      if (r.status === 200) { setState(r.data); } else { flash(r.data.detail || "nothing to undo"); }
    }, function () { flash("the server did not answer; undo needs the connection"); });
  }
  function poll() {
    if (busy) { return; }
    if (pending.length) { flush(); return; }
    var since = state ? "?since=" + state.head : "";
    api("GET", "/api/tables/" + id + since).then(function (r) {
      setSync(true);
      if (r.status === 200 && !r.data.unchanged) { setState(r.data); }
      else if (r.status === 404) { flash(r.data.detail); }
    }, function () { setSync(false); });
  }
  function setState(s) {
    var turnBefore = state && state.turn ? state.turn.standee + state.round : "";
    state = s;
    var turnNow = s.turn ? s.turn.standee + s.round : "";
    if (turnNow !== turnBefore) { preview = 0; }
    save();
    render();
  }

  // --- geometry (pointy-top hexes in rows, as the scenario book draws them) ---------------
  function centre(h) {
    var X = 1.5 * S * h[0], Y = R3 * S * (h[1] + h[0] / 2);
    return [Y, -X];
  }
  function corners(h, scale) {
    var X = 1.5 * S * h[0], Y = R3 * S * (h[1] + h[0] / 2), out = [], s = S * (scale || 1);
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i;
      out.push([Y + s * Math.sin(a), -(X + s * Math.cos(a))]);
    }
    return out;
  }
  function pts(list) { return list.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" "); }
  function key(h) { return h[0] + "," + h[1]; }
  function initials(name) { return name.split(/\s+/).map(function (w) { return w[0]; }).join("").slice(0, 2).toUpperCase(); }
  function typeShort(type) { return type.split("-").map(function (w) { return w[0]; }).join("").toUpperCase(); }

  function mapSvg(opts) {
    var m = setup.map, out = [], revealed = {}, xs = [], ys = [];
    (opts.revealed || []).forEach(function (r) { revealed[r] = 1; });
    m.hexes.forEach(function (h) {
      corners(h.hex).forEach(function (c) { xs.push(c[0]); ys.push(c[1]); });
    });
    var x0 = Math.min.apply(null, xs) - 6, y0 = Math.min.apply(null, ys) - 6;
    var w = Math.max.apply(null, xs) - x0 + 6, hgt = Math.max.apply(null, ys) - y0 + 6;
    out.push('<g class="hexes">');
    m.hexes.forEach(function (h) {
      var cls = "hx room" + (h.room % 4) + (opts.all || revealed[h.room] ? "" : " veiled") + (h.terrain ? " t-" + h.terrain : "");
      // with a figure picked, the revealed hexes take the keyboard's focus too (Tab, then Enter)
      var focusable = picked && !opts.all && revealed[h.room] && h.terrain !== "wall";
      out.push('<polygon class="' + cls + '" data-hex="' + key(h.hex) + '"' + (focusable ? ' tabindex="0" role="button" aria-label="hex ' + key(h.hex) + '"' : "") +
        ' points="' + pts(corners(h.hex)) + '"/>');
    });
    out.push("</g>");
    m.walls.forEach(function (wl) {
      var b = centre(wl[1]);
      var cs = corners(wl[0]).slice().sort(function (p, q) {
        return Math.hypot(p[0] - b[0], p[1] - b[1]) - Math.hypot(q[0] - b[0], q[1] - b[1]);
      });
      out.push('<line class="wall" x1="' + cs[0][0].toFixed(1) + '" y1="' + cs[0][1].toFixed(1) + '" x2="' + cs[1][0].toFixed(1) + '" y2="' + cs[1][1].toFixed(1) + '"/>');
    });
    (opts.doors || m.doors).forEach(function (d) {
      var c = centre(d.hex);
      out.push('<g class="door' + (d.open ? " open" : "") + '" data-door="' + key(d.hex) + '"><rect x="' + (c[0] - 9) + '" y="' + (c[1] - 6) +
        '" width="18" height="12" rx="2"/><title>' + (d.open ? "open door" : "closed door: tap to open") + "</title></g>");
    });
    m.tiles.forEach(function (t) {
      var c = centre(t.hex);
      out.push('<text class="tile" x="' + c[0].toFixed(1) + '" y="' + (c[1] + 4).toFixed(1) + '">' + esc(t.name) + "</text>");
    });
    if (opts.overlay) { out.push(opts.overlay()); }
    (opts.figures || []).forEach(function (f) {
      var c = centre(f.hex);
      out.push('<g class="fig ' + f.cls + (picked === f.id ? " picked" : "") + '" data-fig="' + esc(f.id || "") + '" tabindex="' + (f.id ? 0 : -1) +
        '" role="button" aria-label="' + esc(f.title) + '"><circle cx="' + c[0].toFixed(1) + '" cy="' + c[1].toFixed(1) + '" r="' + (S * 0.72).toFixed(1) + '"/>' +
        '<text x="' + c[0].toFixed(1) + '" y="' + (c[1] + 1).toFixed(1) + '" class="big">' + esc(f.label) + "</text>" +
        (f.sub ? '<text x="' + c[0].toFixed(1) + '" y="' + (c[1] + 11).toFixed(1) + '" class="sub">' + esc(f.sub) + "</text>" : "") +
        "<title>" + esc(f.title) + "</title></g>");
    });
    return { html: out.join(""), box: x0.toFixed(0) + " " + y0.toFixed(0) + " " + w.toFixed(0) + " " + hgt.toFixed(0) };
  }

  function liveFigures() {
    var figs = [];
    state.standees.forEach(function (s) {
      var acting = state.turn && state.turn.standee === s.id;
      figs.push({ id: s.id, hex: s.hex, label: String(s.number), sub: typeShort(s.type),
        cls: s.rank + (acting ? " acting" : ""), title: s.name + ", " + s.health + "/" + s.max_health + " health" });
    });
    state.characters.forEach(function (c) {
      if (c.exhausted) { return; }
      figs.push({ id: c.id, hex: c.hex, label: initials(c.name), cls: "character", title: c.name + ", " + c.health + "/" + c.max_health + " health" });
    });
    return figs;
  }

  function outcomeOverlay() {
    var t = state.turn;
    if (!t || t.applied || !t.outcomes.length) { return ""; }
    var o = t.outcomes[Math.min(preview, t.outcomes.length - 1)], out = ['<g class="outcome">'];
    if (o.path && o.path.length > 1) {
      out.push('<polyline class="path" points="' + pts(o.path.map(centre)) + '" marker-end="url(#tarrow)"/>');
    }
    var d = centre(o.destination);
    out.push('<circle class="dest" cx="' + d[0].toFixed(1) + '" cy="' + d[1].toFixed(1) + '" r="' + (S * 0.85).toFixed(1) + '"/>');
    (o.aoe_hexes || []).forEach(function (h) { out.push('<polygon class="aoe" points="' + pts(corners(h, 0.8)) + '"/>'); });
    o.targets.forEach(function (tid) {
      var fig = state.characters.filter(function (c) { return c.id === tid; })[0];
      if (!fig) { return; }
      var c = centre(fig.hex);
      out.push('<line class="attack" x1="' + d[0].toFixed(1) + '" y1="' + d[1].toFixed(1) + '" x2="' + c[0].toFixed(1) + '" y2="' + c[1].toFixed(1) + '"/>');
      out.push('<circle class="target" cx="' + c[0].toFixed(1) + '" cy="' + c[1].toFixed(1) + '" r="' + (S * 0.95).toFixed(1) + '"/>');
    });
    out.push("</g>");
    return out.join("");
  }

  var DEFS = '<defs><marker id="tarrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f6fd1"/></marker></defs>';

  function drawMap() {
    var m = mapSvg({ revealed: state.revealed_rooms, doors: state.doors, figures: liveFigures(), overlay: outcomeOverlay });
    var svg = $("t-map");
    svg.setAttribute("viewBox", m.box);
    svg.innerHTML = DEFS + m.html;
  }

  // --- panels ------------------------------------------------------------------------------
  function renderPhase() {
    var el = $("t-phase");
    var k = state.phase + ":" + state.round + ":" + state.characters.map(function (c) { return c.exhausted; }).join();
    if (state.phase !== "initiatives") { el.innerHTML = ""; panelKey = ""; return; }
    if (k !== panelKey) {
      panelKey = k;
      var rows = state.characters.filter(function (c) { return !c.exhausted; }).map(function (c) {
        return '<div class="init-row"><label for="init-' + c.id + '">' + esc(c.name) + '</label>' +
          '<input id="init-' + c.id + '" type="number" inputmode="numeric" min="1" max="99" data-init="' + c.id + '" placeholder="1-99">' +
          '<button type="button" data-rest="' + c.id + '">Long rest</button><span class="ok" id="ok-' + c.id + '"></span></div>';
      }).join("");
      el.innerHTML = '<div class="panel"><h2>Round ' + (state.round + 1) + ": initiatives</h2>" + rows +
        '<p class="hint" id="init-msg"></p><button type="button" class="primary big" id="t-start">Draw monster cards and start round ' + (state.round + 1) + "</button></div>";
    }
    var missing = [];
    state.characters.forEach(function (c) {
      var input = $("init-" + c.id), ok = $("ok-" + c.id);
      if (!input) { return; }
      if (document.activeElement !== input) { input.value = c.long_rest ? "" : (c.initiative || ""); }
      ok.textContent = c.long_rest ? "long rest (99)" : c.initiative ? "✓ " + c.initiative : "";
      if (!c.initiative) { missing.push(c.name); }
    });
    $("init-msg").textContent = missing.length ? "Waiting for " + missing.join(", ") + "." : "Everyone is in: start the round.";
  }

  function renderTurn() {
    var el = $("t-turn"), t = state.turn, cur = state.current, html = "";
    if (state.phase === "ended") {
      var rw = state.rewards;
      html = '<div class="panel"><h2>Scenario ' + esc(state.result) + "</h2><ul>" + rw.characters.map(function (c) {
        return "<li>" + esc(c.name) + ": " + c.xp + " XP, " + c.gold + " gold</li>";
      }).join("") + "</ul><p class=hint>Bonus XP " + rw.bonus_xp + ", " + rw.gold_per_coin + " gold per coin.</p></div>";
    } else if (cur && cur.kind === "character") {
      html = '<div class="panel"><h2>' + esc(cur.name) + "'s turn</h2><p>Play your cards, then move the " + esc(cur.name) +
        " on the map to where it ends, and damage monsters in the Tracker. Press Next when done.</p></div>";
    } else if (t) {
      var card = state.cards[state.standees.filter(function (s) { return s.id === t.standee; })[0].type] || {};
      html = '<div class="panel monster-turn"><h2>' + esc(cur.name) + " · card " + esc(card.id || "") + " · initiative " + (card.initiative || "") +
        (card.shuffle ? " · shuffle" : "") + "</h2><p class=who><b>" + esc(t.name) + "</b> (" + t.position + " of " + t.of + ")</p>" +
        '<p class="action">' + t.actions.map(esc).join(" · ") + "</p>" + (t.note ? '<p class="note">' + esc(t.note) + "</p>" : "");
      if (t.applied) {
        html += t.draws.length ? "" : "<p>Outcome applied.</p>";
        t.draws.forEach(function (d) {
          var target = state.characters.filter(function (c) { return c.id === d.target; })[0];
          html += '<div class="draw">Attack ' + d.attack + " on " + esc(target ? target.name : d.target) + ": drew <b>" + d.drawn.map(esc).join(", ") +
            "</b> → <b>" + d.damage + " damage</b>" + (d.pierce ? ", pierce " + d.pierce : "") + (d.conditions.length ? ", " + d.conditions.join(", ") : "") +
            ' <button type="button" data-take="' + esc(d.target) + '" data-amount="' + d.damage + '" data-conds="' + esc(d.conditions.join(",")) + '"' + (d.damage || d.conditions.length ? "" : " disabled") +
            ">" + esc(target ? target.name : d.target) + " takes " + d.damage + "</button><span class=hint> (less its shield)</span></div>";
        });
      } else if (!t.outcomes.length) {
        html += t.note ? "" : "<p>The monster AI finds nothing to do.</p>";
      } else {
        html += '<ol class="outcomes">' + t.outcomes.map(function (o, i) {
          return '<li class="' + (i === preview ? "show" : "") + '"><button type="button" class="pick" data-preview="' + i + '" aria-pressed="' + (i === preview) + '">' +
            (t.outcomes.length > 1 ? "Choice " + (i + 1) + ": " : "") + esc(o.reason) + "</button>" +
            (i === preview && o.why ? '<details class="why"><summary>the monster AI\'s reasoning</summary>' + esc(o.why) + "</details>" : "") + "</li>";
        }).join("") + "</ol>" + (t.outcomes.length > 1 ? '<p class="hint">A tie: the players choose. Tap a choice to see it on the map.</p>' : "") +
          '<button type="button" class="primary" id="t-apply">Apply' + (t.outcomes.length > 1 ? " choice " + (preview + 1) : "") + "</button>" +
          ' <span class="hint">(moves the standee and draws its attack modifiers)</span>';
      }
      html += "</div>";
    } else if (state.phase === "turns") {
      html = "";
    }
    el.innerHTML = html;
  }

  function renderOrder() {
    $("t-order").innerHTML = state.order.map(function (t) {
      return '<li class="' + (t.current ? "current" : t.done ? "done" : "") + '"><span class="init">' + t.initiative + "</span> " + esc(t.name) +
        (t.kind === "monster" ? " <span class=muted>(" + state.standees.filter(function (s) { return s.type === t.id; }).length + ")</span>" : "") + "</li>";
    }).join("") || '<li class="muted">Enter the initiatives to order the round.</li>';
  }

  function condButtons(fig) {
    return '<div class="conds">' + CONDITIONS.map(function (c) {
      var on = fig.conditions.indexOf(c) >= 0;
      return '<button type="button" class="cond' + (on ? " on" : "") + '" aria-pressed="' + on + '" data-cond="' + c + '" data-fig="' + esc(fig.id) + '">' + c + "</button>";
    }).join("") + "</div>";
  }

  function renderTracker() {
    $("t-elements").innerHTML = ELEMENTS.map(function (e) {
      var st = state.elements[e];
      return '<button type="button" class="el el-' + e + " " + st + '" data-el="' + e + '" title="tap: strong, waning, inert">' + e + "<small>" + st + "</small></button>";
    }).join("");
    $("t-standees").innerHTML = state.standees.map(function (s) {
      return '<div class="trow ' + s.rank + '"><div class="tname"><b>' + esc(s.name) + "</b> <span class=hp>" + s.health + "/" + s.max_health + "</span></div>" +
        '<div class="tbtns"><button type="button" data-dmg="' + esc(s.id) + '" aria-label="damage ' + esc(s.name) + '">−1</button><button type="button" data-heal="' + esc(s.id) + '" aria-label="heal ' + esc(s.name) + '">+1</button></div>' +
        condButtons(s) + "</div>";
    }).join("") || '<p class="muted">No monster on the map.</p>';
    $("t-chars").innerHTML = state.characters.map(function (c) {
      return '<div class="trow"><div class="tname"><b>' + esc(c.name) + "</b> <span class=hp>" + c.health + "/" + c.max_health + "</span>" + (c.exhausted ? " exhausted" : "") +
        " · XP " + c.xp + " · loot " + c.loot + (c.initiative ? " · initiative " + c.initiative : "") + '</div><div class="tbtns">' +
        '<button type="button" data-dmg="' + c.id + '">−1 hp</button><button type="button" data-heal="' + c.id + '">+1 hp</button>' +
        '<button type="button" data-xp="' + c.id + '">+1 XP</button><button type="button" data-loot="' + c.id + '">+1 loot</button></div>' + condButtons(c) + "</div>";
    }).join("");
    var d = state.monster_deck;
    $("t-deck").innerHTML = "<p>" + d.draw_pile + " to draw, " + d.discard + " discarded" + (d.bless ? ", " + d.bless + " bless" : "") + (d.curse ? ", " + d.curse + " curse" : "") +
      (d.shuffle_pending ? "; reshuffles at the end of the round" : "") + '</p><button type="button" data-card="bless">Bless a monster</button> <button type="button" data-card="curse">Curse a monster</button>';
    $("t-doors").innerHTML = state.doors.filter(function (dr) { return dr.reachable; }).map(function (dr) {
      var names = dr.rooms.map(function (r) { return (setup.room_tiles[r] || []).join("/") || "room " + r; });
      return '<div class="trow"><span>Door between ' + esc(names.join(" and ")) + "</span> " +
        (dr.open ? "<span class=muted>open</span>" : '<button type="button" data-open="' + key(dr.hex) + '">Open: reveal ' + esc(names[names.length - 1]) + "</button>") + "</div>";
    }).join("") || '<p class="muted">No door to open yet.</p>';
    if (!$("spawn-type")) {
      $("t-spawnbox").innerHTML = '<label>Type <select id="spawn-type">' + setup.stat_cards.map(function (c) {
        return '<option value="' + esc(c.type) + '">' + esc(c.name) + "</option>";
      }).join("") + '</select></label> <label>Rank <select id="spawn-rank"><option>normal</option><option>elite</option><option>boss</option></select></label>' +
        ' <button type="button" id="t-spawn">Place on the map…</button>';
    }
    $("t-end").innerHTML = state.phase === "ended" ? "<p>Ended: " + esc(state.result) + ". Undo to go back.</p>" :
      '<button type="button" data-end="victory">Victory</button> <button type="button" data-end="defeat">Defeat</button>';
  }

  function statRow(name, st) {
    if (!st) { return ""; }
    var extra = [];
    if (st.shield) { extra.push("shield " + st.shield); }
    if (st.retaliate) { extra.push("retaliate " + st.retaliate); }
    if (st.targets > 1) { extra.push("target " + st.targets); }
    if (st.pierce) { extra.push("pierce " + st.pierce); }
    if (st.flying) { extra.push("flying"); }
    st.adds.forEach(function (a) { extra.push(a); });
    if (st.immunities.length) { extra.push("immune: " + st.immunities.join(", ")); }
    return "<tr><th>" + name + "</th><td>" + st.health + "</td><td>" + st.move + "</td><td>" + st.attack + "</td><td>" + (st.range || "–") + "</td><td>" + esc(extra.join(", ")) + "</td></tr>";
  }

  function renderSetup() {
    if (!setup) { return; }
    var lv = setup.level_values;
    var figs = [];
    setup.rooms.forEach(function (r) {
      r.standees.forEach(function (s) { figs.push({ hex: s.hex, label: typeShort(s.type), cls: s.rank, title: s.name + " (" + s.rank + ")" }); });
    });
    setup.map.starts.forEach(function (h) { figs.push({ hex: h, label: "S", cls: "start", title: "starting hex" }); });
    var m = mapSvg({ all: true, figures: figs });
    var html = "<h1>#" + setup.scenario + " " + esc(setup.name) + "</h1><p>" + setup.players + " players · scenario level " + lv.scenario_level + "</p>" +
      '<svg class="tmap setup-map" viewBox="' + m.box + '" role="img" aria-label="scenario map">' + DEFS + m.html + "</svg>" +
      '<p class="legend"><span class="lg normal"></span>normal <span class="lg elite"></span>elite <span class="lg boss"></span>boss <span class="lg start"></span>starting hex · letters: ' +
      setup.stat_cards.map(function (c) { return typeShort(c.type) + " " + esc(c.name); }).join(", ") + " · tile names in grey</p>";
    html += "<h2>Goal and special rules</h2><ul>" + setup.rules.map(function (r) { return "<li>" + esc(r) + "</li>"; }).join("") + "</ul>";
    html += "<h2>Level values</h2><table class=stats><tr><th>monster level</th><td>" + lv.monster_level + "</td><th>trap damage</th><td>" + lv.trap_damage +
      "</td></tr><tr><th>hazardous terrain</th><td>" + lv.hazardous_damage + "</td><th>gold per coin</th><td>" + lv.gold_per_coin + "</td></tr><tr><th>bonus XP</th><td>" + lv.bonus_xp + "</td></tr></table>";
    html += "<h2>Standees to place (" + setup.players + " players)</h2>";
    setup.rooms.forEach(function (r) {
      var count = {};
      r.standees.forEach(function (s) { var k = s.name + " " + s.rank; count[k] = (count[k] || 0) + 1; });
      var list = Object.keys(count).map(function (k) { return count[k] + " × " + esc(k); }).join(", ") || "none";
      html += "<p><b>" + (r.room === 0 ? "Opening room" : "Room " + r.room) + ":</b> " + list + "</p>";
    });
    html += "<h2>Stat cards at level " + lv.monster_level + "</h2>";
    setup.stat_cards.forEach(function (c) {
      html += "<h3>" + esc(c.name) + ' <span class="muted">(' + c.standees + " standees)</span></h3><table class=stats><tr><th></th><th>HP</th><th>Move</th><th>Attack</th><th>Range</th><th></th></tr>" +
        statRow("normal", c.normal) + statRow("elite", c.elite) + statRow("boss", c.boss) + "</table>";
    });
    $("t-setup").innerHTML = html;
  }

  function render() {
    if (!state || !setup) { return; }
    $("t-title").textContent = "#" + setup.scenario + " " + setup.name;
    $("t-round").textContent = state.phase === "ended" ? "ended" : state.round ? "round " + state.round : "before round 1";
    renderPhase();
    renderTurn();
    drawMap();
    renderOrder();
    renderTracker();
    if (renderSetup.done !== setup) { renderSetup(); renderSetup.done = setup; }
    $("t-events").innerHTML = state.events.map(function (e) { return "<li>" + esc(e) + "</li>"; }).join("");
    $("t-next").disabled = state.phase !== "turns";
    $("t-undo").disabled = !state.undoable;
    setSync(online);
  }

  // --- input -------------------------------------------------------------------------------
  function hexAt(target) {
    var hx = target.closest && target.closest("[data-hex]");
    return hx ? hx.getAttribute("data-hex").split(",").map(Number) : null;
  }
  function tapMap(target) {
    var fig = target.closest("[data-fig]"), door = target.closest("[data-door]");
    if (fig && fig.getAttribute("data-fig")) {
      var fid = fig.getAttribute("data-fig");
      picked = picked === fid ? null : fid;
      $("t-maphint").textContent = picked ? "Now tap the hex where it stands." : "Tap a figure, then a hex, to move it (or drag it).";
      drawMap();
      return;
    }
    if (door && !picked) {
      var dh = door.getAttribute("data-door").split(",").map(Number);
      var info = state.doors.filter(function (d) { return key(d.hex) === key(dh); })[0];
      if (info && !info.open && info.reachable && window.confirm("Open this door and reveal the room behind it?")) { send({ kind: "door", hex: dh }); }
      return;
    }
    var h = hexAt(target) || (door ? door.getAttribute("data-door").split(",").map(Number) : null);
    if (h && spawning) {
      var sp = spawning;
      spawning = null;
      $("t-maphint").textContent = "Tap a figure, then a hex, to move it (or drag it).";
      send({ kind: "spawn", type: sp.type, rank: sp.rank, hex: h });
      return;
    }
    if (h && picked) {
      var who = picked;
      picked = null;
      send({ kind: "move", figure: who, hex: h });
    }
  }
  var drag = null;
  $("t-map").addEventListener("pointerdown", function (e) {
    var fig = e.target.closest("[data-fig]");
    if (fig && fig.getAttribute("data-fig")) { drag = { id: fig.getAttribute("data-fig"), x: e.clientX, y: e.clientY }; }
  });
  $("t-map").addEventListener("pointerup", function (e) {
    if (drag && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 12) {
      var el = document.elementFromPoint(e.clientX, e.clientY), h = el ? hexAt(el) : null;
      if (h) { picked = null; send({ kind: "move", figure: drag.id, hex: h }); }
      drag = null;
      e.preventDefault();
      suppressClick = true;
      return;
    }
    drag = null;
  });
  var suppressClick = false;
  $("t-map").addEventListener("click", function (e) {
    if (suppressClick) { suppressClick = false; return; }
    tapMap(e.target);
  });
  $("t-map").addEventListener("keydown", function (e) {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest("[data-fig], [data-hex]")) {
      e.preventDefault();
      var again = e.target.closest("[data-fig]") ? e.target.getAttribute("data-fig") : null;
      tapMap(e.target);
      if (again) {  // the map was redrawn: keep the focus on the picked figure
        var same = $("t-map").querySelector("[data-fig='" + again + "']");
        if (same) { same.focus(); }
      }
    }
  });

  root.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || !root.contains(b)) { return; }
    var a = function (n) { return b.getAttribute(n); };
    if (a("data-tab")) {
      root.querySelectorAll("[data-tab]").forEach(function (t) { t.setAttribute("aria-selected", String(t === b)); });
      ["round", "track", "setup"].forEach(function (n) { $("tab-" + n).hidden = n !== a("data-tab"); });
      return;
    }
    if (b.id === "t-next") { send({ kind: "next" }); }
    else if (b.id === "t-undo") { undo(); }
    else if (b.id === "t-start") { send({ kind: "start_round" }); }
    else if (b.id === "t-share") {
      var url = location.href;
      if (navigator.clipboard) { navigator.clipboard.writeText(url).then(function () { flash("link copied: " + url); }, function () { flash(url); }); }
      else { flash(url); }
    }
    else if (b.id === "t-apply") {
      var o = state.turn.outcomes[preview];
      send({ kind: "outcome", figure: state.turn.standee, destination: o.destination, targets: o.targets });
    }
    else if (a("data-preview") !== null) { preview = Number(a("data-preview")); renderTurn(); drawMap(); }
    else if (a("data-rest")) { send({ kind: "initiative", character: a("data-rest"), long_rest: true }); }
    else if (a("data-take")) {
      var conds = (a("data-conds") || "").split(",").filter(Boolean);
      send({ kind: "damage", figure: a("data-take"), amount: Number(a("data-amount")), conditions: conds, why: "monster attack" });
    }
    else if (b.id === "t-spawn") {
      spawning = { type: $("spawn-type").value, rank: $("spawn-rank").value };
      $("tab-round").hidden = false; $("tab-track").hidden = true;
      root.querySelectorAll("[data-tab]").forEach(function (t) { t.setAttribute("aria-selected", String(t.getAttribute("data-tab") === "round")); });
      $("t-maphint").textContent = "Tap the hex where the new standee stands.";
      flash("tap the hex for the new " + spawning.type.replace(/-/g, " "));
    }
    else if (a("data-dmg")) { send({ kind: "damage", figure: a("data-dmg"), amount: 1 }); }
    else if (a("data-heal")) { send({ kind: "heal", figure: a("data-heal"), amount: 1 }); }
    else if (a("data-xp")) { send({ kind: "xp", character: a("data-xp"), amount: 1 }); }
    else if (a("data-loot")) { send({ kind: "loot", character: a("data-loot"), amount: 1 }); }
    else if (a("data-cond")) { send({ kind: "condition", figure: a("data-fig"), condition: a("data-cond"), on: !b.classList.contains("on") }); }
    else if (a("data-el")) {
      var now = state.elements[a("data-el")], next = { inert: "strong", strong: "waning", waning: "inert" }[now];
      send({ kind: "element", element: a("data-el"), state: next });
    }
    else if (a("data-card")) { send({ kind: "monster_card", card: a("data-card") }); }
    else if (a("data-open")) { send({ kind: "door", hex: a("data-open").split(",").map(Number) }); }
    else if (a("data-end") && window.confirm("End the scenario: " + a("data-end") + "?")) { send({ kind: "end", result: a("data-end") }); }
  });
  root.addEventListener("change", function (e) {
    var input = e.target;
    if (!input.hasAttribute("data-init")) { return; }
    var v = Number(input.value);
    if (!input.value || !Number.isInteger(v) || v < 1 || v > 99) {
      flash("an initiative is a whole number from 1 to 99");
      return;
    }
    send({ kind: "initiative", character: input.getAttribute("data-init"), value: v });
  });
  root.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && e.target.hasAttribute && e.target.hasAttribute("data-init")) { e.target.blur(); }
  });

  // --- start -------------------------------------------------------------------------------
  restore();
  render();
  var first = setup ? Promise.resolve() : api("GET", "/api/tables/" + id + "/setup").then(function (r) {
    if (r.status === 200) { setup = r.data; save(); } else { flash(r.data.detail); }
  });
  first.then(function () {
    if (pending.length) { return flush(); }
    return api("GET", "/api/tables/" + id).then(function (r) {
      if (r.status === 200) { setState(r.data); setSync(true); } else { flash(r.data.detail); }
    });
  }, function () { setSync(false); render(); }).then(function () {
    setInterval(poll, 1000);
  });
})();
