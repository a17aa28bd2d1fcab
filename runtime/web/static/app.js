// zrf play: the game is on the board as soon as the page opens.  Click (or drag) a piece to see
// its legal targets, then click (or drop on) one.  Multi-part turns are entered part by part;
// several moves on the same cells (promotion choices) are offered as buttons.  Each player is a
// person or a computer (alpha-beta, MCTS or random), chosen under "Players".  The move list and
// the |< < > >| buttons show earlier positions; an opened .zsg is stepped through the same way.
"use strict";
const $ = (id) => document.getElementById(id);
const KINDS = [["person", "person"], ["ai", "computer (alpha-beta)"], ["mcts", "computer (MCTS)"], ["random", "random mover"]];
const MARKS = ["selected", "target", "hinted", "last", "check"];
const SVG_NS = "http://www.w3.org/2000/svg";
// current: the game now; view: an earlier position being looked at (null: the game now)
let gameId = null, gameToken = null, current = null, view = null, prefix = [], selected = null, hint = null;
let busy = false, generation = 0, drag = null;
const seats = {};
// the server's launch token (in the page it sent) opens games; each game's own token plays it
const launchToken = document.querySelector('meta[name="zrf-token"]').content;

async function api(path, body) {
  const token = path === "/api/new" ? launchToken : gameToken;
  const opts = body === undefined ? {} : {method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-ZRF-Token": token || ""}};
  const res = await fetch(path, opts);
  let data;
  try { data = await res.json(); } catch (e) { data = {error: "the server answered " + res.status}; }
  if (!res.ok) { throw new Error(data.error + (data.diagnostics ? "\n" + data.diagnostics.join("\n") : "")); }
  return data;
}

// a chosen file as {name, data: base64 of its exact bytes}
async function fileItem(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return {name: file.name, data: btoa(text)};
}

function showError(err) { $("error").textContent = err ? String(err.message || err) : ""; }

function shown() { return view || current; }

function personToMove() { return current && !view && !current.outcome && seats[current.to_move] === "person"; }

// moves still possible given the parts already chosen
function candidates() {
  return current.moves.filter(m => prefix.every((p, i) => m.parts[i] && m.parts[i].text === p));
}

function seatLetters() { return current.players.map(p => seats[p] === "person" ? "H" : "C").join(""); }

function cellEls(cell) {
  return document.querySelectorAll('#board .cell[data-cell="' + CSS.escape(cell) + '"]');
}

function mark(cell, cls) { if (cell) cellEls(cell).forEach(el => el.classList.add(cls)); }

// ---------------------------------------------------------------- drawing

function render() {
  const s = shown();
  $("board").innerHTML = s.svg;
  const svg = $("board").querySelector("svg");
  if (svg) { const g = document.createElementNS(SVG_NS, "g"); g.id = "marks"; svg.appendChild(g); }
  document.body.dataset.plies = String(current.history.length);
  document.body.dataset.view = String(s.view);
  renderHistory();
  renderStatus();
  $("download").href = "/api/zsg?id=" + encodeURIComponent(gameId) + "&seats=" + seatLetters();
  $("notes").textContent = (current.notes || []).join("\n");
  $("choices").innerHTML = "";
  if (personToMove()) {
    const k = prefix.length;
    // parts with no cells (Pass) become buttons
    [...new Set(candidates().filter(m => m.parts[k] && !m.parts[k].to).map(m => m.parts[k].text))].forEach(addChoice);
    if (prefix.length) addButton("(start the turn again)", () => { prefix = []; selected = null; render(); });
  }
  decorate();
}

function renderStatus() {
  const status = $("status"), s = shown();
  if (view) {
    status.textContent = "Position after " + s.view + " of " + current.history.length + " moves"
      + (s.view ? " (" + s.last.notation + ")" : " (the start)") + " \u2014 " + s.view_to_move + " to move; >| for the game now";
  } else if (current.outcome) status.textContent = "Game over: " + current.outcome.text;
  else status.textContent = current.to_move + " to move" + (seats[current.to_move] === "person" ? "" : " (computer)")
    + (prefix.length ? " \u2014 part " + (prefix.length + 1) + " of the turn" : "")
    + (current.check.length ? " \u2014 check" : "");
  status.dataset.toMove = current.to_move;
  status.dataset.over = current.outcome && !view ? "1" : "";
  status.dataset.viewing = view ? "1" : "";
}

function renderHistory() {
  const hist = $("history"), s = shown();
  hist.innerHTML = "";
  current.history.forEach((n, i) => {
    const li = document.createElement("li");
    li.value = current.numbers[i];
    li.textContent = n;
    li.dataset.ply = String(i + 1);
    li.title = "show the position after this move";
    if (i + 1 === s.view) li.className = "current";
    li.addEventListener("click", () => showPly(i + 1));
    hist.appendChild(li);
  });
  const cur = hist.querySelector("li.current");
  if (cur && view) cur.scrollIntoView({block: "nearest"}); else hist.scrollTop = hist.scrollHeight;
}

// the marks on the board: last move, check, selection and its targets, hint
function decorate() {
  const s = shown();
  document.querySelectorAll("#board .cell").forEach(el => el.classList.remove(...MARKS));
  const layer = $("marks");
  if (layer) layer.innerHTML = "";
  if (s.last) s.last.parts.forEach(p => { mark(p.from, "last"); mark(p.to, "last"); });
  (s.check || []).forEach(c => mark(c, "check"));
  $("piece-help").textContent = "";
  if (!personToMove()) return;
  const k = prefix.length;
  if (selected) {
    mark(selected, "selected");
    const piece = document.querySelector('#board .piece[data-cell="' + CSS.escape(selected) + '"]');
    const help = piece && current.texts && current.texts.pieces ? current.texts.pieces[piece.dataset.type] : null;
    $("piece-help").textContent = help || "";
    candidates().filter(m => m.parts[k] && m.parts[k].from === selected).forEach(m => {
      mark(m.parts[k].to, "target"); targetDot(m.parts[k].to);
    });
  }
  if (hint && hint.parts[k]) { mark(hint.parts[k].from, "hinted"); mark(hint.parts[k].to, "hinted"); }
}

// a dot on an empty target cell, a ring around a piece that can be taken (over any bitmap)
function targetDot(cell) {
  const layer = $("marks"), el = cellEls(cell)[0];
  if (!layer || !el || layer.querySelector('[data-cell="' + CSS.escape(cell) + '"]')) return;
  const box = el.getBBox(), size = Math.min(box.width, box.height);
  const occupied = document.querySelector('#board .piece[data-cell="' + CSS.escape(cell) + '"]');
  const c = document.createElementNS(SVG_NS, "circle");
  c.setAttribute("cx", box.x + box.width / 2); c.setAttribute("cy", box.y + box.height / 2);
  c.setAttribute("r", occupied ? size * 0.46 : size * 0.16);
  c.setAttribute("class", occupied ? "target-ring" : "target-dot");
  c.dataset.cell = cell;
  layer.appendChild(c);
}

function addButton(label, handler) {
  const b = document.createElement("button"); b.type = "button"; b.textContent = label; b.className = "choice";
  b.addEventListener("click", handler);
  $("choices").appendChild(b);
}

function addChoice(text) { addButton(text, () => choosePart(text)); }

function renderRules(texts) {
  const box = $("rules"); box.innerHTML = "";
  [["description", "Rules"], ["help", "Help"], ["strategy", "Strategy"]].forEach(([key, title]) => {
    if (!texts || !texts[key]) return;
    const d = document.createElement("details"); d.id = "rules-" + key; d.open = key === "description";
    const sum = document.createElement("summary"); sum.textContent = title; d.appendChild(sum);
    const body = document.createElement("div"); body.className = "text"; body.textContent = texts[key]; d.appendChild(body);
    box.appendChild(d);
  });
}

// ---------------------------------------------------------------- entering moves

function hasMovesFrom(cell) {
  const k = prefix.length;
  return candidates().some(m => m.parts[k] && m.parts[k].from === cell);
}

function clickCell(cell) {
  if (busy || !personToMove()) return;
  const k = prefix.length;
  const cands = candidates();
  if (selected) {
    const hits = cands.filter(m => m.parts[k] && m.parts[k].from === selected && m.parts[k].to === cell);
    if (hits.length) { offer(hits.map(m => m.parts[k].text)); return; }
  }
  if (hasMovesFrom(cell)) { selected = cell; decorate(); return; }
  const drops = cands.filter(m => m.parts[k] && m.parts[k].from === null && m.parts[k].to === cell);
  if (drops.length) { offer(drops.map(m => m.parts[k].text)); return; }
  selected = null; decorate();
}

// a press on the board: a click, or the start of a drag when it is on a piece that can move
function pointerDown(ev) {
  const el = ev.target.closest && ev.target.closest("[data-cell]");
  if (!el || ev.button !== 0) return;
  const cell = el.dataset.cell;
  clickCell(cell);
  if (selected !== cell) return;  // a move was made, or nothing of the person's is here
  const piece = document.querySelector('#board .piece[data-cell="' + CSS.escape(cell) + '"]');
  const svg = $("board").querySelector("svg");
  if (!piece || !svg) return;
  drag = {cell, piece, svg, x: ev.clientX, y: ev.clientY, moved: false};
  ev.preventDefault();
}

function pointerMove(ev) {
  if (!drag) return;
  const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 4) return;
  drag.moved = true;
  const scale = drag.svg.getScreenCTM();
  drag.piece.setAttribute("transform", "translate(" + dx / scale.a + " " + dy / scale.d + ")");
  drag.piece.classList.add("dragging");
}

