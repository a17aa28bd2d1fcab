// zrf play: the game is on the board as soon as the page opens.  Click (or drag) a piece to see
// its legal targets, then click (or drop on) one; click it again to put it down.  Multi-part turns
// are entered part by part; several moves on the same cells (promotion choices) are offered in a
// chooser at the piece.  Pieces in hand are labelled buttons above the board.  Each player is a
// person or a computer (alpha-beta, MCTS or random), chosen under "Players"; a random player
// (?Dice) is nobody's seat: it rolls by chance.  The move list (one line per full move) and the
// |< < > >| buttons show earlier positions; an opened .zsg is stepped through the same way.
// Flip turns the board round; a clock, when chosen, runs for the side to move and flags at zero;
// Undo gives the clocks back the time of the moves it takes back.  A seed (as zrf play --seed) makes
// the dice and the computer players draw the same again.  Stop stops the computer's thinking at once.
// Keyboard: Tab to a cell, Enter or Space to pick or place, arrows and Home/End step.
"use strict";
const $ = (id) => document.getElementById(id);
const KINDS = [["person", "person"], ["ai", "computer (alpha-beta)"], ["mcts", "computer (MCTS)"], ["random", "random mover"],
               ["fairy-stockfish", "Fairy-Stockfish (the game's export)"],
               ["remote", "person in another browser (invite)"]];
const REMOTE = "remote";  // a seat played in another browser: this page waits for its moves
const MARKS = ["selected", "target", "hinted", "last", "check", "focused"];
const CHANCE = "chance";  // the seat of a random player: rolled, never chosen
const SVG_NS = "http://www.w3.org/2000/svg";
// current: the game now; view: an earlier position being looked at (null: the game now)
let gameId = null, gameToken = null, current = null, view = null, prefix = [], selected = null, hint = null;
let busy = false, generation = 0, drag = null, flipped = false, handPiece = null, lastShown = null;
let clock = null;  // the last reading of the server's clocks: {left: {player: ms}, running, increment, since, asked}
// a shared game: role "owner" (opened it here), "seat" (joined through an invite link), "watcher"
let role = "owner", events = null;
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

function gameOver() { return !!(current && (current.outcome || current.still)); }

function personToMove() { return current && !view && !gameOver() && seats[current.to_move] === "person"; }

// moves still possible given the parts already chosen
function candidates() {
  return current.moves.filter(m => prefix.every((p, i) => m.parts[i] && m.parts[i].text === p));
}

function seatLetters() { return current.players.map(p => seats[p] === "person" ? "H" : "C").join(""); }

function isRandom(player) { return (current.random_players || []).includes(player); }

function cellEls(cell) {
  return document.querySelectorAll('#board .cell[data-cell="' + CSS.escape(cell) + '"]');
}

function mark(cell, cls) { if (cell) cellEls(cell).forEach(el => el.classList.add(cls)); }

// a mark drawn above the pieces too (a piece's bitmap may cover its whole cell, as in Dobutsu Shogi)
function overlay(cell, cls) {
  const layer = $("marks"), el = cell && cellEls(cell)[0];
  if (!layer || !el) return;
  const copy = el.cloneNode(false);
  ["data-cell", "tabindex", "role", "aria-label", "fill", "fill-opacity", "stroke", "stroke-width"].forEach(a => copy.removeAttribute(a));
  copy.setAttribute("class", "mark " + cls); copy.setAttribute("pointer-events", "none");
  layer.appendChild(copy);
}

// ---------------------------------------------------------------- drawing

function render() {
  const s = shown();
  $("board").innerHTML = s.svg;
  const svg = $("board").querySelector("svg");
  if (svg) orient(svg);
  hidePromotion();
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
  renderHand();
  renderClocks();
  renderEndingButtons();
  decorate();
  animateLast(s);
}

// ---------------------------------------------------------------- the board's orientation and edges

