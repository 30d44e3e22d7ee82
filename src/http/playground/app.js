// The playground: a Sudoku board driven by the service's public JSON API (openapi.yaml).
// Plain ES module, no build step. State lives in `state`; `render()` draws it; the URL fragment
// mirrors it so a link or a reload restores the board.

const ROWS = "ABCDEFGHI";
const ALL_MARKS = 0b1111111110; // bits 1..9

const state = {
  givens: new Array(81).fill(0),
  digits: new Array(81).fill(0), // the player's digits; never where a given is
  marks: new Array(81).fill(0), // pencil marks as bit masks (bit d = digit d)
  selected: 0,
  pencil: false,
  conflicts: new Set(),
  wrong: new Set(),
  pattern: { squares: new Set(), units: new Set(), targets: new Set(), removals: new Map() },
  step: null,
  // The puzzle's level, from /random or /grade: { difficulty, score, seed } (seed for a generated
  // one), or { note } saying why it has none; null while unknown.
  info: null,
  // Counts the puzzles put on the board: an answer about an earlier one (a late /random or /grade)
  // sees the count moved on and is dropped.
  puzzleCount: 0,
};

const $ = (id) => document.getElementById(id);
const cells = [];

// ---------------------------------------------------------------- squares and units

const squareName = (i) => ROWS[Math.floor(i / 9)] + String((i % 9) + 1);
const squareIndex = (name) => ROWS.indexOf(name[0]) * 9 + Number(name.slice(1)) - 1;
const rowOf = (i) => Math.floor(i / 9);
const colOf = (i) => i % 9;
const boxOf = (i) => Math.floor(rowOf(i) / 3) * 3 + Math.floor(colOf(i) / 3);

function peers(i) {
  const out = [];
  for (let j = 0; j < 81; j++) {
    if (j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || boxOf(j) === boxOf(i))) {
      out.push(j);
    }
  }
  return out;
}

/** The squares of a unit named as the API names them: `row A`, `column 3`, `box 1`. */
function unitSquares(name) {
  const [kind, label] = name.split(" ");
  const squares = [];
  for (let i = 0; i < 81; i++) {
    const hit =
      (kind === "row" && ROWS[rowOf(i)] === label) ||
      (kind === "column" && colOf(i) + 1 === Number(label)) ||
      (kind === "box" && boxOf(i) + 1 === Number(label));
    if (hit) squares.push(i);
  }
  return squares;
}

const valueAt = (i) => state.givens[i] || state.digits[i];
const gridText = (values) => values.map((v) => (v ? String(v) : ".")).join("");
const progressText = () => gridText(state.givens.map((g, i) => g || state.digits[i]));
const hasPlayerDigits = () => state.digits.some((d) => d);
const marksText = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << d)).join("");
const maskOf = (text) => [...text].reduce((m, c) => (c >= "1" && c <= "9" ? m | (1 << Number(c)) : m), 0);

// ---------------------------------------------------------------- the API

class Problem extends Error {
  constructor(body, status) {
    super(body && body.detail ? body.detail : `the service answered ${status}`);
    this.body = body;
  }
}

/** Calls the API; resolves to the JSON body of a 2xx, rejects with a Problem carrying `detail`. */
async function api(method, path, body) {
  const init = { method, headers: { accept: "application/json" } };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new Problem({ detail: `the service could not be reached (${err.message})` }, 0);
  }
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (!response.ok) throw new Problem(json, response.status);
  return json;
}

// ---------------------------------------------------------------- messages and errors

const ERROR_SLOTS = ["load", "new", "hint", "candidates", "solve", "check"];

function clearErrors() {
  for (const name of ERROR_SLOTS) showError(name, "");
}

/** Shows `text` in the error slot beside the control `name` (empty text hides it). */
function showError(name, text) {
  const slot = $(`${name}-error`);
  slot.textContent = text;
  const control = name === "load" ? $("puzzle") : $(name);
  if (text) control.setAttribute("aria-invalid", "true");
  else control.removeAttribute("aria-invalid");
}

function showMessage(text, tone = "") {
  const box = $("message");
  box.textContent = text;
  box.className = `message ${tone}`.trim();
  box.hidden = !text;
}

