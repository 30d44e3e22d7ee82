// The shape of a board, as the API's `rules` describe it (issue 13): N, the boxes or jigsaw regions,
// the units the variants add (X: both long diagonals; hyper: the windows) and the symbols of the text
// form. Pure functions, no page: the page draws and plays whatever shape this builds, and names
// squares and units exactly as the service does, so a hint's `window 2` or `P16` lands where it says.
// Constraints (issue 33: thermometers, arrows, dots, lines, outside sums, extra regions), the global
// rules (anti-knight, anti-king, non-consecutive, disjoint groups) and negative constraints ride
// along: read to cell indices for constraints.js to draw, and sent back to the service unchanged.

export const DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOP";
/** The sizes the selector offers (every N with a box; jigsaw takes any N from a link). */
export const SIZES = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25];
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY";

/** A description the engine would refuse, in words that say which rule failed. */
export class RulesError extends Error {}

/** The usual box for N, as the engine infers it: the most nearly square rows x columns, rows <= columns. */
export function usualBox(n) {
  let best = null;
  for (let r = 2; r * r <= n; r++) if (n % r === 0) best = [r, n / r];
  return best;
}

/** Every box that tiles an N x N grid, both sides at least 2, the usual one first. */
export function boxesOf(n) {
  const usual = usualBox(n);
  const all = [];
  for (let r = 2; r <= n / 2; r++) if (n % r === 0) all.push([r, n / r]);
  return usual ? [usual, ...all.filter(([r]) => r !== usual[0])] : all;
}

/** Jigsaw labels (a string, whitespace ignored, or integers) as region numbers by first appearance. */
function regionNumbers(regions, n) {
  const labels = typeof regions === "string" ? [...regions.replace(/\s/g, "")] : [...regions];
  if (labels.length !== n * n) throw new RulesError(`regions: expected ${n * n} labels, found ${labels.length}`);
  const index = new Map();
  const numbers = labels.map((label) => {
    if (!index.has(label)) index.set(label, index.size);
    return index.get(label);
  });
  if (index.size !== n) throw new RulesError(`regions: expected ${n} regions, found ${index.size}`);
  for (let g = 0; g < n; g++) {
    const cells = numbers.flatMap((x, i) => (x === g ? [i] : []));
    if (cells.length !== n) throw new RulesError(`region ${g + 1} has ${cells.length} cells, not ${n}`);
    if (!connected(cells, numbers, n)) throw new RulesError(`region ${g + 1} is not connected`);
  }
  return numbers;
}

function connected(cells, numbers, n) {
  const seen = new Set([cells[0]]);
  const stack = [cells[0]];
  while (stack.length) {
    const i = stack.pop();
    const [r, c] = [Math.floor(i / n), i % n];
    const next = [r > 0 && i - n, r < n - 1 && i + n, c > 0 && i - 1, c < n - 1 && i + 1];
    for (const j of next) {
      if (j !== false && !seen.has(j) && numbers[j] === numbers[i]) {
        seen.add(j);
        stack.push(j);
      }
    }
  }
  return seen.size === cells.length;
}

function checkSymbols(symbols, n) {
  const list = [...symbols];
  if (list.length !== n) throw new RulesError(`symbols: expected ${n}, found ${list.length}`);
  list.forEach((s, k) => {
    if (s === "." || /\s/.test(s) || list.indexOf(s) !== k) throw new RulesError(`symbols: ${JSON.stringify(s)} cannot be a symbol`);
  });
  return list;
}

/** The top-left corners of the box-sized blocks starting at `starts(rows)` x `starts(cols)`. */
function blocks(n, rows, cols, starts) {
  const out = [];
  for (const top of starts(rows)) {
    for (const left of starts(cols)) {
      const cells = [];
      for (let r = top; r < top + rows; r++) for (let c = left; c < left + cols; c++) cells.push(r * n + c);
      out.push(cells);
    }
  }
  return out;
}

const boxStarts = (n) => (side) => [...Array(n / side).keys()].map((k) => k * side);
/** Hyper windows start one cell in, with a one-cell gutter between them, while they fit. */
const windowStarts = (n) => (side) => {
  const out = [];
  for (let p = 1; p + side <= n; p += side + 1) out.push(p);
  return out;
};