function pointerUp(ev) {
  if (!drag) return;
  const d = drag; drag = null;
  d.piece.removeAttribute("transform"); d.piece.classList.remove("dragging");
  if (!d.moved) return;
  const under = document.elementsFromPoint(ev.clientX, ev.clientY)
    .map(e => e.closest && e.closest("#board [data-cell]")).find(e => e && e !== d.piece && !d.piece.contains(e));
  if (under && under.dataset.cell !== d.cell) clickCell(under.dataset.cell);
}

// one part on the clicked cells: take it; several (a promotion choice): ask
function offer(texts) {
  const unique = [...new Set(texts)];
  if (unique.length === 1) { choosePart(unique[0]); return; }
  $("choices").innerHTML = "";
  const note = document.createElement("span"); note.textContent = "Choose: "; $("choices").appendChild(note);
  unique.forEach(addChoice);
}

async function choosePart(text) {
  prefix.push(text); selected = null;
  const cands = candidates();
  const done = cands.find(m => m.parts.length === prefix.length);
  if (done && cands.every(m => m.parts.length === prefix.length)) {
    await play(done.notation);
  } else if (done) {
    render(); addButton("(end the turn here)", () => play(done.notation));
  } else { render(); }
}

async function play(notation) {
  prefix = []; selected = null; hint = null;
  try { current = await api("/api/move", {id: gameId, notation}); showError(null); }
  catch (e) { showError(e); }
  render();
  await computerTurns();
}