// everything drawn on the board goes into one group, which Flip turns round its centre; pieces and
// names are turned back so that they stay upright; the marks layer lies above the pieces
function orient(svg) {
  const group = document.createElementNS(SVG_NS, "g"); group.id = "board-g";
  const keep = n => n.nodeType === 1 && (n.tagName === "defs" || (n.classList && ["heading", "hand", "legend"].some(c => n.classList.contains(c))));
  [...svg.childNodes].filter(n => !keep(n)).forEach(n => group.appendChild(n));
  svg.appendChild(group);
  const marks = document.createElementNS(SVG_NS, "g"); marks.id = "marks"; group.appendChild(marks);
  const cells = [...svg.querySelectorAll(".cell")];
  if (!cells.length) return;
  const boxes = cells.map(el => el.getBBox());
  const x0 = Math.min(...boxes.map(b => b.x)), x1 = Math.max(...boxes.map(b => b.x + b.width));
  const y0 = Math.min(...boxes.map(b => b.y)), y1 = Math.max(...boxes.map(b => b.y + b.height));
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  if (flipped) {
    group.setAttribute("transform", "rotate(180 " + cx + " " + cy + ")");
    svg.querySelectorAll("#board-g .piece, #board-g text").forEach(upright);
  }
  edgeCoordinates(svg, cells, boxes, {x0, x1, y0, y1, cx, cy});
  cells.forEach(el => {
    el.setAttribute("tabindex", "0"); el.setAttribute("role", "button");
    const piece = document.querySelector('#board .piece[data-cell="' + CSS.escape(el.dataset.cell) + '"]');
    el.setAttribute("aria-label", el.dataset.cell + (piece ? ": " + piece.dataset.owner + " " + piece.dataset.type : ": empty"));
  });
}

// a piece or a name turned back round its own centre, so that a flipped board shows it upright
function upright(el) {
  const b = el.getBBox();
  const turn = "rotate(180 " + (b.x + b.width / 2) + " " + (b.y + b.height / 2) + ")";
  el.dataset.upright = turn;
  el.setAttribute("transform", turn);
}

// file letters under the board and rank numbers beside it, when the cells are named a1..z99 on a grid
// drawn by us (a game's own board bitmap keeps its look); each cell's own name is then not drawn
function edgeCoordinates(svg, cells, boxes, frame) {
  if (svg.querySelector(".board-image")) return;
  const files = {}, ranks = {};
  for (let i = 0; i < cells.length; i++) {
    const m = /^([a-z])(\d+)$/.exec(cells[i].dataset.cell);
    if (!m) return;
    const b = boxes[i], x = b.x + b.width / 2, y = b.y + b.height / 2;
    (files[m[1]] = files[m[1]] || []).push(x);
    (ranks[m[2]] = ranks[m[2]] || []).push(y);
  }
  const aligned = lists => Object.values(lists).every(v => Math.max(...v) - Math.min(...v) < 1);
  if (!aligned(files) || !aligned(ranks)) return;
  const size = Math.max(8, Math.min(14, Math.min(...boxes.map(b => Math.min(b.width, b.height))) * 0.3));
  const at = (x, y) => flipped ? [2 * frame.cx - x, 2 * frame.cy - y] : [x, y];
  const text = (label, x, y) => {
    const t = document.createElementNS(SVG_NS, "text");
    t.setAttribute("class", "edge-coord"); t.setAttribute("x", x); t.setAttribute("y", y);
    t.setAttribute("font-size", size); t.setAttribute("text-anchor", "middle"); t.setAttribute("pointer-events", "none");
    t.textContent = label; svg.appendChild(t);
  };
  Object.entries(files).forEach(([f, xs]) => text(f, at(xs[0], 0)[0], frame.y1 + size * 1.1));
  Object.entries(ranks).forEach(([r, ys]) => text(r, frame.x0 - size * 0.7, at(0, ys[0])[1] + size * 0.35));
  // room below the board for the letters: the hand and legend lines move down, the picture grows
  svg.querySelectorAll(":scope > text.hand, :scope > text.legend").forEach(t => t.setAttribute("y", Number(t.getAttribute("y")) + size * 1.4));
  const vb = svg.viewBox.baseVal;
  if (vb && vb.height) {
    const left = Math.min(vb.x, frame.x0 - size * 1.5);
    svg.setAttribute("viewBox", [left, vb.y, vb.width + (vb.x - left), vb.height + size * 1.4].join(" "));
    svg.setAttribute("height", vb.height + size * 1.4);
  }
  svg.querySelectorAll("text.coord").forEach(t => t.remove());
}

