// Drawing a board's constraints (issue 33) as SudokuPad draws them, and as the service's own
// drawing does (crates/render/src/marks/): the same figures, sizes and colours, in SVG over the
// board's cells, in cell units (a cell is 1 x 1), so they scale with the board.
//
// Two layers: `under` (extra regions, odd circles and even squares, renban, whisper and palindrome
// lines, thermometers, arrows) is blended into the cells (multiply in light mode, screen in dark),
// so it lies under the digits and the highlights show through it; `over` (kropki dots, X and V on
// the cell edges, sandwich and little-killer clues outside the grid) is drawn plainly on top. The
// outside clues get a band on their side of the board only when there are any. Global rules with
// no figure (anti-knight, negative kropki...) are words for a line beside the board (rulesLine).

import { GLOBAL_WORDS } from "/playground/shape.js";

const SVG = "http://www.w3.org/2000/svg";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY";

/** The depth of a band of outside clues, as a share of a cell (marks.rs BAND). */
export const BAND = 0.8;

function el(name, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

const round = (x) => Math.round(x * 1000) / 1000;
const points = (list) => list.map(([x, y]) => `${round(x)},${round(y)}`).join(" ");

/**
 * The outside clues: for each sandwich and little killer, its virtual cell outside the grid (row or
 * column -1 or N) and, for a little killer, the diagonal's direction.
 */
function outside(shape) {
  const n = shape.n;
  const rc = (i) => [Math.floor(i / n), i % n];
  const inside = ([r, c]) => r >= 0 && r < n && c >= 0 && c < n;
  const out = [];
  shape.constraints.forEach((k) => {
    if (k.type === "sandwich") {
      const [r, c] = rc(k.cells[0]);
      const row = rc(k.cells[1])[0] === r;
      out.push({ at: row ? [r, -1] : [-1, c], arrow: null, sum: k.sum, type: k.type });
    } else if (k.type === "little_killer") {
      const [r, c] = rc(k.cells[0]);
      let dir;
      if (k.cells.length > 1) {
        const [r1, c1] = rc(k.cells[1]);
        dir = [r1 - r, c1 - c];
      } else {
        dir = [2 * r < n ? 1 : -1, 2 * c < n ? 1 : -1]; // away from the nearer sides
      }
      let at = [r - dir[0], c - dir[1]];
      while (inside(at)) at = [at[0] - dir[0], at[1] - dir[1]];
      out.push({ at, arrow: dir, sum: k.sum, type: k.type });
    }
  });
  return out;
}

/** Which sides carry outside clues: `{top, right, bottom, left}`, each true or false. */
export function bandsOf(shape) {
  const n = shape.n;
  const bands = { top: false, right: false, bottom: false, left: false };
  for (const { at: [r, c] } of outside(shape)) {
    if (r < 0) bands.top = true;
    if (r >= n) bands.bottom = true;
    if (c < 0) bands.left = true;
    if (c >= n) bands.right = true;
  }
  return bands;
}

/**
 * Draws `shape`'s constraints on `board` (the element of drawBoard, whose cells it lies over),
 * replacing any drawn before; a shape without constraints gets nothing, and no band.
 */
export function drawConstraints(board, shape) {
  for (const old of board.querySelectorAll(".constraints")) old.remove();
  const bands = bandsOf(shape);
  for (const [side, on] of Object.entries(bands)) board.style.setProperty(`--band-${side}`, on ? "1" : "0");
  board.classList.toggle("banded", Object.values(bands).some(Boolean));
  if (!shape.constraints.length) return;
  const n = shape.n;
  const under = el("svg", { class: "constraints constraints-under", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true", focusable: "false" });
  drawUnder(shape, under);
  // The top layer spans the bands too: its box is the board's cells and the bands (style.css).
  const [x0, y0] = [bands.left ? -BAND : 0, bands.top ? -BAND : 0];
  const [x1, y1] = [n + (bands.right ? BAND : 0), n + (bands.bottom ? BAND : 0)];
  const over = el("svg", {
    class: "constraints constraints-over",
    viewBox: `${x0} ${y0} ${x1 - x0} ${y1 - y0}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  // Placed in shares of the cells' box (the board's padding box), so it spans the bands exactly.
  const share = (x) => `${round((x * 100) / n)}%`;
  over.style.left = share(x0);
  over.style.top = share(y0);
  over.style.width = share(x1 - x0);
  over.style.height = share(y1 - y0);
  drawOver(shape, over);
  if (under.childElementCount) board.append(under);
  if (over.childElementCount) board.append(over);
}

function centreOf(shape, i) {
  return [(i % shape.n) + 0.5, Math.floor(i / shape.n) + 0.5];
}

function drawUnder(shape, svg) {
  const centre = (i) => centreOf(shape, i);
  const all = shape.constraints;
  all.forEach((k, index) => {
    if (k.type !== "extra_region") return;
    for (const i of k.cells) {
      svg.append(el("rect", { class: "c-region", x: i % shape.n, y: Math.floor(i / shape.n), width: 1, height: 1, "data-constraint": index }));
    }
  });
  all.forEach((k, index) => {
    if (k.type !== "odd" && k.type !== "even") return;
    for (const i of k.cells) {
      const [x, y] = centre(i);
      const half = 0.36;
      svg.append(
        k.type === "odd"
          ? el("circle", { class: "c-odd", cx: x, cy: y, r: 0.38, "data-constraint": index })
          : el("rect", { class: "c-even", x: x - half, y: y - half, width: 2 * half, height: 2 * half, "data-constraint": index }),
      );
    }
  });
  all.forEach((k, index) => {
    if (!["renban", "whisper", "palindrome"].includes(k.type)) return;
    svg.append(el("polyline", { class: `c-line c-${k.type}`, points: points(k.cells.map(centre)), "data-constraint": index }));
  });
  all.forEach((k, index) => {
    if (k.type !== "thermo") return;
    const [bx, by] = centre(k.cells[0]);
    svg.append(
      el(
        "g",
        { class: "c-thermo", "data-constraint": index },
        el("polyline", { class: "c-thermo-line", points: points(k.cells.map(centre)) }),
        el("circle", { class: "c-thermo-bulb", cx: bx, cy: by, r: 0.4 }),
      ),
    );
  });
  all.forEach((k, index) => {
    if (k.type === "arrow") svg.append(arrow(shape, k, index));
  });
}

/**
 * An arrow: its circle (a pill over two cells), a line from the circle's edge through the cells'
 * centres, and an open head at the last cell. The line starts at the edge, not the centre: the
 * blended layer cannot paint the circle's inside white over it.
 */
function arrow(shape, k, index) {
  const centre = (i) => centreOf(shape, i);
  const radius = 0.4;
  const first = centre(k.cells[0]);
  const distance = ([x, y]) => (x - first[0]) ** 2 + (y - first[1]) ** 2;
  const start = k.circle.map(centre).reduce((a, b) => (distance(b) < distance(a) ? b : a));
  const [dx, dy] = [first[0] - start[0], first[1] - start[1]];
  const length = Math.hypot(dx, dy) || 1;
  const line = [[start[0] + (dx / length) * radius, start[1] + (dy / length) * radius], ...k.cells.map(centre)];
  const end = line[line.length - 1];
  const before = line[line.length - 2];
  const [ex, ey] = [end[0] - before[0], end[1] - before[1]];
  const el2 = Math.hypot(ex, ey) || 1;
  const [ux, uy] = [ex / el2, ey / el2];
  const arm = 0.24 * Math.SQRT1_2;
  const head = [
    [end[0] - arm * (ux - uy), end[1] - arm * (uy + ux)],
    end,
    [end[0] - arm * (ux + uy), end[1] - arm * (uy - ux)],
  ];
  const centres = k.circle.map(centre);
  const xs = centres.map(([x]) => x);
  const ys = centres.map(([, y]) => y);
  const circle =
    centres.length === 1
      ? el("circle", { class: "c-arrow-circle", cx: centres[0][0], cy: centres[0][1], r: radius })
      : el("rect", {
          class: "c-arrow-circle",
          x: Math.min(...xs) - radius,
          y: Math.min(...ys) - radius,
          width: Math.max(...xs) - Math.min(...xs) + 2 * radius,
          height: Math.max(...ys) - Math.min(...ys) + 2 * radius,
          rx: radius,
        });
  return el(
    "g",
    { class: "c-arrow", "data-constraint": index },
    circle,
    el("polyline", { class: "c-arrow-line", points: points(line) }),
    el("polyline", { class: "c-arrow-head", points: points(head) }),
  );
}

function drawOver(shape, svg) {
  const centre = (i) => centreOf(shape, i);
  const midpoint = ([a, b]) => {
    const [[xa, ya], [xb, yb]] = [centre(a), centre(b)];
    return [(xa + xb) / 2, (ya + yb) / 2];
  };
  shape.constraints.forEach((k, index) => {
    if (k.type === "kropki") {
      const [x, y] = midpoint(k.cells);
      const colour = k.color === "black" ? "black" : "white";
      svg.append(el("circle", { class: `c-kropki c-${colour}`, cx: x, cy: y, r: 0.13, "data-constraint": index }));
    } else if (k.type === "xv") {
      const [x, y] = midpoint(k.cells);
      const letter = String(k.value).toUpperCase() === "X" ? "X" : "V";
      svg.append(
        el(
          "g",
          { class: "c-xv", "data-constraint": index },
          el("circle", { class: "c-xv-patch", cx: x, cy: y, r: 0.2 }),
          el("text", { x, y, "font-size": 0.4 }, letter),
        ),
      );
    }
  });
  const n = shape.n;
  const along = (i) => (i < 0 ? -BAND / 2 : i >= n ? n + BAND / 2 : i + 0.5);
  for (const clue of outside(shape)) {
    const [cx, cy] = [along(clue.at[1]), along(clue.at[0])];
    if (!clue.arrow) {
      svg.append(el("text", { class: "c-outside c-sandwich", x: cx, y: cy, "font-size": 0.42 }, String(clue.sum)));
      continue;
    }
    const [uy, ux] = clue.arrow;
    const shift = 0.14;
    const [from, to, arm] = [0.16, 0.38, 0.1];
    const tip = [cx + ux * to, cy + uy * to];
    svg.append(
      el(
        "g",
        { class: "c-outside c-little-killer" },
        el("text", { x: round(cx - ux * shift), y: round(cy - uy * shift), "font-size": 0.32 }, String(clue.sum)),
        el("polyline", { points: points([[cx + ux * from, cy + uy * from], tip]) }),
        el("polyline", { points: points([[tip[0] - ux * arm, tip[1]], tip, [tip[0], tip[1] - uy * arm]]) }),
      ),
    );
  }
}

/**
 * The rules the drawing cannot show, in words (`anti-knight · negative kropki`), "" for none: the
 * global rules beyond x and hyper, the negative constraints, and whispers whose difference is not
 * the usual one (as marks.rs's rules line names them).
 */
export function rulesLine(shape) {
  const parts = shape.globals.map((v) => GLOBAL_WORDS[v]);
  for (const v of shape.negative) parts.push(`negative ${v}`);
  const usual = Math.ceil(shape.n / 2);
  const differences = [
    ...new Set(shape.constraints.filter((k) => k.type === "whisper" && k.difference !== undefined && Number(k.difference) !== usual).map((k) => Number(k.difference))),
  ].sort((a, b) => a - b);
  for (const d of differences) parts.push(`whispers differ by ${d} or more`);
  return parts.join(" · ");
}

/** What each cell is part of, in words for its description (`thermometer bulb`, `white dot with B3`), per cell. */
export function cellNotes(shape) {
  const n = shape.n;
  const notes = [...Array(n * n)].map(() => []);
  const name = (i) => shape.cellName(i);
  const words = {
    renban: "on a renban line",
    whisper: "on a whisper line",
    palindrome: "on a palindrome line",
    odd: "odd",
    even: "even",
    extra_region: "in an extra region",
  };
  for (const k of shape.constraints) {
    if (k.type in words) for (const i of k.cells) notes[i].push(words[k.type]);
    else if (k.type === "thermo") k.cells.forEach((i, j) => notes[i].push(j ? `thermometer cell ${j + 1} from the bulb` : "thermometer bulb"));
    else if (k.type === "arrow") {
      for (const i of k.circle) notes[i].push(k.circle.length > 1 ? "arrow pill" : "arrow circle");
      for (const i of k.cells) notes[i].push("on an arrow");
    } else if (k.type === "kropki" || k.type === "xv") {
      const what = k.type === "kropki" ? `${k.color === "black" ? "black" : "white"} dot` : String(k.value).toUpperCase();
      const [a, b] = k.cells;
      notes[a].push(`${what} with ${name(b)}`);
      notes[b].push(`${what} with ${name(a)}`);
    } else if (k.type === "sandwich") {
      const row = Math.floor(k.cells[0] / n) === Math.floor(k.cells[1] / n);
      const line = row ? `row ${LETTERS[Math.floor(k.cells[0] / n)]}` : `column ${(k.cells[0] % n) + 1}`;
      notes[k.cells[0]].push(`${line} sandwich sum ${k.sum}`);
    } else if (k.type === "little_killer") {
      for (const i of k.cells) notes[i].push(`on a little killer diagonal summing to ${k.sum}`);
    }
  }
  return notes.map((list) => list.join(", "));
}
