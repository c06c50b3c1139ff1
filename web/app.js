// The page: a board to play on, and the sudokit library (sudokit.wasm, through sudokit.js) for
// reading, checking, solving and generating. Every Sudoku rule is the library's: the page only keeps
// what is on the board, draws it, and asks the module.
//
// State: the board's rules as the library describes them (side, box, regions, diagonals, windows,
// killer cages), the givens, the player's entries and pencil marks, which entries the solver filled,
// and the candidates removed by hint steps the player applied. Every change goes through `change()`,
// which keeps undo and redo and writes the puzzle into the address.
//
// Hints and the step-by-step explanation come from the library's human-style solver: a hint goes from
// a nudge (where to look) to the technique to the full step; the explanation lists every step and
// shows the board and candidates before the chosen one, the step's cells and candidates highlighted.
//
// Two instances of the module: one here for the quick, budgeted work (reading, checking, solving:
// bounded by the node budget), and one in a worker (worker.js) for what may take seconds on the
// hardest puzzles (hints, explanations, ratings, generation), so that the page never freezes; that
// work shows how long it has been running and stops with Stop or Esc (the worker is ended and a new
// one started).

import { load } from "./sudokit.js";

/** Cell symbols by convention, as the library's `symbols` (the command line's `--symbols`) names
 * them: standard 1-9, then A, B, … (G is 16); hex 0-9, A-F (16×16 only, 0 is 1); letters A, B, ….
 * Region maps label regions in the standard ones. */
const ALPHABETS = {
  standard: "123456789ABCDEFGHIJKLMNOPQRSTUVW",
  hex: "0123456789ABCDEF",
  letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
};
const SYMBOLS = ALPHABETS.standard;
/** The node budget of every search (about a second; see the module's DEFAULT_NODES): the page never
 * freezes for longer than this takes, and says so when a search stops at it. */
const NODES = 250_000;
/** The Sudoku Explainer rater's work budget (the module's DEFAULT_WORK; see there). */
const WORK = 20_000_000;

const $ = (id) => document.getElementById(id);

let sudokit = null;
let state = null;
let selected = 0;
let pencil = false;
/** The symbols the board is drawn in, and its puzzle written to the library and the address in
 * (a key of `ALPHABETS`): the library reads the puzzle and writes its steps and messages in them. */
let symbols = "standard";
const undoStack = [];
const redoStack = [];
/** What the last check showed; cleared by any change to the board. */
let view = { conflicts: new Set(), differ: new Set(), second: null, showSecond: false };
/** The open hint (`mode` "hint", `level` 1-3, `answer`), explanation (`mode` "explain", `steps`,
 * `index`) or list of every step on the board as it is (`mode` "all", `steps`, `index`, `answer`);
 * null when the panel is closed. Cleared by any change to the board. */
let teach = null;
/** The cells of the killer cage being drawn (see `toggleDrawing`), or null when none is. */
let newCage = null;

// ---------------------------------------------------------------- the model

function values(s = state) {
  return s.givens.map((g, i) => g || s.entries[i]);
}

/** The symbol of digit `v` in the board's symbols. */
function glyph(v) {
  return ALPHABETS[symbols][v - 1];
}

function line(cells) {
  return cells.map((v) => (v ? glyph(v) : ".")).join("");
}

/** Whether a board of `side` can be written in symbols `name`: hex is for 16×16 only. */
function usable(name, side) {
  return name === "hex" ? side === 16 : side <= ALPHABETS[name].length;
}

/** Shows the board in symbols `name` (standard where the board cannot be written in them). */
function setSymbols(name) {
  symbols = ALPHABETS[name] && usable(name, state.side) ? name : "standard";
  const select = $("symbols");
  select.value = symbols;
  for (const option of select.options) option.disabled = !usable(option.value, state.side);
  const all = ALPHABETS[symbols].slice(0, state.side);
  $("key-digits").textContent = `${all[0]}–${all[state.side - 1]}`;
}

function variantNames(s) {
  return [s.diagonals && "x", s.windows.length > 0 && "hyper"].filter(Boolean);
}

/** Whether the board's boxes are the library's default for its side (the address then omits them). */
function defaultBox(s) {
  let rows = 1;
  for (let r = 2; r * r <= s.side; r++) if (s.side % r === 0) rows = r;
  return s.boxRows === rows;
}

/** A cell's name as the library reads it in a puzzle object's cages: `r1c1`. */
function cellName(i, side = state.side) {
  return `r${Math.floor(i / side) + 1}c${(i % side) + 1}`;
}

/** Killer cages (`{sum, cells}`, cells as indices) as a puzzle object's `cages`, cells by name. */
function namedCages(cages, side) {
  return cages.map((c) => ({ sum: c.sum, cells: c.cells.map((i) => cellName(i, side)) }));
}

/** The board as a JSON puzzle object of the library, with `cells` as the givens. */
function puzzleText(cells, s = state) {
  const object = { size: s.side, box: `${s.boxRows}x${s.boxCols}`, givens: line(cells), variants: variantNames(s) };
  if (s.jigsaw) object.regions = s.regions.map((r) => SYMBOLS[r]).join("");
  if (s.cages.length) object.cages = namedCages(s.cages, s.side);
  return JSON.stringify(object);
}

/** Killer cages in the address: `sum-cell.cell…`, cages joined by `_` (cells as indices), so that
 * the address stays short and needs no escapes. */
function cagesParam(cages) {
  return cages.map((c) => `${c.sum}-${c.cells.join(".")}`).join("_");
}

/** The cages of an address's `k` (see `cagesParam`), cells by name, for the library to check. */
function cagesFromParam(text, side) {
  return text.split("_").map((cage) => {
    const [sum, cells = ""] = cage.split("-");
    return { sum: Number(sum), cells: cells.split(".").map((i) => cellName(Number(i), side)) };
  });
}

/** A fresh state from the library's description of a board (a `parse` answer). */
function stateFrom(board, entries = null) {
  const n = board.side * board.side;
  return {
    side: board.side,
    boxRows: board.boxRows,
    boxCols: board.boxCols,
    regions: board.regions,
    jigsaw: board.jigsaw,
    diagonals: board.diagonals,
    windows: board.windows,
    cages: board.cages,
    givens: board.cells.slice(),
    entries: entries && entries.length === n ? entries.map((v, i) => (board.cells[i] ? 0 : v)) : new Array(n).fill(0),
    marks: new Array(n).fill(0),
    solved: new Array(n).fill(false),
    removed: new Array(n).fill(0),
  };
}

