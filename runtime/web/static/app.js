// zrf play: click a piece, then a highlighted destination.  Multi-part turns are entered
// part by part; several moves on the same cells (promotion choices) are offered as buttons.
// Each player is a person or a computer (alpha-beta, MCTS or random), chosen under "Players".
"use strict";
const $ = (id) => document.getElementById(id);
const KINDS = [["person", "person"], ["ai", "computer (alpha-beta)"], ["mcts", "computer (MCTS)"], ["random", "random mover"]];
let gameId = null, gameToken = null, current = null, prefix = [], selected = null, hint = null, busy = false, generation = 0;
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

function personToMove() { return current && !current.outcome && seats[current.to_move] === "person"; }

// moves still possible given the parts already chosen
function candidates() {
  return current.moves.filter(m => prefix.every((p, i) => m.parts[i] && m.parts[i].text === p));
}

function seatLetters() { return current.players.map(p => seats[p] === "person" ? "H" : "C").join(""); }

function render() {
  $("board").innerHTML = current.svg;
  document.body.dataset.plies = String(current.history.length);
  const hist = $("history"); hist.innerHTML = "";
  current.history.forEach(n => { const li = document.createElement("li"); li.textContent = n; hist.appendChild(li); });
  hist.scrollTop = hist.scrollHeight;
  $("download").href = "/api/zsg?id=" + encodeURIComponent(gameId) + "&seats=" + seatLetters();
  const status = $("status");
  if (current.outcome) status.textContent = "Game over: " + current.outcome.text;
  else status.textContent = current.to_move + " to move" + (seats[current.to_move] === "person" ? "" : " (computer)")
    + (prefix.length ? " \u2014 part " + (prefix.length + 1) + " of the turn" : "");
  status.dataset.toMove = current.to_move;
  status.dataset.over = current.outcome ? "1" : "";
  if (current.last) current.last.parts.forEach(p => { if (p.from) mark(p.from, "last"); if (p.to) mark(p.to, "last"); });
  $("choices").innerHTML = "";
  if (!personToMove()) return;
  const k = prefix.length;
  const cands = candidates();
  // parts with no cells (Pass) become buttons
  [...new Set(cands.filter(m => m.parts[k] && !m.parts[k].to).map(m => m.parts[k].text))].forEach(addChoice);
  if (prefix.length) addButton("(start the turn again)", () => { prefix = []; selected = null; render(); });
  document.querySelectorAll("#board .cell, #board .piece").forEach(el => {
    el.addEventListener("click", () => clickCell(el.dataset.cell));
  });
  if (selected) {
    mark(selected, "selected");
    cands.filter(m => m.parts[k] && m.parts[k].from === selected).forEach(m => mark(m.parts[k].to, "target"));
  }
  if (hint && hint.parts[k]) {
    if (hint.parts[k].from) mark(hint.parts[k].from, "hinted");
    if (hint.parts[k].to) mark(hint.parts[k].to, "hinted");
  }
}

function mark(cell, cls) {
  document.querySelectorAll('#board .cell[data-cell="' + CSS.escape(cell) + '"]').forEach(el => el.classList.add(cls));
}

function addButton(label, handler) {
  const b = document.createElement("button"); b.type = "button"; b.textContent = label; b.className = "choice";
  b.addEventListener("click", handler);
  $("choices").appendChild(b);
}

function addChoice(text) { addButton(text, () => choosePart(text)); }

function clickCell(cell) {
  if (busy || !personToMove()) return;
  const k = prefix.length;
  const cands = candidates();
  if (selected) {
    const hits = cands.filter(m => m.parts[k] && m.parts[k].from === selected && m.parts[k].to === cell);
    if (hits.length) { offer(hits.map(m => m.parts[k].text)); return; }
  }
  if (cands.some(m => m.parts[k] && m.parts[k].from === cell)) { selected = cell; render(); return; }
  const drops = cands.filter(m => m.parts[k] && m.parts[k].from === null && m.parts[k].to === cell);
  if (drops.length) { offer(drops.map(m => m.parts[k].text)); return; }
  selected = null; render();
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
      $("status").textContent = current.to_move + " (computer) is thinking...";
      const next = await api("/api/ai", {id: gameId, kind: seats[current.to_move], strength: Number($("strength").value)});
      if (mine !== generation) return;
      current = next; render();
    }
  } catch (e) { showError(e); }
  finally { busy = false; document.body.dataset.busy = ""; if (current && mine === generation) render(); }
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

async function newGame(ev) {
  if (ev) ev.preventDefault();
  showError(null); prefix = []; selected = null; hint = null; generation++; busy = false;
  const file = $("zrf-file").files[0];
  const variant = $("variant").value.trim() || null;
  $("status").textContent = "loading...";
  try {
    const body = file
      ? {upload: await fileItem(file), includes: await Promise.all([...$("include-files").files].map(fileItem)), variant}
      : {game: $("game-select").value, variant};
    current = await api("/api/new", body);
  } catch (e) { showError(e); $("status").textContent = "could not load the game"; return; }
  gameId = current.id; gameToken = current.token;
  document.title = current.game + " \u2014 zrf play";
  buildSeats();
  render();
  await computerTurns();
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
  generation++;
  try {
    current = await api("/api/undo", {id: gameId});
    while (current.history.length && seats[current.to_move] !== "person") current = await api("/api/undo", {id: gameId});
  } catch (e) { showError(e); }
  prefix = []; selected = null; hint = null; render();
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
  document.body.dataset.ready = "1";
}
init();
