// zrf play: click a piece, then a highlighted destination.  Multi-part turns are entered
// part by part; several moves on the same cells (promotion choices) are offered as buttons.
"use strict";
const $ = (id) => document.getElementById(id);
let gameId = null, current = null, prefix = [], selected = null, opponent = "ai", mySide = null, busy = false;

async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const res = await fetch(path, opts);
  const data = await res.json();
  if (!res.ok) { throw new Error(data.error + (data.diagnostics ? "\n" + data.diagnostics.join("\n") : "")); }
  return data;
}

function showError(err) { $("error").textContent = err ? String(err.message || err) : ""; }

// moves still possible given the parts already chosen
function candidates() {
  return current.moves.filter(m => prefix.every((p, i) => m.parts[i] && m.parts[i].text === p));
}

function render() {
  $("board").innerHTML = current.svg;
  const hist = $("history"); hist.innerHTML = "";
  current.history.forEach(n => { const li = document.createElement("li"); li.textContent = n; hist.appendChild(li); });
  $("download").href = "/api/zsg?id=" + gameId;
  $("status").textContent = current.outcome ? "Game over: " + current.outcome.text
    : current.to_move + " to move" + (prefix.length ? " (part " + (prefix.length + 1) + ")" : "");
  $("status").dataset.toMove = current.to_move;
  $("status").dataset.over = current.outcome ? "1" : "";
  $("choices").innerHTML = "";
  const k = prefix.length;
  const cands = candidates();
  // moves with no cells (Pass) become buttons
  cands.filter(m => m.parts[k] && !m.parts[k].to).forEach(m => addChoice(m.parts[k].text));
  document.querySelectorAll("#board .cell, #board .piece").forEach(el => {
    el.addEventListener("click", () => clickCell(el.dataset.cell));
  });
  if (selected) {
    mark(selected, "selected");
    cands.filter(m => m.parts[k] && m.parts[k].from === selected).forEach(m => mark(m.parts[k].to, "target"));
  }
}

function mark(cell, cls) {
  document.querySelectorAll('#board .cell[data-cell="' + cell + '"]').forEach(el => el.classList.add(cls));
}

function addButton(label, handler) {
  const b = document.createElement("button"); b.type = "button"; b.textContent = label; b.className = "choice";
  b.addEventListener("click", handler);
  $("choices").appendChild(b);
}

function addChoice(text) { addButton(text, () => choosePart(text)); }

function clickCell(cell) {
  if (!current || current.outcome || busy || !myTurn()) return;
  const k = prefix.length;
  const cands = candidates();
  const drops = cands.filter(m => m.parts[k] && m.parts[k].from === null && m.parts[k].to === cell);
  if (selected) {
    const hits = cands.filter(m => m.parts[k] && m.parts[k].from === selected && m.parts[k].to === cell);
    if (hits.length) { offer(hits.map(m => m.parts[k].text)); return; }
  }
  if (cands.some(m => m.parts[k] && m.parts[k].from === cell)) { selected = cell; render(); return; }
  if (drops.length) { offer(drops.map(m => m.parts[k].text)); return; }
  selected = null; render();
}

function offer(texts) {
  const unique = [...new Set(texts)];
  if (unique.length === 1) { choosePart(unique[0]); return; }
  $("choices").innerHTML = "";
  unique.forEach(addChoice);
}

async function choosePart(text) {
  prefix.push(text); selected = null;
  const cands = candidates();
  const done = cands.find(m => m.parts.length === prefix.length);
  if (done && cands.every(m => m.parts.length === prefix.length)) {
    await play(done.notation);
  } else if (done) {
    // the turn may stop here or go on: offer to stop
    render(); addButton("(end turn here)", () => play(done.notation));
  } else { render(); }
}

function myTurn() { return opponent === "human" || current.to_move === mySide; }

async function play(notation) {
  prefix = []; selected = null;
  try { current = await api("/api/move", {id: gameId, notation}); showError(null); }
  catch (e) { showError(e); }
  render();
  await computerTurn();
}

async function computerTurn() {
  while (current && !current.outcome && opponent !== "human" && current.to_move !== mySide) {
    busy = true; $("status").textContent = current.to_move + " (computer) is thinking...";
    try { current = await api("/api/ai", {id: gameId, kind: opponent, seconds: 1}); }
    catch (e) { showError(e); busy = false; return; }
    busy = false; render();
  }
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  showError(null); prefix = []; selected = null;
  opponent = $("opponent").value;
  const file = $("zrf-file").files[0];
  const variant = $("variant").value.trim() || null;
  try {
    const body = file ? {zrf: await file.text(), filename: file.name, variant} : {game: $("game-select").value};
    current = await api("/api/new", body);
  } catch (e) { showError(e); return; }
  gameId = current.id;
  const side = $("my-side"); const keep = side.value;
  side.innerHTML = "";
  current.players.forEach(p => { const o = document.createElement("option"); o.value = o.textContent = p; side.appendChild(o); });
  if (current.players.includes(keep)) side.value = keep;
  mySide = side.value;
  render();
  await computerTurn();
}

async function init() {
  const data = await api("/api/games");
  const sel = $("game-select");
  data.games.forEach(g => { const o = document.createElement("option"); o.value = g.name; o.textContent = g.name; o.title = g.summary; sel.appendChild(o); });
  if (data.default) {
    if (![...sel.options].some(o => o.value === data.default)) {
      const o = document.createElement("option"); o.value = o.textContent = data.default; sel.appendChild(o);
    }
    sel.value = data.default;
  }
  $("new-game").addEventListener("submit", newGame);
  $("my-side").addEventListener("change", async () => { mySide = $("my-side").value; render(); await computerTurn(); });
  $("undo").addEventListener("click", async () => {
    try {
      current = await api("/api/undo", {id: gameId});
      if (opponent !== "human" && current.to_move !== mySide && current.history.length) current = await api("/api/undo", {id: gameId});
    } catch (e) { showError(e); }
    prefix = []; selected = null; render();
  });
}
init();