/** The cell a name such as `A1` or `P16` stands for on an N x N board, or -1. */
function cellIndexOf(name, n) {
  const text = String(name);
  const r = LETTERS.indexOf(text[0]?.toUpperCase());
  const c = Number(text.slice(1)) - 1;
  return r >= 0 && r < n && Number.isInteger(c) && c >= 0 && c < n ? r * n + c : -1;
}

/**
 * Killer cages (`[{sum, cells: ["A1", ...]}]`) as lists of cell indices, and each cell's cage (-1
 * for none); the engine checks the rest (sums possible, cages connected) when it is asked.
 */
function cageList(cages, n) {
  if (!Array.isArray(cages)) throw new RulesError("cages: expected a list of {sum, cells}");
  const cageOf = Array(n * n).fill(-1);
  const list = cages.map((cage, k) => {
    const names = Array.isArray(cage?.cells) ? cage.cells : [];
    if (!names.length) throw new RulesError(`cage ${k + 1}: no cells`);
    const cells = names.map((name) => {
      const i = cellIndexOf(name, n);
      if (i < 0) throw new RulesError(`cage ${k + 1}: ${JSON.stringify(name)} is not a cell of ${n}x${n}`);
      if (cageOf[i] >= 0) throw new RulesError(`cages overlap at ${name}`);
      cageOf[i] = k;
      return i;
    });
    const sum = Number(cage.sum);
    if (!Number.isInteger(sum) || sum < 1) throw new RulesError(`cage ${k + 1}: sum ${cage.sum} is not a whole number`);
    return { sum, cells };
  });
  return { list, cageOf };
}

/**
 * The shape `rules` describe (`{size, box, variants, regions, symbols, cages}`, every member
 * optional; `{}` is classic 9x9), checked as the engine checks it. Throws a RulesError naming the
 * rule that failed.
 */