async function computerTurns() {
  if (busy) return;
  const mine = generation;
  busy = true; document.body.dataset.busy = "1";
  try {
    while (current && !current.outcome && seats[current.to_move] !== "person" && mine === generation) {
      if (!view) $("status").textContent = current.to_move + " (computer) is thinking...";
      const next = await api("/api/ai", {id: gameId, kind: seats[current.to_move], strength: Number($("strength").value)});
      if (mine !== generation) return;
      current = next; render();
    }
  } catch (e) { showError(e); }
  finally {
    if (mine === generation) { busy = false; document.body.dataset.busy = ""; if (current) render(); }
  }
}

// ---------------------------------------------------------------- earlier positions

async function showPly(ply) {
  if (!current) return;
  const now = current.history.length;
  ply = Math.max(0, Math.min(now, ply));
  selected = null; prefix = []; hint = null;
  if (ply === now) { view = null; render(); return; }
  try { view = await api("/api/state?id=" + encodeURIComponent(gameId) + "&ply=" + ply); showError(null); }
  catch (e) { showError(e); }
  render();
}

function step(delta) { if (current) showPly((view ? view.view : current.history.length) + delta); }

// ---------------------------------------------------------------- seats, games, files

function setSeat(player, kind) {
  seats[player] = kind;
  const sel = document.querySelector('#seats select[data-player="' + CSS.escape(player) + '"]');
  if (sel) sel.value = kind;
}

function buildSeats() {
  const box = $("seats"); box.innerHTML = "";
  current.players.forEach((p, i) => {
    if (!(p in seats)) seats[p] = i === 0 ? "person" : "ai";
    const label = document.createElement("label"); label.textContent = p + " ";
    const sel = document.createElement("select"); sel.id = "seat-" + i; sel.dataset.player = p;
    KINDS.forEach(([value, text]) => { const o = document.createElement("option"); o.value = value; o.textContent = text; sel.appendChild(o); });
    sel.value = seats[p];
    sel.addEventListener("change", async () => { seats[p] = sel.value; hint = null; render(); await computerTurns(); });
    label.appendChild(sel); box.appendChild(label);
  });
}