// the last move's piece slides from where it came (only for a move just made, not when stepping)
function animateLast(s) {
  const key = s.last ? s.view + ":" + s.last.notation : null;
  const fresh = key && lastShown !== null && key !== lastShown && !view;
  lastShown = key;
  if (!fresh || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const part = s.last.parts[s.last.parts.length - 1];
  if (!part || !part.from || !part.to) return;
  const piece = document.querySelector('#board .piece[data-cell="' + CSS.escape(part.to) + '"]');
  const from = cellEls(part.from)[0], to = cellEls(part.to)[0];
  if (!piece || !from || !to) return;
  const a = from.getBBox(), b = to.getBBox(), sign = flipped ? -1 : 1;
  const dx = sign * ((a.x + a.width / 2) - (b.x + b.width / 2)), dy = sign * ((a.y + a.height / 2) - (b.y + b.height / 2));
  const rest = piece.dataset.upright || "";
  piece.setAttribute("transform", "translate(" + dx + " " + dy + ") " + rest);
  requestAnimationFrame(() => requestAnimationFrame(() => {
    piece.classList.add("moving"); piece.setAttribute("transform", "translate(0 0) " + rest);
  }));
}

function renderStatus() {
  const status = $("status"), s = shown();
  if (view) {
    status.textContent = "Position after " + s.view + " of " + current.history.length + " moves"
      + (s.view ? " (" + s.last.notation + ")" : " (the start)") + " \u2014 " + s.view_to_move + " to move; >| for the game now";
  } else if (current.still) status.textContent = "Set-up position only: " + current.still;
  else if (current.outcome) status.textContent = "Game over: " + (current.outcome.words || current.outcome.text);
  else status.textContent = current.to_move + " to move" + (seats[current.to_move] === "person" ? "" : (isRandom(current.to_move) ? " (rolls by chance)" : " (computer)"))
    + (prefix.length ? " \u2014 part " + (prefix.length + 1) + " of the turn" : "")
    + (current.check.length ? " \u2014 check" : "")
    + (current.draw_offer ? " \u2014 " + current.draw_offer + " offers a draw" : "");
  status.dataset.toMove = current.to_move;
  status.dataset.over = gameOver() && !current.still && !view ? "1" : "";
  status.dataset.still = current.still ? "1" : "";
  status.dataset.rule = current.outcome ? current.outcome.text : "";
  status.dataset.viewing = view ? "1" : "";
}

// one line per full move (the plies that share a move number), each ply a link to its position
function renderHistory() {
  const hist = $("history"), s = shown();
  hist.innerHTML = "";
  let li = null;
  current.history.forEach((n, i) => {
    if (!li || Number(li.value) !== current.numbers[i]) {
      li = document.createElement("li"); li.value = current.numbers[i]; hist.appendChild(li);
    }
    const ply = document.createElement("span");
    ply.className = "ply" + (i + 1 === s.view ? " current" : "");
    ply.textContent = n;
    ply.dataset.ply = String(i + 1);
    ply.title = "show the position after this move";
    ply.tabIndex = 0; ply.setAttribute("role", "button");
    ply.addEventListener("click", () => showPly(i + 1));
    ply.addEventListener("keydown", ev => { if (ev.key === "Enter") showPly(i + 1); });
    li.appendChild(ply);
  });
  const cur = hist.querySelector(".ply.current");
  if (cur && view) cur.scrollIntoView({block: "nearest"}); else hist.scrollTop = hist.scrollHeight;
}

// the marks on the board: last move, check, selection and its targets, hint
function decorate() {
  const s = shown();
  document.querySelectorAll("#board .cell").forEach(el => el.classList.remove(...MARKS));
  const layer = $("marks");
  if (layer) layer.innerHTML = "";
  if (s.last) s.last.parts.forEach(p => { mark(p.from, "last"); mark(p.to, "last"); overlay(p.from, "last"); overlay(p.to, "last"); });
  (s.check || []).forEach(c => { mark(c, "check"); overlay(c, "check"); });
  $("piece-help").textContent = "";
  document.body.dataset.selected = selected || "";
  if (!personToMove()) return;
  const k = prefix.length;
  if (handPiece) {
    candidates().filter(m => isDrop(m.parts[k]) && m.parts[k].piece === handPiece).forEach(m => { mark(m.parts[k].to, "target"); targetDot(m.parts[k].to); });
  }
  if (selected) {
    mark(selected, "selected"); overlay(selected, "selected");
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

function isDrop(part) { return part && part.from === null && part.to; }

function clickCell(cell) {
  if (busy || !personToMove()) return;
  const k = prefix.length;
  const cands = candidates();
  if (selected === cell) {  // a second click: a move that ends where it began (a Star out and back), else put it down
    const back = cands.filter(m => m.parts[k] && m.parts[k].from === cell && m.parts[k].to === cell);
    if (back.length) { offer(back, cell); return; }
    selected = null; decorate(); return;
  }
  if (selected) {
    const hits = cands.filter(m => m.parts[k] && m.parts[k].from === selected && m.parts[k].to === cell);
    if (hits.length) { offer(hits, cell); return; }
  }
  if (handPiece) {
    const hits = cands.filter(m => isDrop(m.parts[k]) && m.parts[k].piece === handPiece && m.parts[k].to === cell);
    if (hits.length) { handPiece = null; offer(hits, cell); return; }
  }
  if (hasMovesFrom(cell)) { selected = cell; handPiece = null; renderHand(); decorate(); return; }
  const drops = cands.filter(m => isDrop(m.parts[k]) && m.parts[k].to === cell);
  if (drops.length) { offer(drops, cell); return; }
  selected = null; decorate();
}

// a press on the board: a click, or the start of a drag when it is on a piece that can move
function pointerDown(ev) {
  const el = ev.target.closest && ev.target.closest("[data-cell]");
  if (!el || ev.button !== 0) return;
  const cell = el.dataset.cell;
  const before = selected;
  clickCell(cell);
  if (selected !== cell) return;  // a move was made, or nothing of the person's is here
  if (before === cell) return;
  const piece = document.querySelector('#board .piece[data-cell="' + CSS.escape(cell) + '"]');
  const svg = $("board").querySelector("svg");
  if (!piece || !svg) return;
  drag = {cell, piece, svg, x: ev.clientX, y: ev.clientY, moved: false, wasSelected: false};
  ev.preventDefault();
}

function pointerMove(ev) {
  if (!drag) return;
  const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 4) return;
  drag.moved = true;
  const scale = drag.svg.getScreenCTM(), sign = flipped ? -1 : 1;
  drag.piece.setAttribute("transform", "translate(" + sign * dx / scale.a + " " + sign * dy / scale.d + ") " + (drag.piece.dataset.upright || ""));
  drag.piece.classList.add("dragging");
}

function pointerUp(ev) {
  if (!drag) return;
  const d = drag; drag = null;
  if (d.piece.dataset.upright) d.piece.setAttribute("transform", d.piece.dataset.upright); else d.piece.removeAttribute("transform");
  d.piece.classList.remove("dragging");
  if (!d.moved) return;
  const under = document.elementsFromPoint(ev.clientX, ev.clientY)
    .map(e => e.closest && e.closest("#board [data-cell]")).find(e => e && e !== d.piece && !d.piece.contains(e));
  if (under && under.dataset.cell !== d.cell) clickCell(under.dataset.cell);
}

// one part on the clicked cells: take it; several (a promotion choice): ask, in a chooser at the cell
function offer(moves, cell) {
  const k = prefix.length;
  const parts = [];
  moves.forEach(m => { if (!parts.some(p => p.text === m.parts[k].text)) parts.push(m.parts[k]); });
  if (parts.length === 1) { choosePart(parts[0].text); return; }
  showPromotion(parts, cell);
}

// the choices as buttons over the target cell, each named by what the piece becomes (or its text)
function showPromotion(parts, cell) {
  const box = $("promotion"), el = cellEls(cell)[0];
  box.innerHTML = "";
  const names = parts.map(p => p.becomes || p.piece || p.text);
  const label = (p, i) => names.filter(n => n === names[i]).length > 1 ? p.text : names[i];
  parts.forEach((p, i) => {
    const b = document.createElement("button"); b.type = "button"; b.className = "promote";
    b.textContent = label(p, i); b.title = p.text; b.dataset.part = p.text;
    b.addEventListener("click", () => { hidePromotion(); choosePart(p.text); });
    box.appendChild(b);
  });
  const cancel = document.createElement("button"); cancel.type = "button"; cancel.textContent = "\u2715"; cancel.title = "cancel";
  cancel.setAttribute("aria-label", "cancel"); cancel.addEventListener("click", () => { hidePromotion(); selected = null; decorate(); });
  box.appendChild(cancel);
  box.hidden = false;
  const outer = $("board-box").getBoundingClientRect(), r = el ? el.getBoundingClientRect() : outer;
  const left = Math.max(0, Math.min(r.left - outer.left, outer.width - box.offsetWidth));
  const top = Math.max(0, Math.min(r.top - outer.top, outer.height - box.offsetHeight));
  box.style.left = left + "px"; box.style.top = top + "px";
  box.querySelector("button").focus();
}

function hidePromotion() { const box = $("promotion"); if (box) { box.hidden = true; box.innerHTML = ""; } }

// the pieces in hand as labelled buttons: pick one, then its cell; the count is the player's store
function renderHand() {
  const box = $("hand"); box.innerHTML = "";
  if (!current || view) return;
  const k = prefix.length;
  const droppable = personToMove() ? new Set(candidates().filter(m => isDrop(m.parts[k]) && m.parts[k].piece).map(m => m.parts[k].piece)) : new Set();
  (shown().hands || []).forEach(([player, piece, count]) => {
    const b = document.createElement("button"); b.type = "button";
    b.textContent = player + " " + piece + " \u00d7" + count;
    b.dataset.player = player; b.dataset.piece = piece;
    b.disabled = !(player === current.to_move && droppable.has(piece));
    b.setAttribute("aria-pressed", String(handPiece === piece));
    if (handPiece === piece && !b.disabled) b.classList.add("selected");
    b.addEventListener("click", () => { handPiece = handPiece === piece ? null : piece; selected = null; renderHand(); decorate(); });
    box.appendChild(b);
  });
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
  prefix = []; selected = null; hint = null; handPiece = null;
  try { current = await api("/api/move", {id: gameId, notation}); showError(null); }
  catch (e) { showError(e); }
  render();
  await computerTurns();
}

// ---------------------------------------------------------------- two browsers

// the invite link for a seat: the seat's token travels in the fragment, which no server sees
async function invite(player) {
  const data = await api("/api/invite", {id: gameId, player});
  const base = location.origin + location.pathname;
  showLinks(player, base + data.join, base + data.watch);
  listen();
}

function showLinks(player, join, watch) {
  const box = $("links"); box.hidden = false;
  const row = (label, url, id) => {
    let input = $(id);
    if (!input) {
      const l = document.createElement("label"); l.textContent = label + " ";
      input = document.createElement("input"); input.id = id; input.readOnly = true; input.className = "link";
      input.addEventListener("focus", () => input.select());
      l.appendChild(input); box.appendChild(l);
    }
    input.value = url;
  };
  row("Invite for " + player + ":", join, "invite-" + CSS.escape(player));
  row("Watch:", watch, "watch-link");
}

// live updates: every change of the game (here or in another browser) is read again
function listen() {
  if (events || !gameId) return;
  events = new EventSource("/api/events?id=" + encodeURIComponent(gameId));
  events.addEventListener("changed", async ev => {
    if (current && String(current.version) === ev.data) return;
    try {
      const next = await api("/api/state?id=" + encodeURIComponent(gameId));
      if (current && next.version <= current.version) return;
      current = next; view = null; prefix = []; selected = null; render();
      document.body.dataset.version = String(current.version);
      if (role === "owner") computerTurns();
    } catch (e) { showError(e); }
  });
  events.addEventListener("closed", () => { events.close(); events = null; showError("the game was closed on the server"); });
}

function stopListening() { if (events) { events.close(); events = null; } $("links").hidden = true; $("links").innerHTML = ""; }

// a page opened from an invite link (#join=ID.TOKEN) or a watch link (#watch=ID)
async function openShared() {
  const m = /^#(join|watch)=([0-9a-f]+)(?:\.([A-Za-z0-9_-]+))?$/.exec(location.hash);
  if (!m) return false;
  role = m[1] === "join" ? "seat" : "watcher";
  gameId = m[2]; gameToken = m[3] || null;
  document.body.dataset.role = role;
  $("edit-rules").hidden = true;  // only the game's owner edits its rules
  $("new-game").hidden = true; $("watch").hidden = true; $("undo").hidden = true; $("hint").hidden = role !== "seat";
  try {
    current = role === "seat" ? await api("/api/join", {id: gameId}) : await api("/api/state?id=" + encodeURIComponent(gameId));
  } catch (e) { showError(e); $("status").textContent = "could not open the shared game"; return true; }
  Object.keys(seats).forEach(p => delete seats[p]);
  current.players.forEach(p => { seats[p] = isRandom(p) ? CHANCE : (p === current.you ? "person" : REMOTE); });
  document.title = current.game + " \u2014 zrf play";
  buildSeats();
  renderRules(current.texts);
  render();
  listen();
  return true;
}

// the computer's (and the random players') turns, one request each, until a person is to move;
// the status counts the seconds; Stop asks the server to stop the search now (the move it was
// working out is not played) and hands the computer's seats to people
let stopAsked = false;
async function computerTurns() {
  if (busy) return;
  const mine = generation;
  busy = true; document.body.dataset.busy = "1"; stopAsked = false;
  $("stop").hidden = false;
  try {
    while (current && !gameOver() && seats[current.to_move] !== "person" && seats[current.to_move] !== REMOTE
           && role === "owner" && mine === generation && !stopAsked) {
      const mover = current.to_move, started = Date.now();
      const say = () => { if (!view && mine === generation) $("status").textContent = mover + (isRandom(mover) ? " rolls..." : " (computer) is thinking... " + Math.floor((Date.now() - started) / 1000) + " s"); };
      say();
      const ticker = setInterval(say, 1000);
      let next;
      try {
        next = await api("/api/ai", {id: gameId, kind: isRandom(mover) ? "random" : seats[mover],
                                     strength: Number($("strength").value), seconds: thinkSeconds(mover)});
      } finally { clearInterval(ticker); }
      if (mine !== generation) return;
      current = next; render();
      if (next.stopped) stopAsked = true;
    }
    if (stopAsked && current) current.players.forEach(p => { if (![CHANCE, "person", REMOTE].includes(seats[p])) setSeat(p, "person"); });
  } catch (e) { showError(e); }
  finally {
    if (mine === generation) { busy = false; document.body.dataset.busy = ""; $("stop").hidden = true; if (current) render(); }
  }
}

// Stop: the server stops the search of the game's version shown (the computer's move now, or the
// one waiting for a searcher) and answers it unplayed; the loop above then hands the seats over
async function stopComputer() {
  stopAsked = true; $("stop").hidden = true;
  if (!gameId || !current) return;
  try { await api("/api/stop", {id: gameId, version: current.version}); } catch (e) { showError(e); }
}

// ---------------------------------------------------------------- clocks

// the server keeps the clocks (a game opened with a time control); the page counts down from the
// last reading and, when the running clock shows zero, asks the server, which decides the flag
let clockSource = null;
function syncClock() {
  if (!current || current.clock === clockSource) return;
  clockSource = current.clock;
  clock = current.clock ? {left: current.clock.left, running: current.clock.running, increment: current.clock.increment,
                           since: Date.now(), asked: false} : null;
}

function timeLeft(player) {
  const ms = clock.left[player] - (clock.running === player ? Date.now() - clock.since : 0);
  return Math.max(0, ms);
}

async function tick() {
  if (!clock || !clock.running || clock.asked || !current || current.outcome) { if (clock) renderClocks(); return; }
  if (timeLeft(clock.running) > 0) { renderClocks(); return; }
  clock.asked = true;
  try {
    const next = await api("/api/state?id=" + encodeURIComponent(gameId));
    if (next.version >= current.version) { current = next; view = null; prefix = []; selected = null; render(); }
  } catch (e) { showError(e); }
}

function renderClocks() {
  const box = $("clocks");
  syncClock();
  if (!clock) { box.hidden = true; box.innerHTML = ""; return; }
  box.hidden = false;
  const players = Object.keys(clock.left);
  if (box.children.length !== players.length) {
    box.innerHTML = "";
    players.forEach(p => { const d = document.createElement("span"); d.className = "clock"; d.dataset.player = p; d.setAttribute("role", "timer"); box.appendChild(d); });
  }
  const out = current && current.outcome;
  [...box.children].forEach(d => {
    const p = d.dataset.player, ms = timeLeft(p), secs = Math.ceil(ms / 1000);
    d.textContent = p + " " + Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
    d.dataset.ms = String(Math.round(ms));
    d.classList.toggle("running", clock.running === p);
    d.classList.toggle("flagged", !!(out && out.rule === "time" && out.losers.includes(p)));
  });
}

// the seconds the computer may think for a move: its share of the time left (no clock: 5 s)
function thinkSeconds(player) {
  if (!clock || !(player in clock.left)) return 5;
  return Math.max(0.05, Math.min(10, timeLeft(player) / 1000 / 30 + clock.increment / 1000 * 0.8));
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
  let first = true;
  current.players.forEach((p, i) => {
    if (isRandom(p)) {  // rolls by chance: never a seat to fill
      seats[p] = CHANCE;
      const note = document.createElement("div"); note.className = "chance"; note.id = "seat-" + i; note.dataset.player = p;
      note.textContent = p + ": rolls by chance"; box.appendChild(note);
      return;
    }
    if (!(p in seats)) seats[p] = first ? "person" : "ai";
    first = false;
    const label = document.createElement("label"); label.textContent = p + " ";
    const sel = document.createElement("select"); sel.id = "seat-" + i; sel.dataset.player = p;
    KINDS.forEach(([value, text]) => { const o = document.createElement("option"); o.value = value; o.textContent = text; sel.appendChild(o); });
    sel.value = seats[p];
    sel.disabled = role !== "owner";
    if (role !== "owner" && p === current.you) label.textContent = p + " (you) ";
    sel.addEventListener("change", async () => {
      seats[p] = sel.value; hint = null; render();
      if (sel.value === REMOTE) { try { await invite(p); } catch (e) { showError(e); } }
      await computerTurns();
    });
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
    if (!file && $("game-select").value === UPLOADED) throw new Error("choose the .zrf file again to start the uploaded game anew");
    const body = file
      ? {upload: await fileItem(file), includes: await Promise.all([...$("include-files").files].map(fileItem)), variant}
      : {game: $("game-select").value, variant};
    if ($("clock").value) body.clock = $("clock").value;
    const seed = $("seed").value.trim();
    if (seed !== "") {
      if (!/^[0-9]{1,15}$/.test(seed)) throw new Error("the seed must be a whole number (or empty for a random one)");
      body.seed = Number(seed);
    }
    data = await api("/api/new", body);
  } catch (e) {
    if (mine === generation) { showError(e); $("status").textContent = "could not load the game"; delete document.body.dataset.loading; }
    return;
  }
  if (mine !== generation) return;
  stopListening();
  closeEditor();
  current = data; gameId = current.id; gameToken = current.token; lastShown = null; handPiece = null;
  if (file) listUpload(file.name, current.game);
  Object.keys(seats).forEach(p => delete seats[p]);  // a new game starts with the default seats
  document.title = current.game + " \u2014 zrf play";
  buildSeats();
  clockSource = null;
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
    current.players.forEach(p => { if (!isRandom(p)) setSeat(p, "person"); });  // nothing plays on from it by itself
    await showPly(0);
  } catch (e) { showError(e); }
  $("zsg-file").value = "";
}

function watch() {
  if (!current) return;
  const choosers = current.players.filter(p => !isRandom(p));
  const all = choosers.every(p => seats[p] !== "person");
  choosers.forEach((p, i) => setSeat(p, all && i === 0 ? "person" : (all ? seats[p] : "ai")));
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
  if (ev.target && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(ev.target.tagName)) return;
  if (ev.target && ev.target.closest && ev.target.closest("#edit-panel")) return;  // typing in the rules editor
  const cellEl = ev.target && ev.target.closest && ev.target.closest("#board .cell");
  if (cellEl && (ev.key === "Enter" || ev.key === " ")) { clickCell(cellEl.dataset.cell); ev.preventDefault(); refocus(cellEl.dataset.cell); return; }
  if (ev.key === "Escape") { selected = null; handPiece = null; hidePromotion(); decorate(); renderHand(); return; }
  const keys = {ArrowLeft: -1, ArrowRight: 1};
  if (ev.key in keys) { step(keys[ev.key]); ev.preventDefault(); }
  else if (ev.key === "Home") { showPly(0); ev.preventDefault(); }
  else if (ev.key === "End") { showPly(Infinity); ev.preventDefault(); }
}

// the player this page resigns or offers a draw for: its seat (an invite), else the person to move,
// else the first person's seat
function myPlayer() {
  if (!current) return null;
  if (role === "seat") return current.you;
  if (role !== "owner") return null;
  if (seats[current.to_move] === "person") return current.to_move;
  return current.players.find(p => seats[p] === "person") || null;
}

async function endingRequest(path) {
  const player = myPlayer();
  if (!player || gameOver() || busy) return;
  try { current = await api(path, {id: gameId, player}); showError(null); } catch (e) { showError(e); }
  render();
}

function renderEndingButtons() {
  const player = myPlayer(), over = !current || gameOver() || !!view;
  $("resign").disabled = over || !player;
  $("draw").disabled = over || !player || current.draw_offer === player;
  $("draw").textContent = current && current.draw_offer && current.draw_offer !== player ? "Accept draw" : "Offer draw";
}

// the uploaded game in the Game list, first and chosen (New game uploads it again from the file box)
const UPLOADED = "\u0000uploaded";
function listUpload(fileName, title) {
  const sel = $("game-select");
  let o = sel.querySelector("option[data-uploaded]");
  if (!o) { o = document.createElement("option"); o.dataset.uploaded = "1"; o.value = UPLOADED; sel.insertBefore(o, sel.firstChild); }
  o.textContent = fileName + " (uploaded: " + title + ")";
  sel.value = UPLOADED;
}

// after a redraw the focused cell is a new element: focus it again
function refocus(cell) { const el = cellEls(cell)[0]; if (el) el.focus(); }

function flip() {
  flipped = !flipped;
  $("flip").setAttribute("aria-pressed", String(flipped));
  document.body.dataset.flipped = flipped ? "1" : "";
  if (current) render();
}

// ---------------------------------------------------------------- the rules editor

// The editor (CodeMirror, bundled into rules-editor.js) is loaded the first time it is opened; the
// server checks the text as `zrf check` does and answers hover texts as the language server does.
let editor = null, editedName = "game.zrf";

function loadEditor() {
  if (window.ZrfEditor) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "/static/rules-editor.js";
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("the rules editor did not load"));
    document.head.appendChild(script);
  });
}

