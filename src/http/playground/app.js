// The playground: a Sudoku board driven by the service's public JSON API (openapi.yaml).
// Plain ES module, no build step. State lives in `state`; `render()` draws it; the URL fragment
// mirrors it so a link or a reload restores the board.

import { api, drawing, Problem } from "/playground/api.js";
import { drawBoard, drawPad } from "/playground/board.js";
import { cellNotes, drawConstraints, rulesLine } from "/playground/constraints.js";
import { act, clearErrors, showError, showMessage } from "/playground/messages.js";
import {
  cellsHelp,
  fillSizes,
  fillBoxes,
  keysHelp,
  selectedKind,
  selectedParams,
  selectedShape,
  showLevels,
  showShapeInSelectors,
} from "/playground/picker.js";
import {
  cellsText,
  makeShape,
  marksText as maskText,
  maskOf as symbolsMask,
  parseCells,
  rulesFromParams,
  RulesError,
  shapeParams,
} from "/playground/shape.js";

const CLASSIC = makeShape();

const state = {
  shape: CLASSIC, // the board's shape (shape.js): size, regions, variants, symbols
  givens: new Array(81).fill(0),
  digits: new Array(81).fill(0), // the player's values (1..N); never where a given is
  marks: new Array(81).fill(0), // pencil marks as bit masks (bit v = value v)
  selected: 0,
  pencil: false,
  conflicts: new Set(),
  wrong: new Set(),
  pattern: { squares: new Set(), units: new Set(), targets: new Set(), removals: new Map() },
  step: null,
  // The puzzle's level, from /random or /grade: { difficulty, score, seed } (seed for a generated
  // one), or { note } saying why it has none; null while unknown.
  info: null,
  // The level the player last chose on Difficulty: asked for again where a shape offers it.
  wantedLevel: "easy",
  // Counts the puzzles put on the board: an answer about an earlier one (a late /random or /grade)
  // sees the count moved on and is dropped.
  puzzleCount: 0,
};

const $ = (id) => document.getElementById(id);
const cells = [];
/** Each cell's digit and mark elements, found once: a 16x16 board has 4,096 marks to draw. */
let parts = [];
/** What each cell is part of (`thermometer bulb`, `white dot with B3`), for its description. */
let notes = [];
const CLASSIC_PLACEHOLDER = $("puzzle").placeholder;

// ---------------------------------------------------------------- squares and units

const shape = () => state.shape;
const squareName = (i) => shape().cellName(i);
const squareIndex = (name) => shape().cellIndex(name);
const rowOf = (i) => Math.floor(i / shape().n);
const colOf = (i) => i % shape().n;
const peers = (i) => shape().peers[i];
/** The squares of a unit named as the API names them: `row A`, `column 3`, `box 1`, `window 2`. */
const unitSquares = (name) => shape().unitCells(name);

const valueAt = (i) => state.givens[i] || state.digits[i];
const gridText = (values) => cellsText(shape(), values);
const progressText = () => gridText(state.givens.map((g, i) => g || state.digits[i]));
const hasPlayerDigits = () => state.digits.some((d) => d);
const marksText = (mask) => maskText(shape(), mask);
const maskOf = (text) => symbolsMask(shape(), text);
const blank = () => new Array(shape().cells).fill(0);
/** A request body about `puzzle` on the board's shape: classic carries no rules, as before. */
const withRules = (body) => (shape().rules ? { ...body, rules: shape().rules } : body);

// ---------------------------------------------------------------- the board

/** Draws the board and the pad for `next`, unless it is the shape on show; the board's state is the caller's. */
function setShape(next) {
  const first = !cells.length;
  if (!first && next.key === state.shape.key) return;
  state.shape = next;
  cells.splice(0, cells.length, ...drawBoard($("board"), next, (i) => select(i, true)));
  parts = cells.map((cell) => ({ digit: cell.querySelector(".digit"), marks: [...cell.querySelectorAll(".marks span")] }));
  drawConstraints($("board"), next);
  notes = cellNotes(next);
  const rules = rulesLine(next);
  $("rules-line").textContent = rules ? `Also: ${rules}.` : "";
  $("rules-line").hidden = !rules;
  drawPad($("pad"), next, (v) => {
    play(v, state.pencil);
    cells[state.selected].focus();
  });
  document.body.classList.toggle("big-board", next.n > 9);
  $("keys-symbols").replaceChildren(...keysHelp(next));
  showLevels(next, state.wantedLevel);
  $("puzzle").placeholder = next.classic ? CLASSIC_PLACEHOLDER : `${cellsHelp(next)}; or JSON rows`;
  showShapeInSelectors(next);
}