// opening a game: the page's own (on load) or the one chosen above
async function newGame(ev) {
  if (ev) ev.preventDefault();
  showError(null); prefix = []; selected = null; hint = null; view = null; busy = false;
  const mine = ++generation;
  document.body.dataset.loading = "1";
  const file = $("zrf-file").files[0];
  const variant = $("variant").value.trim() || null;
  $("status").textContent = "loading...";
  let data;
  try {
    const body = file
      ? {upload: await fileItem(file), includes: await Promise.all([...$("include-files").files].map(fileItem)), variant}
      : {game: $("game-select").value, variant};
    data = await api("/api/new", body);
  } catch (e) {
    if (mine === generation) { showError(e); $("status").textContent = "could not load the game"; delete document.body.dataset.loading; }
    return;
  }
  if (mine !== generation) return;
  current = data; gameId = current.id; gameToken = current.token;
  Object.keys(seats).forEach(p => delete seats[p]);  // a new game starts with the default seats
  document.title = current.game + " \u2014 zrf play";
  buildSeats();
  renderRules(current.texts);
  render();
  delete document.body.dataset.loading;
  await computerTurns();
}

async function openSaved() {
  const file = $("zsg-file").files[0];
  if (!file || !gameId) return;
  generation++; busy = false; document.body.dataset.busy = "";
  try {
    current = await api("/api/open-zsg", {id: gameId, zsg: await fileItem(file)});
    showError(null);
    current.players.forEach(p => setSeat(p, "person"));  // nothing plays on from it by itself
    await showPly(0);
  } catch (e) { showError(e); }
  $("zsg-file").value = "";
}

function watch() {
  if (!current) return;
  const all = current.players.every(p => seats[p] !== "person");
  current.players.forEach((p, i) => setSeat(p, all && i === 0 ? "person" : (all ? seats[p] : "ai")));
  view = null; hint = null; prefix = []; selected = null;
  render();
  computerTurns();
}

async function askHint() {
  if (!personToMove() || busy) return;
  busy = true; $("status").textContent = "thinking of a hint...";
  try {
    const data = await api("/api/hint", {id: gameId, kind: "ai", strength: Number($("strength").value)});
    hint = data.hint; prefix = []; selected = null;
    document.body.dataset.hint = JSON.stringify(hint);
    showError(null);
  } catch (e) { showError(e); }
  busy = false; render();
  if (hint) $("status").textContent += " \u2014 hint: " + hint.notation;
}

async function undo() {
  if (!gameId || busy) return;
  generation++; view = null;
  try {
    current = await api("/api/undo", {id: gameId});
    while (current.history.length && seats[current.to_move] !== "person") current = await api("/api/undo", {id: gameId});
  } catch (e) { showError(e); }
  prefix = []; selected = null; hint = null; render();
}

function keyDown(ev) {
  if (ev.target && /^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName)) return;
  const keys = {ArrowLeft: -1, ArrowRight: 1};
  if (ev.key in keys) { step(keys[ev.key]); ev.preventDefault(); }
  else if (ev.key === "Home") { showPly(0); ev.preventDefault(); }
  else if (ev.key === "End") { showPly(Infinity); ev.preventDefault(); }
}

async function init() {
  const data = await api("/api/games");
  const sel = $("game-select");
  data.games.forEach(g => { const o = document.createElement("option"); o.value = g.name; o.textContent = g.name; o.title = g.summary; sel.appendChild(o); });
  if (data.default) sel.value = data.default;
  $("new-game").addEventListener("submit", newGame);
  $("game-select").addEventListener("change", () => { $("zrf-file").value = ""; $("include-files").value = ""; });
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", askHint);
  $("watch").addEventListener("click", watch);
  $("zsg-file").addEventListener("change", openSaved);
  $("nav-first").addEventListener("click", () => showPly(0));
  $("nav-prev").addEventListener("click", () => step(-1));
  $("nav-next").addEventListener("click", () => step(1));
  $("nav-last").addEventListener("click", () => showPly(Infinity));
  $("board").addEventListener("pointerdown", pointerDown);
  window.addEventListener("pointermove", pointerMove);
  window.addEventListener("pointerup", pointerUp);
  document.addEventListener("keydown", keyDown);
  document.body.dataset.ready = "1";
  if (sel.value) await newGame();
}
init().catch(showError);