/** Asks the library to read `text`; returns the board or shows its message and returns null.
 * `syms`: the symbols of `text` (the board's by default); null: the library tells hex from the
 * standard symbols on 16×16 (the answer's `symbols` says which it read). */
function readBoard(text, variants = [], syms = symbols) {
  const answer = sudokit.parse({ puzzle: text, variants, symbols: syms ?? undefined });
  if (!answer.ok) {
    say(answer.error, "error");
    return null;
  }
  // The page plays the sizes its Size menu offers; the library reads boards up to 32×32, which
  // the board, the menu and Generate would not follow.
  const sizes = [...$("size").options].map((o) => Number(o.value));
  if (!sizes.includes(answer.side)) {
    const marks = answer.side === 27 ? " (a line of 729 candidates is pencil marks, which the page does not read)" : "";
    const offered = sizes.map((n) => `${n}×${n}`).join(", ");
    say(
      `This is a ${answer.side}×${answer.side} puzzle${marks}: the page plays boards of ${offered}. ` +
        "The command line and the Python package take boards up to 32×32.",
      "error",
    );
    return null;
  }
  return answer;
}

// ---------------------------------------------------------------- changes, undo, address

function snapshot() {
  return JSON.stringify({ state, selected });
}

function restore(text) {
  const saved = JSON.parse(text);
  const rebuild = !state || saved.state.side !== state.side || JSON.stringify(saved.state.regions) !== JSON.stringify(state.regions)
    || saved.state.diagonals !== state.diagonals || saved.state.windows.length !== state.windows.length
    || JSON.stringify(saved.state.cages) !== JSON.stringify(state.cages);
  state = saved.state;
  selected = saved.selected;
  if (rebuild) buildBoard();
  // The cage being drawn keeps only cells the restored board leaves free.
  if (newCage) {
    const taken = new Set(state.cages.flatMap((c) => c.cells));
    newCage = new Set([...newCage].filter((i) => i < state.side * state.side && !taken.has(i)));
    showNewCage();
  }
}

/** Applies `mutate` to the state as one undoable step. */
function change(mutate) {
  undoStack.push(snapshot());
  if (undoStack.length > 500) undoStack.shift();
  redoStack.length = 0;
  mutate();
  afterChange();
}

/** Replaces the whole board (a new puzzle) as one undoable step. */
function replaceState(next, message) {
  newCage = null;
  showNewCage();
  change(() => {
    state = next;
    selected = 0;
    buildBoard();
  });
  syncControls();
  if (message) say(message, "ok");
}

/** Forgets what the last check, hint or message said: it was about the board before the change. */
function afterChange() {
  stopWork();
  say("");
  showRating(null);
  view = { conflicts: new Set(), differ: new Set(), second: null, showSecond: false };
  $("second").hidden = true;
  closeTeach();
  writeAddress();
  render();
}

function undo() {
  if (!undoStack.length) return;
  redoStack.push(snapshot());
  restore(undoStack.pop());
  syncControls();
  afterChange();
}

function redo() {
  if (!redoStack.length) return;
  undoStack.push(snapshot());
  restore(redoStack.pop());
  syncControls();
  afterChange();
}

function writeAddress() {
  const params = new URLSearchParams();
  if (symbols !== "standard") params.set("s", symbols);
  params.set("p", line(state.givens));
  if (state.entries.some(Boolean)) params.set("e", line(state.entries));
  const variants = variantNames(state);
  if (variants.length) params.set("v", variants.join(","));
  if (state.jigsaw) params.set("r", state.regions.map((r) => SYMBOLS[r]).join(""));
  else if (!defaultBox(state)) params.set("b", `${state.boxRows}x${state.boxCols}`);
  if (state.cages.length) params.set("k", cagesParam(state.cages));
  history.replaceState(null, "", `#${params}`);
}

/** The puzzle in the address, if there is one; a bad one is reported and ignored. */
function readAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const givens = params.get("p");
  if (!givens) return null;
  const object = { givens, variants: (params.get("v") || "").split(",").filter(Boolean) };
  if (params.get("r")) object.regions = params.get("r");
  if (params.get("b")) object.box = params.get("b");
  if (params.get("k")) {
    // The side the cells are numbered on: the givens' count tells it.
    object.cages = cagesFromParam(params.get("k"), Math.round(Math.sqrt(givens.length)));
  }
  const syms = ALPHABETS[params.get("s")] ? params.get("s") : "standard";
  const board = readBoard(JSON.stringify(object), [], syms);
  if (!board) return null;
  const alphabet = ALPHABETS[syms];
  const entries = [...(params.get("e") || "")].map((c) => alphabet.indexOf(c.toUpperCase()) + 1);
  symbols = syms;
  const valid = entries.length === board.cells.length && entries.every((v) => v <= board.side);
  return stateFrom(board, valid ? entries : null);
}

// ---------------------------------------------------------------- drawing

function buildBoard() {
  const board = $("board");
  const { side } = state;
  setSymbols(symbols);
  board.style.setProperty("--side", side);
  board.replaceChildren();
  const main = new Set();
  const anti = new Set();
  if (state.diagonals) {
    for (let i = 0; i < side; i++) {
      main.add(i * side + i);
      anti.add(i * side + side - 1 - i);
    }
  }
  const window = new Set(state.windows.flat());
  cageDrawing = cageOutlines();
  for (let r = 0; r < side; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.style.display = "contents";
    for (let c = 0; c < side; c++) {
      const i = r * side + c;
      const cell = document.createElement("div");
      cell.id = `cell-${i}`;
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.dataset.index = i;
      if (c === side - 1) cell.classList.add("last-col");
      else if (state.regions[i] !== state.regions[i + 1]) cell.classList.add("edge-right");
      if (r === side - 1) cell.classList.add("last-row");
      else if (state.regions[i] !== state.regions[i + side]) cell.classList.add("edge-bottom");
      if (main.has(i)) cell.classList.add("diagonal", "main");
      if (anti.has(i)) cell.classList.add("diagonal", "anti");
      if (window.has(i)) cell.classList.add("window");
      if (cageDrawing[i]) cell.classList.add("caged");
      row.append(cell);
    }
    board.append(row);
  }
  buildKeypad();
}

/** Per cell, how its killer cage is drawn (null outside cages): `sides`, where the cage's dashed
 * outline runs (the cell's sides whose neighbour is in another cage, or none), `sum` on the cage's
 * first cell in reading order, and `label` for screen readers. */