function render() {
  const sel = state.selected;
  const selValue = valueAt(sel);
  const related = peers(sel);
  for (let i = 0; i < shape().cells; i++) {
    const cell = cells[i];
    const given = state.givens[i];
    const value = valueAt(i);
    setText(parts[i].digit, value ? shape().symbol(value) : "");
    const removals = state.pattern.removals.get(i) || 0;
    parts[i].marks.forEach((span, k) => {
      const d = k + 1;
      const on = !value && state.marks[i] & (1 << d);
      setText(span, on || (!value && removals & (1 << d)) ? shape().symbol(d) : "");
      const name = removals & (1 << d) ? "removal" : "";
      if (span.className !== name) span.className = name;
    });
    const classes = {
      given: Boolean(given),
      player: !given && Boolean(value),
      selected: i === sel,
      related: related.has(i),
      same: i !== sel && Boolean(selValue) && value === selValue,
      conflict: state.conflicts.has(i),
      wrong: state.wrong.has(i),
      "pattern-unit": state.pattern.units.has(i),
      "pattern-square": state.pattern.squares.has(i),
      target: state.pattern.targets.has(i),
    };
    for (const [name, on] of Object.entries(classes)) cell.classList.toggle(name, on);
    const tabIndex = i === sel ? 0 : -1;
    if (cell.tabIndex !== tabIndex) cell.tabIndex = tabIndex; // a write asks the page's layout for focusability
    setAttr(cell, "aria-selected", String(i === sel));
    setAttr(cell, "aria-readonly", given ? "true" : null);
    setAttr(cell, "aria-invalid", state.wrong.has(i) ? "true" : null);
    setAttr(cell, "aria-description", describe(i));
  }
  $("pencil").setAttribute("aria-pressed", String(state.pencil));
  $("board").classList.toggle("pencil-mode", state.pencil);
  renderInfo();
  writeFragment();
}

// Writes only what changed: a rewrite of the same text still costs the browser a layout of the board.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setAttr(el, name, value) {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

function describe(i) {
  const cage = shape().cages[shape().cageOf[i]];
  const caged = cage ? `, in a cage of ${cage.cells.length} summing to ${cage.sum}` : "";
  const noted = notes[i] ? `, ${notes[i]}` : "";
  return describeValue(i) + caged + noted;
}

function describeValue(i) {
  const value = valueAt(i) && shape().symbol(valueAt(i));
  if (state.givens[i]) return `given ${value}`;
  if (value) return `${value}${state.wrong.has(i) ? ", wrong" : ""}${state.conflicts.has(i) ? ", conflict" : ""}`;
  const marks = marksText(state.marks[i]);
  return marks ? `empty, marks ${marks.split("").join(" ")}` : "empty";
}

