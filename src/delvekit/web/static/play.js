// delvekit: play a scenario in the browser. The page shows the seat's view from the JSON API
// (/api/games/{id}?seat=...) and answers decisions with POST .../choices; a server-sent event
// stream says when the game changed, and the page then fetches its own view again.
(function () {
  "use strict";
  const root = document.getElementById("play");
  if (!root) return;
  const gid = root.dataset.game;
  const seat = root.dataset.seat || "";
  const key = root.dataset.key || "";    // the seat's secret, from its link
  const seatLinks = JSON.parse(root.dataset.links || "{}");  // every seat's link, on the host's pages only
  const KEYS = "123456789abcdefghijklmnopqrstvwxyz";
  let view = null;
  let picked = [];        // cards clicked for a two-card or hand choice
  let pending = null;     // an option waiting for its warning to be confirmed
  let keymap = {};        // key -> function
  let busy = false;

  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s == null ? "" : s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));

  function say(text, kind) {
    const m = $("message");
    m.textContent = text || "";
    m.className = "play-msg" + (text ? " on " + (kind || "info") : "");
  }

  async function load() {
    const url = `/api/games/${gid}?board=true` + (seat ? `&seat=${encodeURIComponent(seat)}&key=${encodeURIComponent(key)}` : "");
    try {
      const r = await fetch(url, {cache: "no-store"});
      if (!r.ok) { say((await r.json()).detail || "cannot load the game", "error"); return; }
      show(await r.json());
    } catch (e) {
      $("conn").textContent = "offline: retrying…";
      setTimeout(load, 1500);
    }
  }

  async function send(choice, then) {
    if (busy || !view) return;
    busy = true;
    try {
      const r = await fetch(`/api/games/${gid}/choices?board=true`, {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({seat: seat, key: key, choice: choice, then: then || [], at: view.version}),
      });
      const body = await r.json();
      if (r.status === 200) { say(""); picked = []; pending = null; show(body); return; }
      if (r.status === 409) say("Not applied: " + body.detail + ". The page now shows the game as it is.", "warn");
      else say("Refused: " + body.detail, "error");
      picked = []; pending = null;
      await load();
    } catch (e) {
      say("Connection lost; your choice may not have reached the server. Reconnecting…", "error");
      setTimeout(load, 800);
    } finally { busy = false; }
  }

  async function undo() {
    if (!view || !view.undo) return;
    const r = await fetch(`/api/games/${gid}/undo?board=true`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({seat: seat, key: key, at: view.version}),
    });
    const body = await r.json();
    if (r.ok) { say("Your last choice was taken back.", "info"); picked = []; show(body); }
    else { say("Cannot undo: " + body.detail, "warn"); load(); }
  }

  // ---------------------------------------------------------------- rendering

  function cardHTML(c, extra, key) {
    const lost = (b) => b ? ' <span class="lost-icon" title="lost">✕</span>' : "";
    return `<div class="gcard ${extra || ""}" data-card="${esc(c.id)}" ${extra && extra.includes("pickable") ? 'tabindex="0" role="button"' : ""}>` +
      `<div class="gcard-head">${key ? `<kbd>${key}</kbd> ` : ""}<b>${esc(c.name)}</b><span class="ini">${c.initiative}</span></div>` +
      `<div class="half"><span class="hl">top</span> ${esc(c.top)}${lost(c.top_lost)}</div>` +
      `<div class="half"><span class="hl">bottom</span> ${esc(c.bottom)}${lost(c.bottom_lost)}</div>` +
      (c.duration ? `<div class="small">active (${esc(c.half)}, ${esc(c.duration)}${c.used ? ", " + c.used + " used" : ""})</div>` : "") +
      `</div>`;
  }

  function bar(hp, max) {
    const f = max ? Math.max(0, Math.min(1, hp / max)) : 0;
    const col = f > 0.5 ? "#2e8b57" : f > 0.25 ? "#d08a1c" : "#c0392b";
    return `<span class="hp"><span class="hpfill" style="width:${(f * 100).toFixed(0)}%;background:${col}"></span></span> ${hp}/${max}`;
  }

  function show(v) {
    // answers can arrive out of order (a stream-triggered load and a choice's reply): the version
    // only grows (choices and undos both count), so an older view never replaces a newer one
    if (view && v.version < view.version) return;
    view = v;
    root.dataset.version = v.version;
    root.dataset.digest = v.digest;
    root.dataset.round = v.round;
    root.dataset.decision = v.decision ? `${v.decision.actor} ${v.decision.kind}` : "";
    keymap = {};
    const d = v.decision;
    let status = `Round ${v.round}`;
    if (v.result) status = v.result === "victory" ? "Victory!" : "Defeat";
    else if (d) status += ` · ${d.mine ? "your decision" : "waiting for " + d.actor_name + (d.bot ? " (bot)" : "")}`;
    $("status").textContent = status;
    $("status").className = "status" + (v.result ? " " + v.result : d && d.mine ? " mine" : "");
    $("board").innerHTML = v.board || "";
    renderOrder(v); renderMonsters(v); renderGoal(v); renderLog(v); renderParty(v);
    renderDecision(v);
    document.title = `${v.title} · round ${v.round}`;
  }

  function renderOrder(v) {
    const rows = v.order.map((t) => `<li class="${t.current ? "current" : t.done ? "done" : ""}"><span class="ini">${t.initiative}</span> ${esc(t.name)}</li>`);
    $("order").innerHTML = rows.length ? `<ol class="order">${rows.join("")}</ol>` : `<p class="small">Cards not revealed yet.</p>`;
    $("elements").innerHTML = Object.entries(v.elements).map(([e, s]) => `<span class="el ${e} ${s}" title="${e}: ${s}">${e}<small>${s === "inert" ? "" : " " + s}</small></span>`).join("");
  }

  function renderMonsters(v) {
    $("monsters").innerHTML = v.monsters.map((m) => {
      const stats = Object.entries(m.stats).map(([r, s]) => `<div class="small"><b>${r}</b>: ${esc(s)}</div>`).join("");
      const card = m.card ? `<div class="mcard"><span class="ini">${m.card.initiative}</span> ${m.card.lines.map(esc).join("<br>")}</div>` : `<div class="small">No ability card this round yet.</div>`;
      return `<div class="monster"><b>${esc(m.name)}</b>${card}${stats}</div>`;
    }).join("") || `<p class="small">No monster on the board.</p>`;
  }

  function renderGoal(v) {
    $("goal").innerHTML = v.goal.map((g) => `<p>${esc(g)}</p>`).join("");
    const l = v.level;
    $("levelvals").textContent = `Scenario level ${l.scenario_level} · monster level ${l.monster_level} · trap ${l.trap_damage} damage · hazardous ${l.hazardous_damage} · ${l.gold_per_coin} gold per coin · bonus ${l.bonus_xp} XP`;
  }

  function renderLog(v) {
    const log = $("log");
    log.innerHTML = v.events.slice().reverse().map((e) => `<li>${esc(e)}</li>`).join("");
  }

  function renderParty(v) {
    $("party").innerHTML = v.characters.map((c) => {
      const items = c.items.map((i) => `<li>${esc(i.name)} <span class="small">(${i.state}${i.uses ? `, ${i.used}/${i.uses} uses` : ""})</span></li>`).join("");
      const pile = (title, cards) => cards && cards.length ? `<details ${title === "Hand" || title === "Active" ? "open" : ""}><summary>${title} (${cards.length})</summary><div class="cards">${cards.map((x) => cardHTML(x)).join("")}</div></details>` : "";
      const hand = c.hand ? pile("Hand", c.hand) : `<p class="small">${c.hand_count} cards in hand (hidden)</p>`;
      const sel = c.selected && c.selected.length ? pile("Chosen this round", c.selected) : c.selected_count ? `<p class="small">${c.selected_count} cards chosen (hidden until the reveal)</p>` : "";
      return `<div class="panel char ${c.exhausted ? "exhausted" : ""}" data-char="${esc(c.id)}">` +
        `<h3>${esc(c.name)} <span class="small">level ${c.level} · ${c.player === "person" ? "person" : c.player + " bot"}${c.id === seat ? " · you" : ""}</span></h3>` +
        `<div>${bar(c.hp, c.max_hp)} · XP ${c.xp} · coins ${c.coins}${c.exhausted ? " · <b>exhausted</b>" : ""}</div>` +
        (c.conditions.length ? `<div class="small">Conditions: ${c.conditions.join(", ")}</div>` : "") +
        (items ? `<ul class="items">${items}</ul>` : "") +
        hand + sel + pile("Active", c.active) + pile("Discard", c.discard) + pile("Lost", c.lost) +
        `</div>`;
    }).join("");
  }

  function button(key, label, fn, cls, title, note) {
    keymap[key] = fn;
    const more = note ? `<small class="note">${esc(note)}</small>` : "";
    return `<button class="opt ${cls || ""}" data-key="${key}" ${title ? `title="${esc(title)}"` : ""}><kbd>${key}</kbd> ${esc(label)}${more}</button>`;
  }

  function choose(o, then) {
    if (o.warn && pending !== o) { pending = o; renderDecision(view); return; }
    send(o.text, then);
  }

  // The decision box is drawn anew on every change; a keyboard user's focus must not fall back to
  // the top of the page: remember what had it (a card, a button) and give it back after drawing.
  function focusHeld() {
    const a = document.activeElement;
    const box = $("decision");
    if (!a || !box.contains(a)) return null;
    return {card: a.dataset ? a.dataset.card : undefined, text: a.tagName === "BUTTON" ? a.textContent : undefined};
  }

  function refocus(held, first) {
    const box = $("decision");
    if (!held && !first) return;
    const all = (sel) => Array.from(box.querySelectorAll(sel));
    let el = first ? box.querySelector(first) : null;
    if (!el && held && held.card) el = all(".gcard.pickable").find((c) => c.dataset.card === held.card && !c.classList.contains("off"));
    if (!el && held && held.text) el = all("button.opt").find((b) => b.textContent === held.text);
    // never the undo button by default: an Enter pressed out of habit would take a choice back
    if (!el) el = box.querySelector(".gcard.pickable:not(.off), button.opt:not(.undo)");
    if (!el) { box.tabIndex = -1; el = box; }
    el.focus({preventScroll: !first});
  }

  function renderDecision(v, first) {
    const held = focusHeld();
    drawDecision(v);
    refocus(held, first);
  }

  function drawDecision(v) {
    const box = $("decision");
    const mine = $("mine");
    mine.innerHTML = "";
    keymap = {};
    const d = v.decision;
    if (v.result) {
      const rows = (v.outcome || []).map((c) => `<tr><td>${esc(c.name)}</td><td>${c.xp}</td><td>${c.coins}</td><td>${c.gold}</td><td>${c.bonus_xp}</td><td>${c.exhausted ? "exhausted" : ""}</td></tr>`).join("");
      const camp = v.campaign ? `<p>${v.campaign.applied ? "The result was applied to campaign " + esc(v.campaign.name) + "." : "Campaign not updated: " + esc(v.campaign.error || "")}</p>` : "";
      box.innerHTML = `<h2 class="end ${v.result}">${v.result === "victory" ? "Victory" : "Defeat"} after ${v.round} rounds</h2>` +
        `<table class="outcome"><tr><th>Character</th><th>XP</th><th>Coins</th><th>Gold</th><th>Bonus XP</th><th></th></tr>${rows}</table>${camp}` +
        `<p><a href="/api/games/${gid}/log" download="game-${gid}.jsonl">Download the log</a> (for <code>delve replay --verify</code>) · <a href="/play">New game</a></p>`;
      return;
    }
    if (!d) { box.innerHTML = ""; return; }
    let html = "";
    const undoBtn = v.undo ? button("u", "Undo my last choice", undo, "undo") : "";
    if (!d.mine) {
      // one screen for the whole party: the host goes on to the seat whose turn it is in one click
      const to = !d.bot && d.actor !== seat ? seatLinks[d.actor] : null;
      const go = to ? `<p><a class="switch-seat" href="${esc(to)}">Play ${esc(d.actor_name)}'s turn on this screen</a></p>` : "";
      box.innerHTML = `<p class="waiting">${esc(d.prompt || d.kind)}<br><span class="small">Waiting for ${esc(d.actor_name)}${d.bot ? " (a bot is playing)" : ""}…</span></p>` + go + undoBtn;
      bindButtons(box); bindBoard(v); return;
    }
    html += `<p class="prompt">${esc(d.prompt)}</p>`;
    if (pending) {
      html += `<p class="warn">⚠ ${esc(pending.warn)}.</p>` + button("1", "Confirm: " + pending.label, () => send(pending.text), "primary") + button("2", "Cancel", () => { pending = null; renderDecision(view); });
      box.innerHTML = html; bindButtons(box); bindBoard(v); return;
    }
    const opts = d.options;
    let k = 0;
    const nextKey = () => { let key = KEYS[k++] || ""; if (key === "u") key = KEYS[k++] || ""; return key; };
    if (d.kind === "select") html += selectUI(v, d, nextKey);
    else if (d.kind === "hand") html += handUI(v, d, nextKey);
    else if (d.kind === "move" && d.reach) {
      const dests = Object.entries(d.reach).sort((a, b) => a[1].length - b[1].length || a[0].localeCompare(b[0]));
      html += `<p class="small">Reachable hexes are outlined in blue on the board.</p><div class="opts">`;
      for (const [hex, steps] of dests) html += button(nextKey(), `Move to ${hex} (${steps.length} step${steps.length > 1 ? "s" : ""})`, () => moveTo(hex), "dest");
      for (const o of opts) if (!o.text.startsWith("step ")) html += button(nextKey(), o.label, () => choose(o), o.warn ? "warned" : "", o.warn);
      html += `</div>`;
    } else {
      html += `<div class="opts">`;
      for (const o of opts) html += button(nextKey(), o.label + (o.warn ? " ⚠" : ""), () => choose(o), o.warn ? "warned" : "", o.warn, o.note);
      html += `</div>`;
    }
    box.innerHTML = html + undoBtn;
    bindButtons(box);
    bindCards(d);
    bindBoard(v);
  }

  function ownCards(v) {
    const me = v.characters.find((c) => c.id === (view.decision.actor === "party" ? seat : view.decision.actor));
    const all = {};
    if (me) for (const pile of [me.hand || [], me.set_aside || [], me.discard, me.selected || []]) for (const c of pile) all[c.id] = c;
    return all;
  }

  function selectUI(v, d, nextKey) {
    const cards = ownCards(v);
    const pairs = new Set(d.choices.filter((c) => c.startsWith("select ")));
    const usable = new Set();
    for (const p of pairs) { const [, a, b] = p.split(" "); usable.add(a); usable.add(b); }
    let html = "";
    if (picked.length === 2) {
      const [a, b] = picked;
      html += `<p>Which card leads (its initiative counts)?</p><div class="opts">`;
      html += button(nextKey(), `${cards[a] ? cards[a].name : a} leads (initiative ${cards[a] ? cards[a].initiative : "?"})`, () => send(`select ${a} ${b}`), "primary");
      html += button(nextKey(), `${cards[b] ? cards[b].name : b} leads (initiative ${cards[b] ? cards[b].initiative : "?"})`, () => send(`select ${b} ${a}`), "primary");
      html += button(nextKey(), "Choose again", () => { picked = []; renderDecision(view); });
      html += `</div>`;
    }
    html += `<div class="cards pick">`;
    for (const id of Object.keys(cards)) {
      if (!usable.has(id)) continue;
      const ok = picked.length === 0 || picked.includes(id) || pairs.has(`select ${picked[0]} ${id}`);
      const key = picked.length < 2 && ok ? nextKey() : "";
      if (key) keymap[key] = () => togglePick(id, 2);
      html += cardHTML(cards[id], "pickable" + (picked.includes(id) ? " picked" : "") + (ok ? "" : " off"), key);
    }
    html += `</div><div class="opts">`;
    for (const o of d.options) if (!o.text.startsWith("select ")) html += button(nextKey(), o.label, () => choose(o), o.warn ? "warned" : "", o.warn);
    return html + `</div>`;
  }

  function handUI(v, d, nextKey) {
    const cards = ownCards(v);
    const me = v.characters.find((c) => c.id === d.actor);
    const need = me ? me.hand_limit - me.hand_count : 1;
    const takes = d.options.filter((o) => o.text.startsWith("take "));
    let html = `<p>Chosen ${picked.length} of ${need}.</p><div class="cards pick">`;
    for (const o of takes) {
      const id = o.text.slice(5);
      const key = picked.includes(id) || picked.length < need ? nextKey() : "";
      if (key) keymap[key] = () => togglePick(id, need);
      html += cards[id] ? cardHTML(cards[id], "pickable" + (picked.includes(id) ? " picked" : ""), key) : button(key, o.label, () => togglePick(id, need));
    }
    html += `</div><div class="opts">`;
    if (picked.length === need) html += button(nextKey(), `Take these ${need} cards`, () => send("take " + picked[0], picked.slice(1).map((c) => "take " + c)), "primary");
    for (const o of d.options) if (!o.text.startsWith("take ")) html += button(nextKey(), o.label, () => choose(o));
    return html + `</div>`;
  }

  function handNeed() {
    const me = view.characters.find((c) => c.id === view.decision.actor);
    return me ? me.hand_limit - me.hand_count : 1;
  }

  function togglePick(id, limit) {
    const i = picked.indexOf(id);
    if (i >= 0) picked.splice(i, 1);
    else if (picked.length < limit) picked.push(id);
    // the picking is done: the focus goes on to what comes next (which card leads, take these cards)
    renderDecision(view, picked.length === limit ? "button.opt.primary" : undefined);
  }

  function moveTo(hex) {
    const d = view.decision;
    const steps = d.reach[hex];
    if (!steps) return;
    const then = steps.slice(1);
    if (d.choices.includes("stop")) then.push("stop");
    send(steps[0], then);
  }

  function bindButtons(box) {
    box.querySelectorAll("button.opt").forEach((b) => { const fn = keymap[b.dataset.key]; if (fn) b.onclick = fn; });
  }

  function bindCards(d) {
    document.querySelectorAll("#decision .gcard.pickable").forEach((el) => {
      const id = el.dataset.card;
      const limit = d.kind === "select" ? 2 : 99;
      const act = () => { if (!el.classList.contains("off")) togglePick(id, d.kind === "hand" ? handNeed() : limit); };
      el.onclick = act;
      el.onkeydown = (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); e.stopPropagation(); act(); } };
    });
  }

  function bindBoard(v) {
    const d = v.decision;
    document.querySelectorAll("#board .pick").forEach((el) => {
      el.addEventListener("click", () => {
        if (!d || !d.mine) return;
        const hex = el.dataset.hex;
        if (d.reach && d.reach[hex]) { moveTo(hex); return; }
        const here = d.options.filter((o) => o.hex === hex);
        if (here.length === 1) choose(here[0]);
        else if (here.length > 1) say("Several choices use this hex: pick one of the buttons.", "info");
      });
    });
  }

  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape") { pending = null; picked = []; if (view) renderDecision(view); return; }
    if (e.key === "Enter" && !(e.target && e.target.tagName === "BUTTON")) {
      const primary = document.querySelector("#decision button.opt.primary");
      if (primary) { e.preventDefault(); primary.click(); }
      return;
    }
    if (e.key === "+" || e.key === "=") { $("board").classList.toggle("zoom"); return; }
    const key = e.key.toLowerCase();
    if (key === "u" && view && view.undo) { e.preventDefault(); undo(); return; }
    if (keymap[key]) { e.preventDefault(); keymap[key](); }
  });

  // ---------------------------------------------------------------- live updates

  function connect() {
    const src = new EventSource(`/api/games/${gid}/stream`);
    src.addEventListener("change", (e) => {
      const data = JSON.parse(e.data);
      $("conn").textContent = "live";
      if (!view || data.version !== view.version) load();
    });
    src.onerror = () => { $("conn").textContent = "reconnecting…"; };
    src.onopen = () => { $("conn").textContent = "live"; };
  }

  $("zoom").onclick = () => $("board").classList.toggle("zoom");
  load().then(connect);
})();
