// Drawing a board of any shape: N rows of N cells, thick borders wherever two neighbours lie in
// different regions (boxes and jigsaw regions alike, read from the shape, never from N), the X
// variant's diagonals and the hyper windows shaded, killer cages as dashed outlines inset from the
// cell edges with their sums in the top-left corner, pencil marks in a mini-grid of a box's rows x
// columns, and a pad of the shape's N symbols. The page (app.js) keeps the state and the events.

/** Sizes past this get the smaller type and thinner region borders of a big board. */
const CLASSIC_SIZE = 9;

/**
 * Replaces the board's cells with the shape's and returns them, row-major; `onSelect(i)` runs when a
 * cell is clicked. The grid's size and the marks' mini-grid are custom properties of the board.
 */
export function drawBoard(board, shape, onSelect) {
  const n = shape.n;
  const [markRows, markCols] = shape.markGrid;
  board.style.setProperty("--n", String(n));
  board.style.setProperty("--mark-rows", String(markRows));
  board.style.setProperty("--mark-cols", String(markCols));
  board.classList.toggle("big", n > CLASSIC_SIZE);
  board.classList.toggle("huge", n > 16);
  board.classList.toggle("killer", shape.killer);
  board.dataset.shape = shape.label;
  const cells = [];
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.className = "board-row";
    row.setAttribute("role", "row");
    for (let c = 0; c < n; c++) {
      const cell = drawCell(shape, r * n + c);
      cell.addEventListener("click", () => onSelect(r * n + c));
      row.append(cell);
      cells.push(cell);
    }
    rows.push(row);
  }
  board.replaceChildren(...rows);
  return cells;
}

function drawCell(shape, i) {
  const n = shape.n;
  const [r, c] = [Math.floor(i / n), i % n];
  const cell = document.createElement("div");
  cell.className = "cell";
  const region = shape.regionOf;
  const edges = {
    "edge-right": c < n - 1 && region[i] !== region[i + 1],
    "edge-bottom": r < n - 1 && region[i] !== region[i + n],
    "last-col": c === n - 1,
    "last-row": r === n - 1,
    "shade-diagonal": shape.diagonal.has(i),
    "shade-window": shape.windowed.has(i),
  };
  for (const [name, on] of Object.entries(edges)) if (on) cell.classList.add(name);
  cell.setAttribute("role", "gridcell");
  cell.setAttribute("aria-label", shape.cellName(i));
  cell.dataset.square = shape.cellName(i);
  cell.tabIndex = -1;
  const digit = document.createElement("span");
  digit.className = "digit";
  const marks = document.createElement("span");
  marks.className = "marks";
  marks.setAttribute("aria-hidden", "true");
  for (let v = 1; v <= n; v++) {
    const mark = document.createElement("span");
    mark.dataset.mark = shape.symbol(v);
    marks.append(mark);
  }
  cell.append(digit, marks);
  if (shape.cageOf[i] >= 0) cell.append(...drawCage(shape, i));
  return cell;
}

/**
 * The part of a killer cage's outline that lies in cell i: a dashed line inset from each side whose
 * neighbour is in another cage (or off the board), a short corner piece where the outline turns
 * inwards (both neighbours in the cage, the diagonal one not), and the cage's sum in the top-left
 * corner of its first cell in reading order.
 */
function drawCage(shape, i) {
  const n = shape.n;
  const [r, c] = [Math.floor(i / n), i % n];
  const cage = shape.cageOf[i];
  const inCage = (dr, dc) => {
    const [rr, cc] = [r + dr, c + dc];
    return rr >= 0 && rr < n && cc >= 0 && cc < n && shape.cageOf[rr * n + cc] === cage;
  };
  const outline = document.createElement("span");
  outline.className = "cage";
  outline.setAttribute("aria-hidden", "true");
  const sides = { top: [-1, 0], right: [0, 1], bottom: [1, 0], left: [0, -1] };
  for (const [side, [dr, dc]] of Object.entries(sides)) if (!inCage(dr, dc)) outline.classList.add(`cage-${side}`);
  const corners = { tl: [-1, -1], tr: [-1, 1], bl: [1, -1], br: [1, 1] };
  const parts = [outline];
  for (const [corner, [dr, dc]] of Object.entries(corners)) {
    if (inCage(dr, 0) && inCage(0, dc) && !inCage(dr, dc)) {
      const piece = document.createElement("span");
      piece.className = `cage-corner cage-corner-${corner}`;
      piece.setAttribute("aria-hidden", "true");
      parts.push(piece);
    }
  }
  const { sum, cells } = shape.cages[cage];
  if (Math.min(...cells) === i) {
    const label = document.createElement("span");
    label.className = "cage-sum";
    label.textContent = String(sum);
    parts.push(label);
  }
  return parts;
}

/**
 * Puts the shape's N symbol keys in the pad before its Erase key; `onPlay(v)` runs when the key of
 * value v is pressed. Up to 9 keys stand in one row beside Erase and Pencil (the classic pad); more
 * wrap into rows of at most 9, Erase and Pencil on a row of their own.
 */
export function drawPad(pad, shape, onPlay) {
  const n = shape.n;
  for (const old of pad.querySelectorAll("[data-digit]")) old.remove();
  const erase = pad.querySelector("#erase");
  for (let v = 1; v <= n; v++) {
    const key = document.createElement("button");
    key.type = "button";
    key.className = "key";
    key.dataset.digit = String(v);
    key.textContent = shape.symbol(v);
    key.addEventListener("click", () => onPlay(v));
    pad.insertBefore(key, erase);
  }
  const columns = n <= CLASSIC_SIZE ? n : Math.ceil(n / Math.ceil(n / CLASSIC_SIZE));
  pad.style.setProperty("--pad-keys", String(columns));
  pad.style.setProperty("--pad-half", String(Math.max(1, Math.floor(columns / 2))));
  pad.classList.toggle("rows", n > CLASSIC_SIZE);
}