function renderInfo() {
  const givens = state.givens.filter((g) => g).length;
  let text;
  if (!hasPuzzle()) text = "An empty board: type a puzzle in, paste one, or ask for a new one.";
  else {
    const filled = state.givens.filter((g, i) => g || state.digits[i]).length;
    text = `${givens} givens · ${filled} of ${shape().cells} filled`;
    if (!shape().classic) text = `${shape().label} · ${text}`;
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
  // A generated puzzle's level is the one it was made for; any other is a grade.
  if (info.difficulty) parts.push(info.seed === undefined || info.graded ? `graded ${info.difficulty}` : info.difficulty);
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
  const n = shape().n;
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if (key in moves) {
    event.preventDefault();
    const r = rowOf(i);
    const c = colOf(i);
    const next = {
      ArrowUp: ((r + n - 1) % n) * n + c,
      ArrowDown: ((r + 1) % n) * n + c,
      ArrowLeft: r * n + ((c + n - 1) % n),
      ArrowRight: r * n + ((c + 1) % n),
    }[key];
    select(next, true);
    return;
  }
  if (key === "Home" || key === "End") {
    event.preventDefault();
    select(rowOf(i) * n + (key === "Home" ? 0 : n - 1), true);
    return;
  }
  const value = typedValue(event);
  if (value && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    play(value, event.shiftKey !== state.pencil);
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

/**
 * The value of the symbol a key types, 0 for none: a digit key by its physical key (Shift+digit
 * arrives as `!`, `@`... on many layouts), a letter case-blind, so Shift+letter is a pencil mark.
 */
function typedValue(event) {
  const physical = /^(?:Digit|Numpad)([0-9])$/.exec(event.code);
  const ch = physical ? physical[1] : event.key;
  return ch.length === 1 ? shape().valueOf(ch) : 0;
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
  if (!hasPuzzle() && !hasPlayerDigits()) {
    state.conflicts = new Set();
    render();
    return;
  }
  try {
    const answer = await api("POST", "/validate", withRules({ puzzle: progressText() }));
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
 * accepted it, so this only has to read it): JSON rows or N*N values, or the shape's text form.
 */
const parsePuzzle = (text, s = shape()) => parseCells(s, text);

/**
 * What Load sends for the pasted text, and the shape it is on: the board's shape, or the `rules`
 * of a pasted request body (`{"puzzle": ..., "rules": {...}}`).
 */
function pasted(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[") && !trimmed.startsWith("{")) return { body: withRules({ puzzle: trimmed }), shape: shape() };
  let json;
  try {
    json = JSON.parse(trimmed);
  } catch {
    const what = trimmed.startsWith("[") ? "JSON rows" : "a JSON request";
    throw new Problem({ detail: `this looks like ${what} but is not valid JSON` }, 0);
  }
  if (Array.isArray(json)) return { body: withRules({ puzzle: json }), shape: shape() };
  if (json.puzzle === undefined) throw new Problem({ detail: "a pasted JSON object needs a `puzzle` member" }, 0);
  const rules = json.rules ?? {};
  let next;
  let fault = null;
  try {
    next = makeShape(rules);
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    fault = err.message; // said only if the service, asked first, names no fault of its own
  }
  const body = json.rules === undefined ? { puzzle: json.puzzle } : { puzzle: json.puzzle, rules };
  return { body, shape: next, fault };
}

/** Puts `givens` on a board of shape `next` (the board's own by default), with the level `info`. */
function setPuzzle(givens, info, next = shape()) {
  state.puzzleCount++;
  $("seed").removeAttribute("aria-busy"); // a grade on its way is about the last puzzle
  setShape(next);
  state.givens = givens;
  state.digits = blank();
  state.marks = blank();
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
    if (!text.trim()) throw new Problem({ detail: `paste a puzzle first: ${cellsHelp(shape())}` }, 0);
    if (/^https?:/i.test(text.trim())) {
      await importLink(text.trim());
      return;
    }
    const { body, shape: next, fault } = pasted(text);
    await api("POST", "/validate", body); // the service's own words for any fault in it
    if (fault) throw new Problem({ detail: `the page cannot draw these rules: ${fault}` }, 0);
    const puzzle = typeof body.puzzle === "string" ? body.puzzle : JSON.stringify(body.puzzle);
    setPuzzle(parsePuzzle(puzzle, next), null, next);
    gradePuzzle(); // not awaited: Load is done, and the level line fills in when the grade comes
  });
}

/**
 * Asks `POST /import` for the puzzle an f-puzzles or SudokuPad link holds (`{"puzzle", "rules"}`)
 * and puts it on the board; a refusal's `detail` lands beside Load.
 */
async function importLink(link) {
  const answer = await endpoint("/import", { link });
  const rules = answer.rules ?? {};
  let next;
  try {
    next = makeShape(rules);
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    throw new Problem({ detail: `the page cannot draw the link's rules: ${err.message}` }, 0);
  }
  const puzzle = typeof answer.puzzle === "string" ? answer.puzzle : JSON.stringify(answer.puzzle);
  const givens = parsePuzzle(puzzle, next);
  if (givens.length !== next.cells) throw new Problem({ detail: `the link's puzzle does not have ${next.cells} cells` }, 0);
  $("puzzle").value = puzzle;
  setPuzzle(givens, null, next);
  gradePuzzle(); // not awaited, as after Load
}

/**
 * `POST path` for an endpoint a service may not have yet (`/import`, `/export`): its answer, or a
 * Problem with its `detail`, saying so when the route is missing.
 */
async function endpoint(path, body) {
  try {
    return await api("POST", path, body);
  } catch (err) {
    if (err instanceof Problem && err.status === 404 && (!err.body?.detail || /no such route/.test(err.body.detail))) {
      throw new Problem({ detail: `this service has no POST ${path} yet (${err.message})` }, 404);
    }
    throw err;
  }
}

const EXPORTS = {
  sudokupad: { control: "open-sudokupad", name: "SudokuPad" },
  fpuzzles: { control: "copy-fpuzzles", name: "f-puzzles" },
};

/**
 * Asks `POST /export` for a link to the board's puzzle in `format` (`sudokupad`: opened in a new
 * tab; `fpuzzles`: copied), and shows the link beside the buttons, so it can be opened or copied
 * by hand where the browser refuses.
 */
async function exportLink(format) {
  const { control, name } = EXPORTS[format];
  const result = $("export-result");
  result.replaceChildren();
  await act(control, async () => {
    requireGivens();
    const answer = await endpoint("/export", { ...withRules({ puzzle: gridText(state.givens) }), format });
    const link = answer?.link;
    if (typeof link !== "string" || !/^https?:/i.test(link)) throw new Problem({ detail: "the service answered no link" }, 0);
    let said;
    if (format === "sudokupad") {
      // With noopener no tab is returned, so a blocked pop-up cannot be told apart: the link stays on show.
      window.open(link, "_blank", "noopener");
      said = "Opening in SudokuPad:";
    } else {
      said = await navigator.clipboard?.writeText(link).then(
        () => `${name} link copied:`,
        () => `Copy this ${name} link:`,
      );
      said ??= `Copy this ${name} link:`;
    }
    const anchor = document.createElement("a");
    anchor.href = link;
    anchor.target = "_blank";
    anchor.rel = "noopener noreferrer";
    anchor.textContent = link;
    result.replaceChildren(`${said} `, anchor);
  });
}

/**
 * The query of `GET /random` for the shape the selectors name, at `difficulty` (killers too: the
 * service makes them to a level); classic asks as it always did.
 */
function randomQuery(difficulty) {
  const params = selectedParams();
  params.push(["difficulty", difficulty]);
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
}

/** A puzzle of the chosen shape and level from `/random`, unless another puzzle took the board meanwhile. */
async function newPuzzle() {
  await act("new", async () => {
    showLevels(selectedKind(), state.wantedLevel);
    const difficulty = $("difficulty").value;
    const asked = state.puzzleCount;
    let answer;
    try {
      answer = await api("GET", `/random?${randomQuery(difficulty)}`);
    } finally {
      // No new board (a refusal, or a board loaded meanwhile): the selectors show the board's shape.
      if (state.puzzleCount !== asked || !answer) {
        showShapeInSelectors(shape());
        showLevels(shape(), state.wantedLevel);
      }
    }
    if (state.puzzleCount !== asked) return;
    // A jigsaw's regions are drawn by the service: its rules are the shape, not the selectors.
    const next = answer.rules ? makeShape(answer.rules) : selectedShape();
    $("puzzle").value = answer.puzzle;
    // Every shape is made to a level, killers included (`/random` makes them at every level).
    const level = { difficulty: answer.difficulty || difficulty, seed: answer.seed, score: answer.score };
    setPuzzle(parsePuzzle(answer.puzzle, next), level, next);
  });
}

const NO_LEVEL = {
  multiple_solutions: "no level: it has more than one solution",
  no_solution: "no level: it has no solution",
};

/**
 * Grades the puzzle on the board (`POST /grade`) and sets Difficulty to its level where the shape
 * offers it, so the selector always speaks of the puzzle on show. A puzzle without one level says
 * why in the level line.
 */
async function gradePuzzle() {
  const asked = state.puzzleCount;
  const seed = state.info?.seed;
  $("seed").setAttribute("aria-busy", "true");
  let info;
  try {
    const grade = await api("POST", "/grade", withRules({ puzzle: gridText(state.givens) }));
    info = { difficulty: grade.difficulty, score: grade.score, seed };
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    info = { note: NO_LEVEL[err.body?.code] || `no level: ${err.message}`, seed };
  }
  if (state.puzzleCount !== asked) return;
  $("seed").removeAttribute("aria-busy");
  state.info = info;
  const option = [...$("difficulty").options].find((o) => o.value === info.difficulty);
  if (option && !option.disabled) state.wantedLevel = $("difficulty").value = info.difficulty;
  render();
}

/**
 * Whether a puzzle is on the board: givens, or a killer's cages or constraints (a classic killer,
 * or a thermometer puzzle, may have no givens).
 */
const hasPuzzle = () => state.givens.some((g) => g) || shape().killer || shape().constraints.length > 0;

function requireGivens() {
  if (!hasPuzzle()) throw new Problem({ detail: "load or generate a puzzle first" }, 0);
}

// ---------------------------------------------------------------- help

async function hint() {
  await act("hint", async () => {
    requireGivens();
    clearStep();
    state.wrong = new Set();
    const body = withRules({ puzzle: gridText(state.givens), progress: progressText() });
    // Marks are sent only when every empty square has some: a square left unmarked means "not
    // marked yet", not "no candidate", and would read to the service as a mistake.
    const empty = [...Array(shape().cells).keys()].filter((i) => !valueAt(i));
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

/** The marks the service assumes when none are sent: values not seen in any unit of the square. */
function fillSeenCandidates() {
  for (let i = 0; i < shape().cells; i++) {
    if (valueAt(i)) continue;
    let seen = 0;
    for (const j of peers(i)) if (valueAt(j)) seen |= 1 << valueAt(j);
    state.marks[i] = shape().allMarks & ~seen;
  }
}

async function candidates() {
  await act("candidates", async () => {
    requireGivens();
    clearStep();
    const answer = await api("POST", "/candidates", withRules({ puzzle: progressText() }));
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
    const answer = await api("POST", "/solve", withRules({ puzzle: gridText(state.givens) }));
    const words = {
      unique: "unique: this is the only solution.",
      multiple: "multiple: the puzzle has more than one solution; here is one of them.",
      none: "none: this puzzle has no solution.",
    };
    if (answer.status !== "none") {
      const solution = parsePuzzle(answer.solutions[0]);
      state.digits = solution.map((d, i) => (state.givens[i] ? 0 : d));
      state.marks = blank();
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
    const answer = await api("POST", "/solve", withRules({ puzzle: gridText(state.givens) }));
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
  state.digits = blank();
  state.marks = blank();
  state.wrong = new Set();
  clearStep();
  showMessage("");
  render();
  refreshConflicts();
}

// ---------------------------------------------------------------- the shareable address

/**
 * `#puzzle=…&progress=…&marks=…&difficulty=…&seed=…`, and for a shape other than classic its rules
 * as `/random` takes them (`size=16&box=4x4&variant=jigsaw,x&regions=…&symbols=…`): enough to
 * rebuild the board.
 */
function writeFragment() {
  const params = new URLSearchParams();
  if (hasPuzzle()) params.set("puzzle", gridText(state.givens));
  for (const [name, value] of shapeParams(shape().rules)) params.set(name, value);
  if (hasPlayerDigits()) params.set("progress", progressText());
  if (state.marks.some((m, i) => m && !valueAt(i))) {
    params.set("marks", state.marks.map((m, i) => (valueAt(i) ? "" : marksText(m))).join("-"));
  }
  if (state.info?.seed !== undefined) {
    if (state.info.difficulty && !state.info.graded) params.set("difficulty", state.info.difficulty);
    params.set("seed", String(state.info.seed));
  }
  const fragment = params.toString();
  const url = `${location.pathname}${location.search}${fragment ? `#${fragment}` : ""}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, "", url);
  $("share").href = fragment ? `#${fragment}` : "#";
}

/** Whether the address names a puzzle (a link to a board), whether or not it reads as one. */
const linkNamesPuzzle = () => new URLSearchParams(location.hash.slice(1)).has("puzzle") || linkedLink() !== null;

/**
 * The f-puzzles or SudokuPad link of an address `#link=…` (url-encoded, or not: everything after
 * `link=` is the link, so its own `&` and `+` survive), or null.
 */
function linkedLink() {
  const hash = location.hash.slice(1);
  if (!hash.startsWith("link=")) return null;
  const raw = hash.slice("link=".length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Opens the link of an address `#link=…` through `POST /import`; its refusal shows beside Load. */
async function openLinked() {
  const link = linkedLink();
  $("puzzle").value = link;
  render();
  await act("load", () => importLink(link));
}

/** Puts the board the address describes on show; false (and an error) when it describes none. */
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const puzzle = params.get("puzzle");
  if (!puzzle) return false;
  let linked;
  try {
    linked = makeShape(rulesFromParams(params) ?? {});
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    showError("load", `the link's rules do not make a board: ${err.message}`);
    return false;
  }
  const givens = parsePuzzle(puzzle, linked);
  if (givens.length !== linked.cells) {
    showError("load", `the link's puzzle does not have ${linked.cells} cells`);
    return false;
  }
  state.puzzleCount++;
  $("seed").removeAttribute("aria-busy");
  setShape(linked);
  state.givens = givens;
  state.digits = blank();
  state.marks = blank();
  state.wrong = new Set();
  state.conflicts = new Set();
  clearStep();
  const progress = parsePuzzle(params.get("progress") || "");
  if (progress.length === linked.cells) state.digits = progress.map((d, i) => (givens[i] ? 0 : d));
  const marks = (params.get("marks") || "").split("-");
  if (marks.length === linked.cells) state.marks = marks.map(maskOf);
  // The level is graded afresh (gradePuzzle), not taken from the link: only the seed is kept.
  const seed = params.get("seed");
  state.info = seed ? { seed } : null;
  $("puzzle").value = gridText(givens);
  state.selected = Math.max(0, givens.findIndex((g) => !g));
  return true;
}

// ---------------------------------------------------------------- wiring

function main() {
  fillSizes();
  state.wantedLevel = $("difficulty").value;
  setShape(CLASSIC);
  $("board").addEventListener("keydown", onKey);
  $("size").addEventListener("change", () => {
    fillBoxes(Number($("size").value));
    newPuzzle();
  });
  $("box").addEventListener("change", newPuzzle);
  $("difficulty").addEventListener("change", () => {
    state.wantedLevel = $("difficulty").value;
  });
  $("variant").addEventListener("change", () => {
    $("box").disabled = $("variant").value.includes("jigsaw");
    newPuzzle();
  });
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
  $("download-pdf").addEventListener("click", downloadPdf);
  $("print").addEventListener("click", () => window.print());
  $("share").addEventListener("click", (event) => {
    event.preventDefault();
    navigator.clipboard?.writeText(location.href).then(
      () => showMessage("Link copied: it restores this board."),
      () => showMessage("Copy the address bar: it restores this board."),
    );
  });
  $("open-sudokupad").addEventListener("click", () => exportLink("sudokupad"));
  $("copy-fpuzzles").addEventListener("click", () => exportLink("fpuzzles"));
  window.addEventListener("hashchange", () => {
    if (linkedLink() !== null) openLinked();
    else if (readFragment()) restored();
  });
  describeBoardByHelp();
  start().finally(() => {
    document.body.dataset.ready = "true";
  });
}

/** The board's puzzle (its givens) as a PDF from `POST /render`, captioned with its level and seed. */
async function downloadPdf() {
  $("print-error").textContent = "";
  const body = withRules({ puzzle: gridText(state.givens) });
  if (state.info?.difficulty) body.level = state.info.difficulty;
  if (state.info?.seed !== undefined) body.seed = state.info.seed;
  try {
    const blob = await drawing("/render", body, "application/pdf");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = state.info?.seed !== undefined ? `sudoku-seed${state.info.seed}.pdf` : "sudoku.pdf";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (problem) {
    $("print-error").textContent = problem.message;
  }
}

/** After a board is read from the address: drawn, checked for clashes and graded. */
function restored() {
  render();
  refreshConflicts();
  return gradePuzzle();
}

/** The first board: the one the address holds (a link wins), else a new puzzle of the chosen level. */
async function start() {
  if (linkedLink() !== null) return openLinked();
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