export function makeShape(rules = {}) {
  const n = Number(rules.size ?? 9);
  if (!Number.isInteger(n) || n < 4 || n > 25) throw new RulesError(`size: ${rules.size} is not from 4 to 25`);
  const symbols = checkSymbols(rules.symbols ?? DEFAULT_SYMBOLS.slice(0, n), n);
  const variants = ["x", "hyper"].filter((v) => (rules.variants || []).includes(v));
  // The global rules with no figure of their own: named under the board (GLOBAL_WORDS).
  const globals = Object.keys(GLOBAL_WORDS).filter((v) => (rules.variants || []).includes(v));
  const unknown = (rules.variants || []).find((v) => v !== "x" && v !== "hyper" && !(v in GLOBAL_WORDS));
  if (unknown !== undefined) throw new RulesError(`variants: unknown variant ${JSON.stringify(unknown)}`);
  const negative = ["kropki", "xv"].filter((v) => (rules.negative || []).includes(v));
  const unknownNegative = (rules.negative || []).find((v) => v !== "kropki" && v !== "xv");
  if (unknownNegative !== undefined) throw new RulesError(`negative: ${JSON.stringify(unknownNegative)} is not kropki or xv`);
  const jigsaw = rules.regions !== undefined && rules.regions !== null;
  if (jigsaw && rules.box) throw new RulesError("box and regions cannot both be given");
  const box = jigsaw ? null : rules.box ? rules.box.map(Number) : usualBox(n);
  if (!jigsaw && (!box || box[0] * box[1] !== n || box[0] < 2 || box[1] < 2)) {
    throw new RulesError(rules.box ? `box: ${box.join("x")} does not tile ${n}x${n}` : `size ${n} has no usual box: give regions`);
  }
  const regionOf = jigsaw
    ? regionNumbers(rules.regions, n)
    : [...Array(n * n).keys()].map((i) => Math.floor(Math.floor(i / n) / box[0]) * (n / box[1]) + Math.floor((i % n) / box[1]));

  const units = [];
  const add = (name, cells) => units.push({ name, cells });
  const cellName = (i) => LETTERS[Math.floor(i / n)] + String((i % n) + 1);
  for (let r = 0; r < n; r++) add(`row ${LETTERS[r]}`, [...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) add(`column ${c + 1}`, [...Array(n).keys()].map((r) => r * n + c));
  for (let g = 0; g < n; g++) {
    add(`${jigsaw ? "region" : "box"} ${g + 1}`, regionOf.flatMap((x, i) => (x === g ? [i] : [])));
  }
  const diagonal = new Set();
  const windowed = new Set();
  if (variants.includes("x")) {
    const main = [...Array(n).keys()].map((k) => k * n + k);
    const anti = [...Array(n).keys()].map((k) => k * n + n - 1 - k);
    add(`diagonal ${cellName(0)}-${cellName(n * n - 1)}`, main);
    add(`diagonal ${cellName(n - 1)}-${cellName(n * (n - 1))}`, anti);
    for (const i of [...main, ...anti]) diagonal.add(i);
  }
  if (variants.includes("hyper")) {
    const [rows, cols] = box || usualBox(n) || [];
    if (!rows) throw new RulesError(`hyper needs boxes: size ${n} has none`);
    blocks(n, rows, cols, windowStarts(n)).forEach((cells, w) => {
      add(`window ${w + 1}`, cells);
      for (const i of cells) windowed.add(i);
    });
  }
  if (globals.includes("disjoint_groups")) {
    if (!box) throw new RulesError("disjoint_groups needs boxes, not jigsaw regions");
    const [rows, cols] = box;
    for (let g = 0; g < n; g++) {
      const [dr, dc] = [Math.floor(g / cols), g % cols];
      const cells = [];
      for (let top = 0; top < n; top += rows) for (let left = 0; left < n; left += cols) cells.push((top + dr) * n + left + dc);
      add(`disjoint group ${g + 1}`, cells);
    }
  }
  const killer = rules.cages !== undefined && rules.cages !== null;
  const { list: cages, cageOf } = killer ? cageList(rules.cages, n) : { list: [], cageOf: Array(n * n).fill(-1) };
  cages.forEach(({ cells }, k) => add(`cage ${k + 1}`, cells));
  const constraints = constraintList(rules.constraints, n);
  constraints.forEach((c, k) => {
    if (c.type === "extra_region") add(`constraint ${k + 1} (extra_region)`, c.cells);
  });
  const peers = [...Array(n * n)].map(() => new Set());
  for (const { cells } of units) for (const i of cells) for (const j of cells) if (i !== j) peers[i].add(j);
  const steps = [
    ...(globals.includes("anti_knight") ? [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]] : []),
    ...(globals.includes("anti_king") ? [[1, 1], [1, -1], [-1, 1], [-1, -1]] : []),
  ];
  for (let i = 0; i < n * n; i++) {
    const [r, c] = [Math.floor(i / n), i % n];
    for (const [dr, dc] of steps) {
      if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n) peers[i].add((r + dr) * n + c + dc);
    }
  }

  const wire = { size: n };
  if (box) wire.box = box;
  if (variants.length || globals.length) wire.variants = [...variants, ...globals];
  if (jigsaw) wire.regions = regionOf.map((g) => LETTERS[g]).join("");
  if (symbols.join("") !== DEFAULT_SYMBOLS.slice(0, n)) wire.symbols = symbols.join("");
  if (killer) wire.cages = cages.map(({ sum, cells }) => ({ sum, cells: cells.map(cellName) }));
  if (constraints.length) wire.constraints = JSON.parse(JSON.stringify(rules.constraints));
  if (negative.length) wire.negative = negative;
  const constrained = constraints.length > 0 || globals.length > 0 || negative.length > 0;
  const classic = n === 9 && !jigsaw && box[0] === 3 && !variants.length && !wire.symbols && !killer && !constrained;
  const markBox = box || usualBox(n) || [Math.ceil(n / Math.ceil(Math.sqrt(n))), Math.ceil(Math.sqrt(n))];

  return {
    n,
    cells: n * n,
    box,
    jigsaw,
    variants,
    symbols,
    classic,
    regionOf,
    units,
    peers,
    diagonal,
    windowed,
    killer,
    /** The killer cages, `{sum, cells}` with cell indices, and each cell's cage number (-1: none). */
    cages,
    cageOf,
    /** The constraints (`rules.constraints`) with cell indices: what constraints.js draws. */
    constraints,
    /** The global rules beyond x and hyper (`anti_knight`...), and the negative constraints. */
    globals,
    negative,
    /** Whether any constraint, global rule or negative constraint holds (the page's address then carries `rules` whole). */
    constrained,
    /** The pencil-mark mini-grid: a box's rows x columns, so N marks sit where they read naturally. */
    markGrid: markBox,
    allMarks: ((1 << n) - 1) << 1, // bits 1..N
    /** The `rules` member of a request: null for classic, so classic requests stay as they were. */
    rules: classic ? null : wire,
    /** A label for the info line: `16x16`, `6x6 (3x2 boxes)`, `9x9 jigsaw x`. */
    label: describe(n, box, jigsaw, variants, killer, globals, constraints.length),
    key: JSON.stringify(wire),
    cellName,
    cellIndex: (name) => LETTERS.indexOf(name[0].toUpperCase()) * n + Number(name.slice(1)) - 1,
    /** A unit's cells by the service's name; a constraint named as a rule (`constraint 3 (thermo)`) gives its cells. */
    unitCells: (name) => units.find((u) => u.name === name)?.cells || constraintCells(constraints, name),
    symbol: (v) => symbols[v - 1],
    /** The value (1..N) a typed or pasted character stands for, 0 for none; lower case reads as upper. */
    valueOf(ch) {
      let k = symbols.indexOf(ch);
      if (k < 0 && ch.toUpperCase() !== ch) k = symbols.indexOf(ch.toUpperCase());
      return k + 1;
    },
  };
}