/** Runs one control's work with its button busy; a Problem lands beside that control. */
async function act(name, work) {
  const button = name === "load" ? $("load") : $(name);
  clearErrors();
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    await work();
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    showError(name, err.message);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

// ---------------------------------------------------------------- the board

function buildBoard() {
  const board = $("board");
  for (let r = 0; r < 9; r++) {
    const row = document.createElement("div");
    row.className = "board-row";
    row.setAttribute("role", "row");
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.setAttribute("aria-label", squareName(i));
      cell.dataset.square = squareName(i);
      cell.tabIndex = -1;
      const digit = document.createElement("span");
      digit.className = "digit";
      const marks = document.createElement("span");
      marks.className = "marks";
      marks.setAttribute("aria-hidden", "true");
      for (let d = 1; d <= 9; d++) {
        const mark = document.createElement("span");
        mark.dataset.mark = String(d);
        marks.append(mark);
      }
      cell.append(digit, marks);
      cell.addEventListener("click", () => select(i, true));
      row.append(cell);
      cells.push(cell);
    }
    board.append(row);
  }
  board.addEventListener("keydown", onKey);
}

function render() {
  const sel = state.selected;
  const selValue = valueAt(sel);
  for (let i = 0; i < 81; i++) {
    const cell = cells[i];
    const given = state.givens[i];
    const value = valueAt(i);
    cell.querySelector(".digit").textContent = value ? String(value) : "";
    const markSpans = cell.querySelectorAll(".marks span");
    const removals = state.pattern.removals.get(i) || 0;
    markSpans.forEach((span, k) => {
      const d = k + 1;
      const on = !value && state.marks[i] & (1 << d);
      span.textContent = on || (!value && removals & (1 << d)) ? String(d) : "";
      span.className = removals & (1 << d) ? "removal" : "";
    });
    const related = i !== sel && (rowOf(i) === rowOf(sel) || colOf(i) === colOf(sel) || boxOf(i) === boxOf(sel));
    const classes = {
      given: Boolean(given),
      player: !given && Boolean(value),
      selected: i === sel,
      related,
      same: i !== sel && Boolean(selValue) && value === selValue,
      conflict: state.conflicts.has(i),
      wrong: state.wrong.has(i),
      "pattern-unit": state.pattern.units.has(i),
      "pattern-square": state.pattern.squares.has(i),
      target: state.pattern.targets.has(i),
    };
    for (const [name, on] of Object.entries(classes)) cell.classList.toggle(name, on);
    cell.tabIndex = i === sel ? 0 : -1;
    cell.setAttribute("aria-selected", String(i === sel));
    if (given) cell.setAttribute("aria-readonly", "true");
    else cell.removeAttribute("aria-readonly");
    if (state.wrong.has(i)) cell.setAttribute("aria-invalid", "true");
    else cell.removeAttribute("aria-invalid");
    cell.setAttribute("aria-description", describe(i));
  }
  $("pencil").setAttribute("aria-pressed", String(state.pencil));
  $("board").classList.toggle("pencil-mode", state.pencil);
  renderInfo();
  writeFragment();
}

function describe(i) {
  const value = valueAt(i);
  if (state.givens[i]) return `given ${value}`;
  if (value) return `${value}${state.wrong.has(i) ? ", wrong" : ""}${state.conflicts.has(i) ? ", conflict" : ""}`;
  const marks = marksText(state.marks[i]);
  return marks ? `empty, marks ${marks.split("").join(" ")}` : "empty";
}

function renderInfo() {
  const givens = state.givens.filter((g) => g).length;
  let text;
  if (!givens) text = "An empty board: type a puzzle in, paste one, or ask for a new one.";
  else {
    const filled = state.givens.filter((g, i) => g || state.digits[i]).length;
    text = `${givens} givens · ${filled} of 81 filled`;
  }
  $("info").textContent = text;
  renderLevel();
}

/** The level line, redrawn only when it changes (it is a live region: a redraw is read out). */
function renderLevel() {
  const line = $("seed");
  const parts = state.info?.note ? [state.info.note] : levelParts(state.info);
  if (line.textContent === parts.join(" · ")) return;
  // One span a part, kept whole by the style: a narrow screen wraps the line between parts.
  const spans = parts.map((part) => {
    const span = document.createElement("span");
    span.textContent = part;
    if (state.info?.note) span.className = "note"; // a sentence, free to wrap
    return span;
  });
  line.replaceChildren(...spans.flatMap((span, k) => (k ? [" · ", span] : [span])));
}