async function checkRules(text) {
  try { const data = await api("/api/rules-check", {id: gameId, text}); return data.diagnostics; }
  catch (e) { $("edit-status").textContent = String(e.message || e); return null; }
}

async function hoverRules(text, offset) {
  try { return await api("/api/rules-hover", {id: gameId, text, offset}); } catch (e) { return null; }
}

function listDiagnostics(found) {
  const list = $("edit-diagnostics");
  list.innerHTML = "";
  found.forEach(d => {
    const li = document.createElement("li");
    li.className = d.severity;
    li.textContent = `${d.line}:${d.col}: ${d.code} ${d.message}`;
    list.appendChild(li);
  });
  list.dataset.count = String(found.length);
}

async function openEditor() {
  if (!gameId) return;
  try {
    await loadEditor();
    const data = await api("/api/rules", {id: gameId});
    editedName = data.name;
    $("edit-name").textContent = data.name;
    $("edit-status").textContent = "";
    $("edit-panel").hidden = false;
    if (editor) editor.setText(data.text);
    else editor = window.ZrfEditor.create($("editor"), data.text, {check: checkRules, hover: hoverRules, onDiagnostics: listDiagnostics});
    $("edit-panel").scrollIntoView();
  } catch (e) { showError(e); }
}

function closeEditor() { $("edit-panel").hidden = true; $("edit-diagnostics").innerHTML = ""; }