function describe(n, box, jigsaw, variants, killer, globals, constraints) {
  let text = `${n}x${n}`;
  const usual = usualBox(n);
  if (box && !(usual && usual[0] === box[0])) text += ` (${box.join("x")} boxes)`;
  if (jigsaw) text += " jigsaw";
  for (const v of variants) text += ` ${v === "x" ? "X" : v}`;
  if (killer) text += " killer";
  for (const v of globals) text += ` ${GLOBAL_WORDS[v]}`;
  if (constraints) text += ` · ${constraints} ${constraints === 1 ? "constraint" : "constraints"}`;
  return text;
}

/** The cells of the constraint a name such as `constraint 3 (thermo)` stands for (an arrow's circle too), or none. */
function constraintCells(constraints, name) {
  const match = /^constraint (\d+) \(/.exec(name);
  const k = match ? constraints[Number(match[1]) - 1] : null;
  return k ? [...(k.circle || []), ...k.cells] : [];
}

/** The global rules beyond x and hyper, in words, in the order the page names them. */
export const GLOBAL_WORDS = {
  anti_knight: "anti-knight",
  anti_king: "anti-king",
  non_consecutive: "non-consecutive",
  disjoint_groups: "disjoint groups",
};

/** The types of `rules.constraints` (docs/constraints.md) and what cells each names. */
const LINE_TYPES = ["thermo", "renban", "whisper", "palindrome"];
const CELL_TYPES = [...LINE_TYPES, "little_killer", "odd", "even", "extra_region"];
const PAIR_TYPES = ["kropki", "xv"];

/**
 * `rules.constraints` with cell indices (`{type, cells, ...}`; an arrow's `circle` too, a
 * sandwich's line as `cells`), checked only as far as drawing needs: a known type, cells on the
 * board. The service checks the rest (lines connected, sums possible) when it is asked.
 */
function constraintList(list, n) {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new RulesError("constraints: expected a list of {type, ...}");
  const cellsOf = (names, k, what = "cells") => {
    if (!Array.isArray(names) || !names.length) throw new RulesError(`constraint ${k + 1}: no ${what}`);
    return names.map((name) => {
      const i = cellIndexOf(name, n);
      if (i < 0) throw new RulesError(`constraint ${k + 1}: ${JSON.stringify(name)} is not a cell of ${n}x${n}`);
      return i;
    });
  };
  return list.map((c, k) => {
    const type = c?.type;
    if (CELL_TYPES.includes(type)) return { ...c, type, cells: cellsOf(c.cells, k) };
    if (PAIR_TYPES.includes(type)) {
      const cells = cellsOf(c.cells, k);
      if (cells.length !== 2) throw new RulesError(`constraint ${k + 1}: a ${type} joins two cells`);
      return { ...c, type, cells };
    }
    if (type === "arrow") return { ...c, type, circle: cellsOf(c.circle, k, "circle"), cells: cellsOf(c.cells, k) };
    if (type === "sandwich") {
      const r = c.row === undefined ? -1 : LETTERS.indexOf(String(c.row).toUpperCase());
      const col = c.column === undefined ? -1 : Number(c.column) - 1;
      const line = [...Array(n).keys()];
      if (r >= 0 && r < n) return { ...c, type, cells: line.map((x) => r * n + x) };
      if (Number.isInteger(col) && col >= 0 && col < n) return { ...c, type, cells: line.map((x) => x * n + col) };
      throw new RulesError(`constraint ${k + 1}: a sandwich needs a row A.. or a column 1.. of the board`);
    }
    throw new RulesError(`constraint ${k + 1}: unknown type ${JSON.stringify(type)}`);
  });
}

/**
 * The values of a puzzle in the shape's text form, read as the API reads it: symbols are values,
 * `.` (and `0` where it is no symbol) blanks, whitespace and `| - +` layout. JSON rows or a flat
 * JSON array of integers (0 or null blank) are read too. Other characters are skipped: the API has
 * already accepted what reaches this, or the caller checks the length.
 */
export function parseCells(shape, text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) return JSON.parse(trimmed).flat().map((v) => (v ? Number(v) : 0));
  const values = [];
  for (const ch of trimmed) {
    const v = shape.valueOf(ch);
    if (v) values.push(v);
    else if (ch === "." || ch === "0") values.push(0);
  }
  return values;
}

