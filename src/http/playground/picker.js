// The shape picker (Size, Boxes, Variant) and the words the page uses for a shape's symbols: which
// keys play them, and what a pasted puzzle of the shape is made of.

import { boxesOf, makeShape, SIZES } from "/playground/shape.js";

const $ = (id) => document.getElementById(id);

export function fillSizes() {
  $("size").replaceChildren(...SIZES.map((n) => new Option(`${n}x${n}`, String(n))));
  $("size").value = "9";
  fillBoxes(9);
}

/** The boxes that tile N x N, the usual one first (and chosen). */
export function fillBoxes(n) {
  const boxes = boxesOf(n).map((b) => b.join("x"));
  $("box").replaceChildren(...boxes.map((b) => new Option(b, b)));
}

/** Shows `s` in the selectors, adding an option a link or a pasted request needs (jigsaw 7x7, say). */
export function showShapeInSelectors(s) {
  const ensure = (select, value, text) => {
    if (![...select.options].some((o) => o.value === value)) select.add(new Option(text, value));
    select.value = value;
  };
  ensure($("size"), String(s.n), `${s.n}x${s.n}`);
  fillBoxes(s.n);
  if (s.box) ensure($("box"), s.box.join("x"), s.box.join("x"));
  $("box").disabled = s.jigsaw;
  // A killer stays a killer: New puzzle then makes another of the same kind.
  const variant = [...(s.killer ? ["killer"] : []), ...(s.jigsaw ? ["jigsaw"] : []), ...s.variants].join(",");
  ensure($("variant"), variant, variant.replace(/,/g, " + "));
}

/** The selectors' shape as `GET /random` parameters: none for classic 9x9. */
export function selectedParams() {
  const size = $("size").value;
  const box = $("box").value;
  const variant = $("variant").value;
  if (size === "9" && box === "3x3" && !variant) return [];
  const params = [["size", size]];
  if (!variant.includes("jigsaw")) params.push(["box", box]);
  if (variant) params.push(["variant", variant]);
  return params;
}

/** The selectors' shape where it needs no drawn regions (the answer of `/random` brings a jigsaw's). */
export function selectedShape() {
  const variants = $("variant").value.split(",").filter((v) => v && v !== "jigsaw");
  return makeShape({ size: Number($("size").value), box: $("box").value.split("x").map(Number), variants });
}

/** The runs of a shape's symbols as lists of key caps: `["1", "–", "9"]`, a short run one by one. */
function symbolRuns(s) {
  const symbols = s.symbols.join("");
  const runs = [];
  for (const re of [/[0-9]+/g, /[A-Z]+/g, /[a-z]+/g, /[^0-9A-Za-z]+/g]) {
    for (const run of symbols.match(re) || []) runs.push(run.length > 2 ? [run[0], "–", run.at(-1)] : [...run]);
  }
  return runs;
}

/** `1–9`, `1–9 and A–G`: the keys that play a symbol, in words. */
export const keysText = (s) => symbolRuns(s).map((run) => run.join(run[1] === "–" ? "" : " ")).join(" and ");

/** The same as key caps for the keys' help: <kbd>1</kbd>–<kbd>9</kbd> and <kbd>A</kbd>–<kbd>G</kbd>. */
export function keysHelp(s) {
  const kbd = (text) => {
    const el = document.createElement("kbd");
    el.textContent = text;
    return el;
  };
  const caps = (run) =>
    run[1] === "–" ? [kbd(run[0]), "–", kbd(run[2])] : run.flatMap((c, j) => [...(j ? [" "] : []), kbd(c)]);
  return symbolRuns(s).flatMap((run, k) => [...(k ? [" and "] : []), ...caps(run)]);
}

/** What a puzzle of shape `s` is typed as, for the empty Load's error and the field's placeholder. */
export function cellsHelp(s) {
  if (s.classic) return "81 cells, digits for givens, . or 0 for blanks";
  return `${s.cells} cells, ${keysText(s)} for givens, . for blanks`;
}

// ---------------------------------------------------------------- levels by shape

const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];

/**
 * The levels `GET /random` refuses on a shape (`{ n, jigsaw, killer }`), each with the service's
 * reason: the same measured rule as `out_of_reach` in crates/engine/src/general/leveled.rs (the table of
 * levels by shape in docs/shapes.md). Killers reach every level: their cages, not minimality, make them hard.
 */
export function refusedLevels({ n, jigsaw, killer }) {
  if (killer) return {};
  if (n > 4 || jigsaw) return {};
  const why = "minimal 4x4 puzzles with 2x2 boxes are solved by singles alone, so the only level they reach is easy";
  return Object.fromEntries(LEVELS.slice(1).map((l) => [l, why]));
}

/** The selectors' shape as far as levels care: its size, and whether it is a jigsaw or a killer. */
export function selectedKind() {
  const variant = $("variant").value;
  return { n: Number($("size").value), jigsaw: variant.includes("jigsaw"), killer: variant.includes("killer") };
}

/**
 * Offers on Difficulty the levels of shape `kind`: a refused level is disabled, with its reason in
 * its title and in the note under the picker. The level on show is `wanted` (the player's last
 * choice) where it is offered, else the hardest offered one below it.
 */
export function showLevels(kind, wanted) {
  const select = $("difficulty");
  const refused = refusedLevels(kind);
  for (const option of select.options) {
    option.disabled = refused[option.value] !== undefined;
    option.title = refused[option.value] || "";
  }
  const offered = LEVELS.filter((l, k) => k <= Math.max(0, LEVELS.indexOf(wanted)) && !refused[l]);
  if (offered.length) select.value = offered.at(-1);
  const reasons = [...new Set(Object.values(refused))];
  const names = Object.keys(refused);
  $("shape-note").textContent = `Not offered on ${kind.n}x${kind.n}: ${names.join(", ")}, since ${reasons.join("; ")}.`;
  $("shape-note").hidden = !names.length;
}