let cageDrawing = [];

function cageOutlines() {
  const { side } = state;
  const drawing = new Array(side * side).fill(null);
  const cageOf = new Array(side * side).fill(-1);
  state.cages.forEach((c, k) => c.cells.forEach((i) => { cageOf[i] = k; }));
  state.cages.forEach((c, k) => {
    const first = Math.min(...c.cells);
    const label = `in a cage of ${c.cells.length} cell${c.cells.length === 1 ? "" : "s"} summing to ${c.sum}`;
    for (const i of c.cells) {
      const r = Math.floor(i / side);
      const col = i % side;
      const other = (rr, cc) => rr < 0 || cc < 0 || rr >= side || cc >= side || cageOf[rr * side + cc] !== k;
      const sides = [other(r - 1, col) && "top", other(r, col + 1) && "right", other(r + 1, col) && "bottom", other(r, col - 1) && "left"]
        .filter(Boolean);
      drawing[i] = { sides, sum: i === first ? c.sum : null, label };
    }
  });
  return drawing;
}

/** The cage outline (and sum) drawn over cell `i`'s content; null outside cages. */
function cageMark(i) {
  const d = cageDrawing[i];
  if (!d) return null;
  const outline = document.createElement("span");
  outline.className = ["cage", ...d.sides].join(" ");
  outline.setAttribute("aria-hidden", "true");
  if (d.sum !== null) {
    const sum = document.createElement("span");
    sum.className = "cage-sum";
    sum.textContent = String(d.sum);
    outline.append(sum);
  }
  return outline;
}

function buildKeypad() {
  const pad = $("keypad");
  pad.replaceChildren();
  for (let v = 1; v <= state.side; v++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = glyph(v);
    b.setAttribute("aria-label", `Enter ${glyph(v)}`);
    b.addEventListener("click", () => enter(v));
    pad.append(b);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.textContent = "Erase";
  erase.className = "wide";
  erase.addEventListener("click", () => enter(0));
  pad.append(erase);
}

function houseMates(i) {
  const { side } = state;
  const r = Math.floor(i / side);
  const c = i % side;
  return (j) => Math.floor(j / side) === r || j % side === c || state.regions[j] === state.regions[i];
}

/** What the open hint or explanation draws: the board before the step, its candidates, the step. */
function teachView() {
  if (!teach) return null;
  if (teach.mode === "explain") {
    const step = teach.steps[teach.index];
    return { values: step.values, candidates: step.candidates, step, full: true };
  }
  if (teach.mode === "all") {
    const { values, candidates } = teach.answer;
    return { values, candidates, step: teach.steps[teach.index], full: true };
  }
  const { answer, level } = teach;
  return { values: answer.values, candidates: answer.candidates, step: answer.step, full: level >= 3 };
}

/** Per cell, the classes of a step's highlight; per candidate ("cell:digit"), the classes of its mark. */
function stepMarks(step, full) {
  const cells = new Map();
  const marks = new Map();
  const add = (map, key, cls) => map.set(key, `${map.get(key) ?? ""} ${cls}`);
  const area = step.houses.length ? step.houses.flat() : step.cells.length ? step.cells : step.placements.map((p) => p.cell);
  for (const i of area) add(cells, i, "area");
  if (!full) return { cells, marks };
  for (const i of step.cells) {
    add(cells, i, "focus");
    for (let d = 1; d <= state.side; d++) if (step.digits & (1 << d)) add(marks, `${i}:${d}`, "key");
  }
  for (const p of step.placements) {
    add(cells, p.cell, "focus");
    add(marks, `${p.cell}:${p.digit}`, "place");
  }
  for (const e of step.eliminations) add(marks, `${e.cell}:${e.digit}`, "elim");
  return { cells, marks };
}

function render() {
  const { side } = state;
  const tv = teachView();
  const highlight = tv && tv.step ? stepMarks(tv.step, tv.full) : { cells: new Map(), marks: new Map() };
  const shown = tv && tv.full ? tv.values : view.showSecond && view.second ? view.second : values();
  const pencilOf = (i) => (tv && tv.full ? tv.candidates[i] : state.marks[i] & ~state.removed[i]);
  const mate = houseMates(selected);
  const selectedValue = shown[selected];
  for (let i = 0; i < side * side; i++) {
    const cell = $(`cell-${i}`);
    const v = shown[i];
    cell.classList.toggle("area", (highlight.cells.get(i) ?? "").includes("area"));
    cell.classList.toggle("focus", (highlight.cells.get(i) ?? "").includes("focus"));
    const given = state.givens[i] > 0;
    cell.classList.toggle("given", given);
    cell.classList.toggle("solved", !given && !(tv && tv.full) && (view.showSecond ? v > 0 : state.solved[i]));
    cell.classList.toggle("selected", i === selected);
    // While a step is shown its highlight is the only one, so the two never mix.
    cell.classList.toggle("peer", !tv && i !== selected && mate(i));
    cell.classList.toggle("same", !tv && i !== selected && v > 0 && v === selectedValue);
    cell.classList.toggle("conflict", view.conflicts.has(i));
    cell.classList.toggle("differ", view.differ.has(i));
    cell.classList.toggle("pending", newCage !== null && newCage.has(i));
    const r = Math.floor(i / side) + 1;
    const c = (i % side) + 1;
    let label;
    if (v) {
      cell.textContent = glyph(v);
      label = `${glyph(v)}${given ? ", given" : ""}`;
    } else if (pencilOf(i)) {
      const marks = document.createElement("div");
      marks.className = "marks";
      marks.style.gridTemplateColumns = `repeat(${state.boxCols}, 1fr)`;
      marks.style.gridTemplateRows = `repeat(${state.boxRows}, 1fr)`;
      const listed = [];
      for (let d = 1; d <= side; d++) {
        const span = document.createElement("span");
        if (pencilOf(i) & (1 << d)) {
          span.textContent = glyph(d);
          listed.push(glyph(d));
          const marked = highlight.marks.get(`${i}:${d}`);
          if (marked) span.className = marked.trim();
        }
        marks.append(span);
      }
      cell.replaceChildren(marks);
      label = `pencil marks ${listed.join(" ")}`;
    } else {
      cell.textContent = "";
      label = "empty";
    }
    const cage = cageMark(i);
    if (cage) {
      cell.append(cage);
      label += `, ${cageDrawing[i].label}`;
    }
    if (view.conflicts.has(i)) label += ", conflict";
    if (newCage && newCage.has(i)) label += ", in the cage being drawn";
    if (highlight.cells.has(i)) label += ", highlighted by the step";
    cell.setAttribute("aria-label", `Row ${r}, column ${c}: ${label}`);
    cell.setAttribute("aria-selected", String(i === selected));
  }
  $("board").setAttribute("aria-activedescendant", `cell-${selected}`);
  $("undo").disabled = undoStack.length === 0;
  $("redo").disabled = redoStack.length === 0;
}

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}