/** Values (1..N, 0 blank) in the shape's text form. */
export const cellsText = (shape, values) => values.map((v) => (v ? shape.symbol(v) : ".")).join("");

/** A mark mask (bit v for value v) as the symbols it holds, in value order. */
export function marksText(shape, mask) {
  let text = "";
  for (let v = 1; v <= shape.n; v++) if (mask & (1 << v)) text += shape.symbol(v);
  return text;
}

/** Symbols as a mark mask; characters that are no symbol are ignored. */
export const maskOf = (shape, text) => [...text].reduce((m, ch) => (shape.valueOf(ch) ? m | (1 << shape.valueOf(ch)) : m), 0);

/** Cages in the page address's short form: `sum:cell.cell.cell` per cage, `;` between cages. */
const cagesText = (cages) => cages.map(({ sum, cells }) => `${sum}:${cells.join(".")}`).join(";");

function cagesFromText(text) {
  return text.split(";").filter(Boolean).map((cage, k) => {
    const [sum, cells] = cage.split(":");
    if (cells === undefined) throw new RulesError(`cages: cage ${k + 1} is not sum:cells`);
    return { sum: Number(sum), cells: cells.split(".") };
  });
}

/**
 * The page's address for a shape: `size`, `box`, `variant`, `regions`, `symbols`, `cages` (the
 * shape parameters of `GET /random`, with the drawn regions and cages that make the board).
 */
export function shapeParams(rules) {
  const params = [];
  if (!rules) return params;
  // Constraints, global rules and negative constraints have no short form: the rules go whole.
  if (rules.constraints || rules.negative || (rules.variants || []).some((v) => v in GLOBAL_WORDS)) {
    return [["rules", JSON.stringify(rules)]];
  }
  params.push(["size", String(rules.size)]);
  if (rules.box) params.push(["box", rules.box.join("x")]);
  const variant = [...(rules.regions ? ["jigsaw"] : []), ...(rules.variants || []), ...(rules.cages ? ["killer"] : [])];
  if (variant.length) params.push(["variant", variant.join(",")]);
  if (rules.regions) params.push(["regions", rules.regions]);
  if (rules.symbols) params.push(["symbols", rules.symbols]);
  if (rules.cages) params.push(["cages", cagesText(rules.cages)]);
  return params;
}

/** Rules from an address's parameters (`URLSearchParams`), the inverse of shapeParams; null for classic. */
export function rulesFromParams(params) {
  if (params.has("rules")) {
    let rules;
    try {
      rules = JSON.parse(params.get("rules"));
    } catch {
      throw new RulesError("rules: not valid JSON");
    }
    if (!rules || typeof rules !== "object" || Array.isArray(rules)) throw new RulesError("rules: expected a JSON object");
    return rules;
  }
  if (!params.has("size") && !params.has("variant") && !params.has("regions")) return null;
  const rules = {};
  if (params.has("size")) rules.size = Number(params.get("size"));
  if (params.has("box")) {
    const box = params.get("box").split("x").map(Number);
    if (box.length !== 2 || box.some((x) => !Number.isInteger(x))) throw new RulesError(`box: ${params.get("box")} is not rows x columns`);
    rules.box = box;
  }
  const variant = (params.get("variant") || "").split(",").filter(Boolean);
  rules.variants = variant.filter((v) => v !== "jigsaw" && v !== "killer");
  if (params.has("regions")) rules.regions = params.get("regions");
  else if (variant.includes("jigsaw")) throw new RulesError("a jigsaw link needs its regions");
  if (params.has("cages")) rules.cages = cagesFromText(params.get("cages"));
  else if (variant.includes("killer")) throw new RulesError("a killer link needs its cages");
  if (params.has("symbols")) rules.symbols = params.get("symbols");
  return rules;
}