async function applyEdit() {
  if (!editor || !gameId) return;
  generation++; busy = false; delete document.body.dataset.busy;
  $("edit-status").textContent = "applying...";
  try {
    const data = await api("/api/rules-apply", {id: gameId, text: editor.text()});
    current = data; view = null; prefix = []; selected = null; hint = null; handPiece = null; lastShown = null;
    const moves = `${data.replayed} move${data.replayed === 1 ? "" : "s"} replayed`;
    $("edit-status").textContent = data.stopped ? `Applied: ${moves}; ${data.stopped}.` : `Applied: ${moves}.`;
    document.title = current.game + " \u2014 zrf play";
    buildSeats();
    clockSource = null;
    renderRules(current.texts);
    render();
    showError(null);
  } catch (e) { $("edit-status").textContent = String(e.message || e); return; }
  await computerTurns();
}

function downloadEdit() {
  if (!editor) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([editor.text()], {type: "text/plain"}));
  link.download = editedName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function init() {
  const data = await api("/api/games");
  const sel = $("game-select");
  data.games.forEach(g => {
    const o = document.createElement("option"); o.value = g.name; o.title = g.summary;
    o.textContent = g.name + (g.engine ? " (needs Axiom: set-up only)" : "");
    if (g.engine) o.dataset.engine = "1";
    sel.appendChild(o);
  });
  if (data.default) sel.value = data.default;
  $("new-game").addEventListener("submit", newGame);
  $("game-select").addEventListener("change", () => {
    if ($("game-select").value === UPLOADED) return;  // the upload still in the file box
    $("zrf-file").value = ""; $("include-files").value = "";
  });
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", askHint);
  $("watch").addEventListener("click", watch);
  $("zsg-file").addEventListener("change", openSaved);
  $("nav-first").addEventListener("click", () => showPly(0));
  $("nav-prev").addEventListener("click", () => step(-1));
  $("nav-next").addEventListener("click", () => step(1));
  $("nav-last").addEventListener("click", () => showPly(Infinity));
  $("flip").addEventListener("click", flip);
  $("resign").addEventListener("click", () => endingRequest("/api/resign"));
  $("draw").addEventListener("click", () => endingRequest("/api/draw"));
  $("stop").addEventListener("click", stopComputer);
  $("edit-rules").addEventListener("click", openEditor);
  $("edit-apply").addEventListener("click", applyEdit);
  $("edit-download").addEventListener("click", downloadEdit);
  $("edit-close").addEventListener("click", closeEditor);
  setInterval(tick, 100);
  $("board").addEventListener("pointerdown", pointerDown);
  window.addEventListener("pointermove", pointerMove);
  window.addEventListener("pointerup", pointerUp);
  document.addEventListener("keydown", keyDown);
  document.body.dataset.ready = "1";
  if (await openShared()) return;
  if (sel.value) await newGame();
}
init().catch(showError);