/** Sets the form controls to the board's size and rules. */
function syncControls() {
  $("size").value = String(state.side);
  $("rule-x").checked = state.diagonals;
  $("rule-hyper").checked = state.windows.length > 0;
  $("rule-jigsaw").checked = state.jigsaw;
  $("rule-killer").checked = state.cages.length > 0;
}

// ---------------------------------------------------------------- playing

function enter(v) {
  if (state.givens[selected]) {
    say("That cell is a given.", "");
    return;
  }
  if (pencil && v > 0) {
    if (state.entries[selected]) return;
    change(() => {
      state.marks[selected] ^= 1 << v;
    });
    return;
  }
  if (state.entries[selected] === v && (v > 0 || !state.marks[selected])) return;
  change(() => {
    if (v === 0 && !state.entries[selected]) state.marks[selected] = 0;
    state.entries[selected] = v;
    state.solved[selected] = false;
  });
}

function move(dr, dc) {
  const { side } = state;
  const r = Math.min(side - 1, Math.max(0, Math.floor(selected / side) + dr));
  const c = Math.min(side - 1, Math.max(0, (selected % side) + dc));
  selected = r * side + c;
  render();
}

function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const { side } = state;
  const key = e.key;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[key]) {
    move(...moves[key]);
  } else if (newCage && key === " ") {
    pickCell(selected);
  } else if (newCage && key === "Enter") {
    addCage();
  } else if (key === "Home") {
    selected -= selected % side;
    render();
  } else if (key === "End") {
    selected += side - 1 - (selected % side);
    render();
  } else if (key.length === 1 && digitOf(key) > 0) {
    // Before the keys below: in hex, 0 is a digit; in letters, H, P and R may be.
    enter(digitOf(key));
  } else if (["Delete", "Backspace", "0", ".", " "].includes(key)) {
    enter(0);
  } else if (key === "p" || key === "P") {
    setPencil(!pencil);
  } else if (key === "h" || key === "H") {
    hint();
  } else if (key === "r" || key === "R") {
    rate();
  } else if (key === "Enter") {
    check();
  } else {
    return;
  }
  e.preventDefault();
}

/** The digit key `key` enters on the board, in its symbols; 0 for none. */
function digitOf(key) {
  const v = ALPHABETS[symbols].indexOf(key.toUpperCase()) + 1;
  return v <= state.side ? v : 0;
}

function setPencil(on) {
  pencil = on;
  const b = $("pencil");
  b.setAttribute("aria-pressed", String(on));
  b.textContent = `Pencil: ${on ? "on" : "off"}`;
}

// ---------------------------------------------------------------- asking the library

/** `request` with the board's symbols where it carries a puzzle (written in them by `puzzleText`). */
function withSymbols(request) {
  return request.puzzle === undefined || request.symbols !== undefined ? request : { ...request, symbols };
}

function timed(op, request) {
  request = withSymbols(request);
  const start = performance.now();
  const answer = sudokit.call(op, request);
  return [answer, performance.now() - start];
}

// ---------------------------------------------------------------- work in the worker

let worker = null;
/** The work under way in the worker: `{id, resolve}`; null when it is idle. */
let job = null;
let jobs = 0;
let busyTimer = 0;

function startWorker() {
  worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    if (job && e.data.id === job.id) finishJob(e.data.answer);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    // The next piece of work starts a new one (not here: a worker that cannot load would loop).
    worker.terminate();
    worker = null;
    if (job) finishJob({ ok: false, error: `The solver stopped: ${e.message || "the worker failed"}` });
  };
}

function finishJob(answer) {
  const done = job;
  job = null;
  clearInterval(busyTimer);
  $("busy").hidden = true;
  done.resolve(answer);
}

/** Runs `op` in the worker; resolves to `[answer, ms]`, the answer `{ok: false, stopped: true}` when
 * it was stopped. One piece of work at a time: a new one stops the last. */
function background(op, request, label) {
  stopWork();
  if (!worker) startWorker();
  const id = ++jobs;
  const start = performance.now();
  return new Promise((resolve) => {
    job = { id, resolve: (answer) => resolve([answer, performance.now() - start]) };
    worker.postMessage({ id, op, request: withSymbols(request) });
    // Quick answers come before the notice would show: no flicker.
    let shown = false;
    busyTimer = setInterval(() => {
      const seconds = (performance.now() - start) / 1000;
      $("busy-text").textContent = `${label}… ${seconds.toFixed(0)} s`;
      if (!shown) {
        shown = true;
        $("busy").hidden = false;
      }
    }, 250);
  });
}

/** Stops the work under way, if any (its caller gets `stopped`). */
function stopWork() {
  if (!job) return false;
  worker.terminate();
  startWorker(); // ready (the module loaded) by the next request
  finishJob({ ok: false, stopped: true });
  return true;
}

function ms(t) {
  return t < 10 ? `${t.toFixed(2)} ms` : `${Math.round(t)} ms`;
}

// Says a board has no solution, with why where a short argument shows it (the singles from the
// board lead to a dead end), its dead-end cells highlighted as conflicts until the next change
// (the caller renders).
function noSolution(a, t) {
  if (!a.why) return say(`No solution: the board cannot be completed (${ms(t)}).`, "error");
  view.conflicts = new Set(a.why.cells);
  say(`No solution: ${a.why.text} (${ms(t)}).`, "error");
}