/** `easy`, `seed 42`, `score 40` for a generated puzzle; `graded hard`, `score 588` for another. */
function levelParts(info) {
  if (!info) return [];
  const parts = [];
  if (info.difficulty) parts.push(info.seed === undefined ? `graded ${info.difficulty}` : info.difficulty);
  if (info.seed !== undefined) parts.push(`seed ${info.seed}`);
  if (info.score !== undefined) parts.push(`score ${info.score}`);
  return parts;
}

function select(i, focus) {
  state.selected = i;
  render();
  if (focus) cells[i].focus();
}

// ---------------------------------------------------------------- playing

function onKey(event) {
  const i = state.selected;
  const key = event.key;
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if (key in moves) {
    event.preventDefault();
    const r = rowOf(i);
    const c = colOf(i);
    const next = {
      ArrowUp: ((r + 8) % 9) * 9 + c,
      ArrowDown: ((r + 1) % 9) * 9 + c,
      ArrowLeft: r * 9 + ((c + 8) % 9),
      ArrowRight: r * 9 + ((c + 1) % 9),
    }[key];
    select(next, true);
    return;
  }
  if (key === "Home" || key === "End") {
    event.preventDefault();
    select(rowOf(i) * 9 + (key === "Home" ? 0 : 8), true);
    return;
  }
  // Shift+digit arrives as `!`, `@`... on many layouts: read the physical key.
  const digit = /^Digit[1-9]$|^Numpad[1-9]$/.test(event.code) ? Number(event.code.slice(-1)) : Number(key);
  if (digit >= 1 && digit <= 9 && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    play(digit, event.shiftKey !== state.pencil);
    return;
  }
  if (key === "Backspace" || key === "Delete" || key === "0" || key === ".") {
    event.preventDefault();
    erase();
    return;
  }
  if (key === "p" || key === "P") {
    event.preventDefault();
    togglePencil();
  }
}

/** Plays `digit` in the selected square, as a digit or, when `asMark`, as a pencil mark toggle. */
function play(digit, asMark) {
  const i = state.selected;
  if (state.givens[i]) return;
  if (asMark) {
    if (state.digits[i]) return;
    state.marks[i] ^= 1 << digit;
  } else {
    state.digits[i] = state.digits[i] === digit ? 0 : digit;
    if (state.digits[i]) dropMarksAround(i, digit);
  }
  changed([i]);
}

/** A placed digit can no longer be a candidate of its peers: drop it from their marks. */
function dropMarksAround(i, digit) {
  for (const j of peers(i)) state.marks[j] &= ~(1 << digit);
}

function erase() {
  const i = state.selected;
  if (state.givens[i]) return;
  if (state.digits[i]) state.digits[i] = 0;
  else state.marks[i] = 0;
  changed([i]);
}

function togglePencil() {
  state.pencil = !state.pencil;
  render();
}

/** After the player changes squares: stale verdicts go, conflicts are asked for again. */
function changed(squares) {
  for (const i of squares) state.wrong.delete(i);
  clearStep();
  showMessage("");
  clearErrors();
  render();
  refreshConflicts();
}

let conflictRequest = 0;

/** Asks `/validate` for the clashes of the board; only the latest answer is drawn. */
async function refreshConflicts() {
  const ticket = ++conflictRequest;
  if (!state.givens.some((g) => g) && !hasPlayerDigits()) {
    state.conflicts = new Set();
    render();
    return;
  }
  try {
    const answer = await api("POST", "/validate", { puzzle: progressText() });
    if (ticket !== conflictRequest) return;
    state.conflicts = new Set(answer.conflicts.flatMap((c) => c.squares.map(squareIndex)));
    render();
    if (answer.valid && answer.complete) showMessage("Solved. Well done!", "good");
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    if (ticket === conflictRequest) showMessage(err.message, "bad");
  }
}

function clearStep() {
  state.step = null;
  state.pattern = { squares: new Set(), units: new Set(), targets: new Set(), removals: new Map() };
  $("hint-panel").hidden = true;
}

// ---------------------------------------------------------------- loading a puzzle

/**
 * The board a pasted puzzle stands for, parsed as the API parses it (the API has already
 * accepted it, so this only has to read it): JSON rows or 81 values, or Norvig's text format.
 */