function check() {
  const [a, t] = timed("check", { puzzle: puzzleText(values()), nodes: NODES });
  afterChange();
  if (!a.ok) return say(a.error, "error");
  const full = values().every(Boolean);
  switch (a.verdict) {
    case "invalid":
      view.conflicts = new Set(a.conflicts.flatMap((c) => c.cells));
      say(`Conflicts: ${a.conflicts.map((c) => c.text).join("; ")}.`, "error");
      break;
    case "no solution":
      noSolution(a, t);
      break;
    case "unique":
      say(full ? `Solved: the board is complete and correct.` : `Unique: exactly one solution fits (${ms(t)})${minimalText(a.redundant)}.`, "ok");
      // The rating follows on its own where there is one; it runs in the worker, so the page goes on.
      if (!full && rateable()) rate();
      break;
    case "multiple":
      view.second = a.second;
      view.differ = new Set(a.differ);
      $("second").hidden = false;
      $("second").textContent = "Show a second solution";
      say(`Multiple solutions: more than one solution fits; ${a.differ.length} cells differ between two of them (${ms(t)}).`, "");
      break;
    case "timed out":
      say(`Undecided: the search stopped at its budget of ${NODES.toLocaleString("en")} nodes.`, "error");
      break;
    default:
      say(a.verdict, "");
  }
  render();
}

/** Cells by name (`r1c2`), cut short after eight. */
function cellNames(list) {
  const names = list.slice(0, 8).map((i) => cellName(i));
  return names.join(" ") + (list.length > 8 ? ` and ${list.length - 8} more` : "");
}

/** Whether the digits on the board are a minimal puzzle, from the module's `redundant` cells: what a
 * setter asks next. */
function minimalText(redundant) {
  if (!Array.isArray(redundant)) return "";
  if (redundant.length === 0) return "; minimal: no digit can go";
  const each = redundant.length === 1 ? "can go" : "can each go";
  return `; not minimal: ${cellNames(redundant)} ${each} with the solution staying unique`;
}

/** Removes givens one at a time, in reading order, while the solution stays unique, until none can
 * go: a setter's last step. Entries stay; the removal is one undoable step. */
function minimize() {
  const [a, t] = timed("minimize", { puzzle: puzzleText(state.givens), nodes: NODES });
  if (!a.ok) return say(a.error, "error");
  if (a.verdict !== "unique") {
    const why = {
      invalid: "break the rules",
      "no solution": "have no solution",
      multiple: "have more than one solution",
    }[a.verdict] || "could not be settled within the search budget";
    // A setter who typed the puzzle as entries has no givens yet: say how to make them so. Digits
    // the solver filled in are no such puzzle.
    const typed = state.entries.some((v, i) => v && !state.solved[i])
      ? " (digits you typed are entries: Entries → givens makes them givens)"
      : "";
    return say(`Not minimized: the givens ${why}; only a puzzle with one solution has a minimal form${typed}.`, "error");
  }
  if (a.removed.length === 0) return say(`Minimal already: no given can go (${ms(t)}).`, "ok");
  change(() => {
    state.givens = a.cells;
  });
  const left = a.cells.filter(Boolean).length;
  const each = a.removed.length === 1 ? "given" : "givens";
  say(`Minimized: removed ${a.removed.length} ${each} (${cellNames(a.removed)}); ${left} remain, with the same single solution (${ms(t)}).`, "ok");
}

function solve() {
  let [a, t] = timed("solve", { puzzle: puzzleText(values()), nodes: NODES });
  let fromGivens = false;
  if (a.ok && a.verdict !== "solved" && state.entries.some(Boolean)) {
    [a, t] = timed("solve", { puzzle: puzzleText(state.givens), nodes: NODES });
    fromGivens = true;
  }
  if (!a.ok) return say(a.error, "error");
  if (a.verdict === "invalid") {
    afterChange();
    view.conflicts = new Set(a.conflicts.flatMap((c) => c.cells));
    render();
    return say(`Conflicts: ${a.conflicts.map((c) => c.text).join("; ")}.`, "error");
  }
  if (a.verdict === "no solution") {
    afterChange();
    noSolution(a, t);
    return render();
  }
  if (a.verdict === "timed out") {
    return say(`No solution found within the budget of ${NODES.toLocaleString("en")} nodes.`, "error");
  }
  change(() => {
    a.solution.forEach((v, i) => {
      if (state.givens[i]) return;
      if (state.entries[i] !== v) state.solved[i] = true;
      state.entries[i] = v;
    });
  });
  // A puzzle with several solutions is filled with one of them, and the player is told so.
  const several = a.unique === false
    ? "; the puzzle has more than one solution, this is one of them (Check shows where two differ)"
    : "";
  say(fromGivens
    ? `Your entries lead nowhere; solved from the givens (${ms(t)}${several}).`
    : `Solved (${ms(t)}${several}).`, a.unique === false ? "error" : "ok");
}

// ---------------------------------------------------------------- hints and steps

/** The request for the board as it is, with the candidates applied hint steps removed. */
function teachRequest() {
  const removed = [];
  state.removed.forEach((bits, i) => {
    for (let d = 1; d <= state.side; d++) if (bits & (1 << d)) removed.push([i, d]);
  });
  return { puzzle: puzzleText(values()), nodes: NODES, removed };
}

/** Says why there is no step, or returns false when there is one. */
function noStep(a) {
  if (!a.ok) {
    say(a.error, "error");
    return true;
  }
  if (a.verdict !== "unique") {
    say(`Hints need a board with exactly one solution; this one: ${a.verdict}. Check shows more.`, "error");
    return true;
  }
  return false;
}

async function hint() {
  if (teach && teach.mode === "hint") return moreHint();
  const request = { ...teachRequest(), scale: $("hint-scale").value };
  const [a, t] = await background("hint", request, "Looking for a step");
  if (a.stopped || noStep(a)) return;
  if (a.solved || !a.step) return say(a.solved ? "The board is solved." : "No step found.", "ok");
  closeTeach();
  teach = { mode: "hint", level: 1, answer: a };
  showTeach();
  say(`Hint ready (${ms(t)}).`, "");
}

function moreHint() {
  const fromButton = document.activeElement === $("teach-more");
  teach.level = Math.min(3, teach.level + 1);
  showTeach();
  // The button goes away at the last level; keyboard users land on the next thing to do.
  if (fromButton && teach.level >= 3) $("teach-apply").focus();
}

async function explain() {
  const [a, t] = await background("explain", teachRequest(), "Solving step by step");
  if (a.stopped || noStep(a)) return;
  if (!a.steps.length) return say("The board is solved.", "ok");
  closeTeach();
  teach = { mode: "explain", steps: a.steps, index: 0 };
  listSteps(a.steps, a.summary);
  showTeach();
  say(`${a.steps.length} steps to the solution (${ms(t)}).`, "");
}

/** The module's counts of techniques as text: `3 × X-Wing`, with Sudoku Explainer's difficulty
 * where the counts have one (`7 × Hidden Single (1.2)`), since it counts each difficulty apart. */
function countsText(summary) {
  const rated = (c) => (c.difficulty === undefined ? "" : ` (${one(c.difficulty)})`);
  return summary.map((c) => `${c.count} × ${c.technique}${rated(c)}`).join(", ");
}

/** Fills the panel's list with `steps`, each a button that shows it, and above them how often each
 * technique comes up, easiest first (`summary`, the module's counts). */
function listSteps(steps, summary) {
  $("steps-summary").textContent = `Techniques: ${countsText(summary)}.`;
  const list = $("steps");
  steps.forEach((step, k) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = step.text;
    b.addEventListener("click", () => showStep(k));
    li.append(b);
    list.append(li);
  });
}

/** Every step HoDoKu's "All Steps" (or, with the hints by Sudoku Explainer, its "Get all hints")
 * lists on the board as it is: the player picks one to apply. */
async function allSteps() {
  const request = { ...teachRequest(), scale: $("hint-scale").value };
  const [a, t] = await background("all_steps", request, "Looking for every step");
  if (a.stopped || noStep(a)) return;
  if (a.solved) return say("The board is solved.", "ok");
  if (!a.steps.length) {
    // As in HoDoKu, the list leaves out forcing chains, nets and brute force; Hint still has a step.
    const left = request.scale === "se" ? "" : " (it leaves out forcing chains and nets, and guessing)";
    return say(`No step in the list${left}: Hint gives the next step.`, "ok");
  }
  closeTeach();
  teach = { mode: "all", steps: a.steps, index: 0, answer: a };
  listSteps(a.steps, a.summary);
  showTeach();
  say(`${a.steps.length} steps on the board as it is (${ms(t)}).`, "");
}

function showStep(k) {
  teach.index = Math.max(0, Math.min(teach.steps.length - 1, k));
  showTeach();
}

/** Fills the panel for the open hint or explanation and redraws the board. */
function showTeach() {
  $("teach").hidden = false;
  const hinting = teach.mode === "hint";
  const listing = teach.mode === "all";
  $("teach-more").hidden = !hinting || teach.level >= 3;
  $("teach-apply").hidden = hinting ? teach.level < 3 : !listing;
  $("teach-prev").hidden = hinting;
  $("teach-next").hidden = hinting;
  $("steps").hidden = hinting;
  $("steps-summary").hidden = hinting;
  if (hinting) {
    const step = teach.answer.step;
    $("teach-title").textContent = ["Hint: where to look", "Hint: the technique", "Hint: the step"][teach.level - 1];
    // Sudoku Explainer's steps come with their difficulty.
    const rated = step.difficulty === undefined ? "" : ` (difficulty ${step.difficulty.toFixed(1)})`;
    $("teach-text").textContent = [
      "Look at the highlighted cells.",
      `Look at the highlighted cells for a ${step.technique}${rated}.`,
      step.text,
    ][teach.level - 1];
  } else {
    const step = teach.steps[teach.index];
    const of = listing ? `${teach.steps.length} on the board as it is` : teach.steps.length;
    $("teach-title").textContent = `Step ${teach.index + 1} of ${of}: ${step.technique}`;
    $("teach-text").textContent = step.text;
    $("teach-prev").disabled = teach.index === 0;
    $("teach-next").disabled = teach.index === teach.steps.length - 1;
    [...$("steps").querySelectorAll("button")].forEach((b, k) => {
      if (k === teach.index) {
        b.setAttribute("aria-current", "step");
        b.scrollIntoView({ block: "nearest" });
      } else {
        b.removeAttribute("aria-current");
      }
    });
  }
  render();
}

function closeTeach() {
  teach = null;
  $("teach").hidden = true;
  $("steps").replaceChildren();
}

/** The hint's step (or the one picked from every step), done: its placements become entries, its
 * eliminations leave the candidates. */
function applyHint() {
  const step = teach.mode === "all" ? teach.steps[teach.index] : teach.answer.step;
  change(() => {
    for (const p of step.placements) {
      if (state.givens[p.cell]) continue;
      state.entries[p.cell] = p.digit;
      state.solved[p.cell] = false;
    }
    for (const e of step.eliminations) {
      state.removed[e.cell] |= 1 << e.digit;
      state.marks[e.cell] &= ~(1 << e.digit);
    }
  });
  say(`Applied: ${step.results}.`, "ok");
}

function toggleSecond() {
  view.showSecond = !view.showSecond;
  $("second").textContent = view.showSecond ? "Hide the second solution" : "Show a second solution";
  if (view.showSecond) say("A second solution; the highlighted cells differ from the first one.", "");
  render();
}

async function generate(e) {
  e.preventDefault();
  // On the board's pattern: its size, and its digits (givens and entries) mark the givens' places.
  const keep = $("gen-pattern").checked;
  // Any symbol but `.` marks a given, so digits that hex writes as 0 are given too.
  const pattern = keep ? values().map((v) => (v ? "x" : ".")).join("") : undefined;
  const side = keep ? state.side : Number($("size").value);
  const seed = Math.max(0, Math.floor(Number($("seed").value) || 0));
  const difficulty = $("difficulty").value || undefined;
  const variants = [$("rule-x").checked && "x", $("rule-hyper").checked && "hyper", $("rule-jigsaw").checked && "jigsaw",
    $("rule-killer").checked && "killer"].filter(Boolean);
  const rules = variants.map((v) => (v === "x" ? " X" : ` ${v}`)).join("");
  const on = keep ? " on the board's pattern" : "";
  say("");
  const [a, t] = await background("generate", { size: side, seed, difficulty, variants, pattern }, `Generating a ${side}×${side}${rules} puzzle${on}`);
  if (a.stopped) return;
  if (!a.ok) return say(a.error, "error");
  // The puzzle as a JSON puzzle object, with its rules, (jigsaw) its own region map and (killer) its
  // own cages.
  const object = { size: a.side, box: `${a.boxRows}x${a.boxCols}`, givens: a.line, variants: a.variants };
  if (a.regions) object.regions = a.regions;
  if (a.cages.length) object.cages = namedCages(a.cages, a.side);
  const board = readBoard(JSON.stringify(object), [], "standard");
  if (!board) return;
  replaceState(stateFrom(board), `Generated a ${a.side}×${a.side}${rules} puzzle${on} with ${a.clues} givens${a.cages.length ? ` and ${a.cages.length} cages` : ""}, seed ${seed} (${ms(t)}).`);
}