function parsePuzzle(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    const flat = JSON.parse(trimmed).flat();
    return flat.map((v) => (v ? Number(v) : 0));
  }
  const values = [];
  for (const ch of trimmed) {
    if (ch >= "1" && ch <= "9") values.push(Number(ch));
    else if (ch === "." || ch === "0") values.push(0);
  }
  return values;
}

function requestBody(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[")) return { puzzle: trimmed };
  try {
    return { puzzle: JSON.parse(trimmed) };
  } catch {
    throw new Problem({ detail: "this looks like JSON rows but is not valid JSON" }, 0);
  }
}

function setPuzzle(givens, info) {
  state.puzzleCount++;
  $("seed").removeAttribute("aria-busy"); // a grade on its way is about the last puzzle
  state.givens = givens;
  state.digits = new Array(81).fill(0);
  state.marks = new Array(81).fill(0);
  state.wrong = new Set();
  state.conflicts = new Set();
  state.info = info;
  state.selected = Math.max(0, givens.findIndex((g) => !g));
  clearStep();
  showMessage("");
  render();
  refreshConflicts();
}

async function load(event) {
  event.preventDefault();
  await act("load", async () => {
    const text = $("puzzle").value;
    if (!text.trim()) throw new Problem({ detail: "paste a puzzle first: 81 cells, digits for givens, . or 0 for blanks" }, 0);
    const body = requestBody(text);
    await api("POST", "/validate", body); // the service's own words for any fault in it
    setPuzzle(parsePuzzle(text), null);
    gradePuzzle(); // not awaited: Load is done, and the level line fills in when the grade comes
  });
}

/** A puzzle of the chosen level from `/random`, unless another puzzle took the board meanwhile. */
async function newPuzzle() {
  await act("new", async () => {
    const difficulty = $("difficulty").value;
    const asked = state.puzzleCount;
    const answer = await api("GET", `/random?difficulty=${encodeURIComponent(difficulty)}`);
    if (state.puzzleCount !== asked) return;
    $("puzzle").value = answer.puzzle;
    setPuzzle(parsePuzzle(answer.puzzle), {
      difficulty: answer.difficulty || difficulty,
      seed: answer.seed,
      score: answer.score,
    });
  });
}

const NO_LEVEL = {
  multiple_solutions: "no level: it has more than one solution",
  no_solution: "no level: it has no solution",
};

/**
 * Grades the puzzle on the board (`POST /grade`) and sets Difficulty to its level, so the selector
 * always speaks of the puzzle on show. A puzzle without one level says why in the level line.
 */
async function gradePuzzle() {
  const asked = state.puzzleCount;
  const seed = state.info?.seed;
  $("seed").setAttribute("aria-busy", "true");
  let info;
  try {
    const grade = await api("POST", "/grade", { puzzle: gridText(state.givens) });
    info = { difficulty: grade.difficulty, score: grade.score, seed };
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    info = { note: NO_LEVEL[err.body?.code] || `no level: ${err.message}` };
  }
  if (state.puzzleCount !== asked) return;
  $("seed").removeAttribute("aria-busy");
  state.info = info;
  if (info.difficulty) $("difficulty").value = info.difficulty;
  render();
}

function requireGivens() {
  if (!state.givens.some((g) => g)) throw new Problem({ detail: "load or generate a puzzle first" }, 0);
}

// ---------------------------------------------------------------- help

async function hint() {
  await act("hint", async () => {
    requireGivens();
    clearStep();
    state.wrong = new Set();
    const body = { puzzle: gridText(state.givens), progress: progressText() };
    // Marks are sent only when every empty square has some: a square left unmarked means "not
    // marked yet", not "no candidate", and would read to the service as a mistake.
    const empty = [...Array(81).keys()].filter((i) => !valueAt(i));
    if (empty.length && empty.every((i) => state.marks[i])) {
      body.candidates = state.marks.map((m, i) => (valueAt(i) ? "" : marksText(m)));
    }
    const answer = await api("POST", "/hint", body);
    if (answer.status === "solved") {
      showMessage("Solved: every square holds the solution's digit.", "good");
    } else if (answer.status === "mistakes") {
      state.wrong = new Set(answer.squares.map(squareIndex));
      const n = answer.squares.length;
      showMessage(
        `${n} ${n === 1 ? "square goes" : "squares go"} wrong first: ${answer.squares.join(", ")}. A wrong digit, or pencil marks that dropped the right one.`,
        "bad",
      );
    } else {
      showStep(answer.step);
    }
    render();
  });
}

function showStep(step) {
  state.step = step;
  const units = new Set(step.pattern.units.flatMap(unitSquares));
  const removals = new Map();
  for (const e of step.eliminations) {
    const i = squareIndex(e.square);
    removals.set(i, (removals.get(i) || 0) | (1 << e.digit));
  }
  state.pattern = {
    squares: new Set(step.pattern.squares.map(squareIndex)),
    units,
    targets: new Set(step.placements.map((p) => squareIndex(p.square))),
    removals,
  };
  $("hint-name").textContent = step.name;
  $("hint-level").textContent = step.difficulty;
  $("hint-text").textContent = step.explanation;
  showMessage("");
  $("hint-panel").hidden = false;
}

/** Applies the shown step: its placements as the player's digits, its eliminations to the marks. */
function applyStep() {
  const step = state.step;
  if (!step) return;
  if (step.eliminations.length && !state.marks.some((m) => m)) fillSeenCandidates();
  const touched = [];
  for (const e of step.eliminations) {
    const i = squareIndex(e.square);
    state.marks[i] &= ~(1 << e.digit);
    touched.push(i);
  }
  for (const p of step.placements) {
    const i = squareIndex(p.square);
    state.digits[i] = p.digit;
    dropMarksAround(i, p.digit);
    touched.push(i);
  }
  if (touched.length) state.selected = touched[0];
  changed(touched);
  cells[state.selected].focus();
}

/** The marks the service assumes when none are sent: digits not seen in the row, column or box. */
function fillSeenCandidates() {
  for (let i = 0; i < 81; i++) {
    if (valueAt(i)) continue;
    let seen = 0;
    for (const j of peers(i)) if (valueAt(j)) seen |= 1 << valueAt(j);
    state.marks[i] = ALL_MARKS & ~seen;
  }
}

async function candidates() {
  await act("candidates", async () => {
    requireGivens();
    clearStep();
    const answer = await api("POST", "/candidates", { puzzle: progressText() });
    if (answer.status === "none") {
      showMessage("No candidates: propagation proves this position has no solution.", "bad");
      return;
    }
    answer.candidates.forEach((text, i) => {
      if (!valueAt(i)) state.marks[i] = maskOf(text);
    });
    showMessage(`Norvig's candidates after propagation (${answer.solved_squares} squares solved by it), as pencil marks.`);
    render();
  });
}

async function solve() {
  await act("solve", async () => {
    requireGivens();
    clearStep();
    const answer = await api("POST", "/solve", { puzzle: gridText(state.givens) });
    const words = {
      unique: "unique: this is the only solution.",
      multiple: "multiple: the puzzle has more than one solution; here is one of them.",
      none: "none: this puzzle has no solution.",
    };
    if (answer.status !== "none") {
      const solution = parsePuzzle(answer.solutions[0]);
      state.digits = solution.map((d, i) => (state.givens[i] ? 0 : d));
      state.marks = new Array(81).fill(0);
      state.wrong = new Set();
      state.conflicts = new Set();
    }
    render();
    showMessage(words[answer.status], answer.status === "unique" ? "good" : "bad");
  });
}

async function check() {
  await act("check", async () => {
    requireGivens();
    clearStep();
    const answer = await api("POST", "/solve", { puzzle: gridText(state.givens) });
    if (answer.status !== "unique") {
      state.wrong = new Set();
      render();
      showMessage(
        answer.status === "none"
          ? "This puzzle has no solution, so there is nothing to check against."
          : "This puzzle has more than one solution, so a digit cannot be called wrong.",
        "bad",
      );
      return;
    }
    const solution = parsePuzzle(answer.solution);
    const played = state.digits.map((d, i) => (d ? i : -1)).filter((i) => i >= 0);
    state.wrong = new Set(played.filter((i) => state.digits[i] !== solution[i]));
    render();
    if (!played.length) showMessage("Nothing to check yet: play some digits first.");
    else if (!state.wrong.size) showMessage(`All ${played.length} of your digits are right.`, "good");
    else {
      const names = [...state.wrong].map(squareName).join(", ");
      showMessage(`${state.wrong.size} wrong: ${names}.`, "bad");
    }
  });
}

function clearBoard() {
  clearErrors();
  state.digits = new Array(81).fill(0);
  state.marks = new Array(81).fill(0);
  state.wrong = new Set();
  clearStep();
  showMessage("");
  render();
  refreshConflicts();
}

// ---------------------------------------------------------------- the shareable address

/** `#puzzle=…&progress=…&marks=…&difficulty=…&seed=…`: enough to rebuild the board. */
function writeFragment() {
  const params = new URLSearchParams();
  if (state.givens.some((g) => g)) params.set("puzzle", gridText(state.givens));
  if (hasPlayerDigits()) params.set("progress", progressText());
  if (state.marks.some((m, i) => m && !valueAt(i))) {
    params.set("marks", state.marks.map((m, i) => (valueAt(i) ? "" : marksText(m))).join("-"));
  }
  if (state.info?.seed !== undefined) {
    if (state.info.difficulty) params.set("difficulty", state.info.difficulty);
    params.set("seed", String(state.info.seed));
  }
  const fragment = params.toString();
  const url = `${location.pathname}${location.search}${fragment ? `#${fragment}` : ""}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, "", url);
  $("share").href = fragment ? `#${fragment}` : "#";
}

/** Whether the address names a puzzle (a link to a board), whether or not it reads as one. */
const linkNamesPuzzle = () => new URLSearchParams(location.hash.slice(1)).has("puzzle");

/** Puts the board the address describes on show; false (and an error) when it describes none. */
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const puzzle = params.get("puzzle");
  if (!puzzle) return false;
  const givens = parsePuzzle(puzzle);
  if (givens.length !== 81) {
    showError("load", "the link's puzzle does not have 81 cells");
    return false;
  }
  state.puzzleCount++;
  $("seed").removeAttribute("aria-busy");
  state.givens = givens;
  state.digits = new Array(81).fill(0);
  state.marks = new Array(81).fill(0);
  state.wrong = new Set();
  state.conflicts = new Set();
  clearStep();
  const progress = parsePuzzle(params.get("progress") || "");
  if (progress.length === 81) state.digits = progress.map((d, i) => (givens[i] ? 0 : d));
  const marks = (params.get("marks") || "").split("-");
  if (marks.length === 81) state.marks = marks.map(maskOf);
  // The level is graded afresh (gradePuzzle), not taken from the link: only the seed is kept.
  const seed = params.get("seed");
  state.info = seed ? { seed } : null;
  $("puzzle").value = gridText(givens);
  state.selected = Math.max(0, givens.findIndex((g) => !g));
  return true;
}