// ---------------------------------------------------------------- ratings

function showRating(text, kind = "", path = [], summary = []) {
  const p = $("rating");
  p.hidden = !text;
  p.textContent = text || "";
  p.className = kind;
  // Sudoku Explainer's steps behind ER, folded under the rating: which step is the hardest, and where.
  const d = $("se-path");
  d.hidden = path.length === 0;
  d.open = false;
  $("se-path-count").textContent = `${path.length} step${path.length === 1 ? "" : "s"}`;
  // The techniques counted, easiest first, as Sudoku Explainer's analysis lists a puzzle's methods.
  $("se-path-summary").textContent = countsText(summary);
  const er = Math.max(...path.map((step) => step.difficulty));
  const first = path.findIndex((step) => step.difficulty === er);
  $("se-path-steps").replaceChildren(...path.map((step, i) => {
    const li = document.createElement("li");
    li.textContent = step.text;
    if (i === first) li.className = "hardest"; // the step that sets ER (or the hardest so far)
    return li;
  }));
}

const one = (x) => x.toFixed(1);

/** The rating line: "ER 7.2 / EP 1.2 / ED 1.2 (Forcing Chain) · HoDoKu hard (score 1234)". */
function ratingText(a) {
  let se;
  // A grid already solved takes no step: it has no hardest technique to name.
  if (a.se) se = `ER ${one(a.se.er)} / EP ${one(a.se.ep)} / ED ${one(a.se.ed)}${a.se.hardest ? ` (${a.se.hardest})` : ""}`;
  else if (a.seProblem.startsWith("work budget")) {
    se = `ER at least ${one(a.seAtLeast)} (the rater stopped at its budget of ${WORK.toLocaleString("en")} units of work)`;
  } else se = `no ER: ${a.seProblem}`;
  let hodoku;
  if (a.hodoku) {
    const brute = a.hodoku.bruteForce ? `, ${a.hodoku.bruteForce} brute-force steps` : "";
    hodoku = `HoDoKu ${a.hodoku.level} (score ${a.hodoku.score}${brute})`;
  } else hodoku = `no HoDoKu rating: ${a.hodokuProblem}`;
  return `${se} · ${hodoku}${backdoorText(a.backdoor)}`;
}

/** " · backdoor size 2 (7 backdoors, e.g. r1c3=2 r5c2=6)": the fewest cells to give before singles
 *  solve the rest, as the forum's lists of hardest puzzles give it; nothing on boards it is not
 *  worked out for. */
function backdoorText(b) {
  if (!b) return "";
  if (b.size === null) return ` · backdoor size over ${b.maxSize}`;
  if (b.size === 0) return " · backdoor size 0 (singles solve it)";
  const n = b.sets.length;
  return ` · backdoor size ${b.size} (${n} backdoor${n === 1 ? "" : "s"}, e.g. ${b.sets[0].join(" ")})`;
}

/** Whether the ratings apply to the board: classic 9×9 rules. */
function rateable() {
  return state.side === 9 && !state.jigsaw && !state.diagonals && state.windows.length === 0 && state.cages.length === 0;
}

async function rate() {
  const [a, t] = await background("rate", { puzzle: puzzleText(values()), nodes: NODES, work: WORK }, "Rating");
  if (a.stopped) return;
  if (!a.ok) return showRating(a.error, "error");
  if (a.verdict !== "unique") {
    const why = a.verdict === "timed out" ? `undecided within ${NODES.toLocaleString("en")} nodes` : a.verdict;
    return showRating(`Ratings need a board with exactly one solution; this one: ${why}. Check shows more.`, "error");
  }
  if (a.outline) {
    // Neither scale covers the board: what the human solver's path tells instead.
    const { steps, hardest } = a.outline;
    const path = steps === 0
      ? "nothing is left to solve"
      : `its path with HoDoKu's techniques takes ${steps} step${steps === 1 ? "" : "s"}, the hardest ${hardest}`;
    return showRating(`No rating: ${a.seProblem}; ${path}${backdoorText(a.backdoor)} (${ms(t)}).`);
  }
  showRating(`${ratingText(a)} (${ms(t)})`, "ok", a.sePath || [], a.seSummary || []);
}

function emptyBoard() {
  const side = Number($("size").value);
  const variants = [$("rule-x").checked && "x", $("rule-hyper").checked && "hyper"].filter(Boolean);
  const board = readBoard(JSON.stringify({ size: side, variants }));
  if (board) replaceState(stateFrom(board), `An empty ${side}×${side} board.`);
}

/** X or hyper switched: the same givens and entries under the new rules. */
function rulesChanged() {
  const variants = [$("rule-x").checked && "x", $("rule-hyper").checked && "hyper"].filter(Boolean);
  const object = JSON.parse(puzzleText(state.givens));
  object.variants = variants;
  const board = readBoard(JSON.stringify(object));
  if (!board) {
    syncControls();
    return;
  }
  const entries = state.entries.slice();
  replaceState(stateFrom(board, entries), `Rules: ${variants.length ? variants.join(" and ") : "classic"}.`);
}

// ---------------------------------------------------------------- drawing cages

/** Starts or ends drawing a killer cage: while drawing, a click (or Space) on a cell adds it to the
 * cage or takes it out again; Add cage hands the cage to the library to check. */
function toggleDrawing() {
  newCage = newCage ? null : new Set();
  showNewCage();
  if (newCage) $("board").focus();
}

/** Shows the cage being drawn on the cage controls and the board. */
function showNewCage() {
  const on = newCage !== null;
  $("draw-cage").setAttribute("aria-pressed", String(on));
  $("add-cage").disabled = !on || newCage.size === 0;
  const cells = on ? [...newCage].sort((a, b) => a - b).map((i) => cellName(i)) : [];
  $("cage-status").textContent = !on
    ? ""
    : cells.length
      ? `Cage being drawn: ${cells.join(" ")}.`
      : "Pick the cage's cells on the board.";
  render();
}

/** Adds cell `i` to the cage being drawn, or takes it out; a cell of a cage already there is refused. */
function pickCell(i) {
  if (newCage.has(i)) {
    newCage.delete(i);
  } else if (state.cages.some((c) => c.cells.includes(i))) {
    say(`${cellName(i)} is in a cage already: Remove cage takes that one away first.`, "error");
    return;
  } else {
    newCage.add(i);
  }
  showNewCage();
}

/** Adds the cage being drawn with the sum typed, if the library accepts it under the board's rules. */
function addCage() {
  if (!newCage || newCage.size === 0) return;
  const sum = Number($("cage-sum").value);
  if (!Number.isInteger(sum) || sum < 1) {
    say("Type the cage's sum first (a whole number).", "error");
    $("cage-sum").focus();
    return;
  }
  const cells = [...newCage].sort((a, b) => a - b);
  const object = JSON.parse(puzzleText(state.givens));
  object.cages = namedCages([...state.cages, { sum, cells }], state.side);
  const board = readBoard(JSON.stringify(object));
  if (!board) return;
  newCage = new Set();
  $("cage-sum").value = "";
  change(() => {
    state.cages = board.cages;
    buildBoard();
  });
  syncControls();
  showNewCage();
  say(`Cage of ${cells.length} cell${cells.length === 1 ? "" : "s"} summing to ${sum} added.`, "ok");
}

/** Takes away the cage of the selected cell. */
function removeCage() {
  const k = state.cages.findIndex((c) => c.cells.includes(selected));
  if (k < 0) {
    say(`${cellName(selected)} is in no cage.`, "");
    return;
  }
  const { sum } = state.cages[k];
  change(() => {
    state.cages = state.cages.filter((_, j) => j !== k);
    buildBoard();
  });
  syncControls();
  say(`The cage summing to ${sum} is gone.`, "ok");
}

function paste(e) {
  e.preventDefault();
  const variants = [$("rule-x").checked && "x", $("rule-hyper").checked && "hyper"].filter(Boolean);
  // As pasted: the symbols chosen, or those the library tells (hex on 16×16 where only that
  // reading is valid).
  const chosen = $("read-as").value;
  const board = readBoard($("paste").value, variants, chosen === "detect" ? null : chosen);
  if (!board) return;
  const more = board.records > 1 ? ` (the first of ${board.records} puzzles)` : "";
  const named = board.symbols === "standard" ? "" : ` in ${board.symbols}`;
  // Both readings valid: read as the page writes puzzles, and the other offered.
  const other = board.alsoReads;
  const also = other
    ? ` It reads as a valid puzzle in ${other} too (0 is 1, F is 16): choose Read as ${other} and Load again for that.`
    : "";
  symbols = board.symbols;
  const size = `${board.side}×${board.side}`;
  replaceState(stateFrom(board), `Loaded a ${size} puzzle${named} in the ${board.layout} layout${more}.${also}`);
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(location.href);
    say("Link copied.", "ok");
  } catch {
    say(`Copy this address: ${location.href}`, "");
  }
}

function onGlobalKey(e) {
  if (e.key === "Escape" && stopWork()) {
    say("Stopped.", "");
    e.preventDefault();
    return;
  }
  const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
  if (typing || !(e.ctrlKey || e.metaKey)) return;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) undo();
  else if (k === "y" || (k === "z" && e.shiftKey)) redo();
  else return;
  e.preventDefault();
}

// ---------------------------------------------------------------- start

async function start() {
  try {
    sudokit = await load();
    startWorker();
  } catch (e) {
    say(`The solver could not be loaded: ${e.message}`, "error");
    return;
  }
  window.sudokit = sudokit;
  const board = $("board");
  board.addEventListener("keydown", onBoardKey);
  board.addEventListener("click", (e) => {
    const cell = e.target.closest(".cell");
    if (!cell) return;
    selected = Number(cell.dataset.index);
    board.focus();
    if (newCage) pickCell(selected);
    else render();
  });
  document.addEventListener("keydown", onGlobalKey);
  $("pencil").addEventListener("click", () => setPencil(!pencil));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("check").addEventListener("click", check);
  $("solve").addEventListener("click", solve);
  $("second").addEventListener("click", toggleSecond);
  $("minimize").addEventListener("click", minimize);
  $("lock").addEventListener("click", () => change(() => {
    state.givens = values();
    state.entries.fill(0);
    state.solved.fill(false);
    state.removed.fill(0);
  }));
  $("clear").addEventListener("click", () => change(() => {
    state.entries.fill(0);
    state.marks.fill(0);
    state.solved.fill(false);
    state.removed.fill(0);
  }));
  $("hint").addEventListener("click", hint);
  // The same board in other symbols: what was said about it was said in the old ones.
  $("symbols").addEventListener("change", (e) => {
    setSymbols(e.target.value);
    buildKeypad();
    afterChange();
  });
  // A hint open on the other scale is closed: the next press asks the chosen one.
  $("hint-scale").addEventListener("change", () => {
    if (teach && (teach.mode === "hint" || teach.mode === "all")) closeTeach();
    render();
  });
  $("explain").addEventListener("click", explain);
  $("all-steps").addEventListener("click", allSteps);
  $("rate").addEventListener("click", rate);
  $("stop").addEventListener("click", () => {
    if (stopWork()) say("Stopped.", "");
    $("board").focus();
  });
  $("teach-more").addEventListener("click", moreHint);
  $("teach-apply").addEventListener("click", applyHint);
  $("teach-prev").addEventListener("click", () => showStep(teach.index - 1));
  $("teach-next").addEventListener("click", () => showStep(teach.index + 1));
  $("teach-close").addEventListener("click", () => {
    closeTeach();
    render();
  });
  $("new-form").addEventListener("submit", generate);
  $("random-seed").addEventListener("click", () => {
    $("seed").value = String(Math.floor(Math.random() * 4294967296));
  });
  $("empty").addEventListener("click", emptyBoard);
  $("rule-x").addEventListener("change", rulesChanged);
  $("rule-hyper").addEventListener("change", rulesChanged);
  $("paste-form").addEventListener("submit", paste);
  $("draw-cage").addEventListener("click", toggleDrawing);
  $("add-cage").addEventListener("click", addCage);
  $("remove-cage").addEventListener("click", removeCage);
  $("cage-sum").addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      addCage();
    }
  });
  $("copy-link").addEventListener("click", copyLink);

  state = readAddress();
  if (!state) {
    const empty = readBoard(JSON.stringify({ size: 9 }));
    if (!empty) return;
    state = stateFrom(empty);
  } else {
    say("Puzzle loaded from the address.", "ok");
  }
  buildBoard();
  syncControls();
  writeAddress();
  render();
  document.body.dataset.ready = "1";
}

start();