// ---------------------------------------------------------------- wiring

function main() {
  buildBoard();
  $("load-form").addEventListener("submit", load);
  $("new").addEventListener("click", newPuzzle);
  $("hint").addEventListener("click", hint);
  $("candidates").addEventListener("click", candidates);
  $("solve").addEventListener("click", solve);
  $("check").addEventListener("click", check);
  $("clear").addEventListener("click", clearBoard);
  $("apply").addEventListener("click", applyStep);
  $("erase").addEventListener("click", () => {
    erase();
    cells[state.selected].focus();
  });
  $("pencil").addEventListener("click", togglePencil);
  for (const key of document.querySelectorAll("[data-digit]")) {
    key.addEventListener("click", () => {
      play(Number(key.dataset.digit), state.pencil);
      cells[state.selected].focus();
    });
  }
  $("share").addEventListener("click", (event) => {
    event.preventDefault();
    navigator.clipboard?.writeText(location.href).then(
      () => showMessage("Link copied: it restores this board."),
      () => showMessage("Copy the address bar: it restores this board."),
    );
  });
  window.addEventListener("hashchange", () => {
    if (readFragment()) restored();
  });
  describeBoardByHelp();
  start().finally(() => {
    document.body.dataset.ready = "true";
  });
}

/** After a board is read from the address: drawn, checked for clashes and graded. */
function restored() {
  render();
  refreshConflicts();
  return gradePuzzle();
}

/** The first board: the one the address holds (a link wins), else a new puzzle of the chosen level. */
async function start() {
  const linked = linkNamesPuzzle();
  if (readFragment()) return restored();
  render();
  if (!linked) await newPuzzle();
}

/** The board is described by the help on show: the keys, or on a touch screen how to tap. */
function describeBoardByHelp() {
  const touch = matchMedia("(hover: none) and (pointer: coarse)");
  const describe = () => $("board").setAttribute("aria-describedby", touch.matches ? "touch-help" : "keys-help");
  describe();
  touch.addEventListener("change", describe);
}

main();
