// The playground on shapes other than classic 9x9 (issue 13): a 6x6, a 16x16 and a jigsaw game played
// in a real browser against a live `sudoku serve`, the board drawn from the shape's rules (region
// borders, shaded diagonals and windows, N symbols on the pad), and a link that restores the shape.
// Run by scripts/browser-test.sh.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import { cellsText, makeShape } from "../../src/http/playground/shape.js";
import { api, boardText, cell, launch, loadPuzzle, newPuzzle, openPlayground } from "./browser.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY";

let browser;

before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 1000 } });
});

after(async () => {
  await browser?.close();
});

/** Chooses a shape in the selectors (each change asks for a new puzzle) and waits for its board. */
async function chooseShape(page, { size, box, variant }) {
  // Settled when the new puzzle is on the board and graded (another shape's is graded after it comes).
  const settle = () =>
    page.waitForFunction(
      () => !document.getElementById("new").hasAttribute("aria-busy") && !document.getElementById("seed").hasAttribute("aria-busy"),
      null,
      { timeout: 60000 },
    );
  if (size !== undefined) {
    await page.getByLabel("Size").selectOption(String(size));
    await settle();
  }
  if (box !== undefined) {
    await page.getByLabel("Boxes").selectOption(box);
    await settle();
  }
  if (variant !== undefined) {
    await page.getByLabel("Variant").selectOption(variant);
    await settle();
  }
  assert.equal(await page.locator("#new-error").textContent(), "");
}

/**
 * The game on show as the page has it: its puzzle (read off the board), its rules (read from the
 * address, which a link restores the shape from) and the solution the service gives for both.
 * (The generator's seed is not asked again: a big shape's search for a minimal puzzle has a time
 * budget, so the same seed may give another puzzle on a loaded machine.)
 */
async function generated(page) {
  const puzzle = await boardText(page);
  const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
  assert.equal(hash.get("puzzle"), puzzle);
  const rules = { size: Number(hash.get("size")) };
  if (hash.has("box")) rules.box = hash.get("box").split("x").map(Number);
  const variants = (hash.get("variant") || "").split(",").filter((v) => v && v !== "jigsaw");
  if (variants.length) rules.variants = variants;
  if (hash.has("regions")) rules.regions = hash.get("regions");
  const solved = await api("POST", "/solve", { puzzle, rules });
  assert.equal(solved.body.status, "unique", JSON.stringify(solved.body));
  const seed = Number((await page.locator("#seed").textContent()).match(/seed (\d+)/)[1]);
  return { puzzle, rules, seed, solution: solved.body.solution };
}

const nameOf = (n, i) => LETTERS[Math.floor(i / n)] + String((i % n) + 1);

/** A blank square of `puzzle` and a symbol that is not its solution's (it may clash; Check flags it anyway). */
function wrongMove(puzzle, solution, symbols) {
  const n = symbols.length;
  const i = [...puzzle].findIndex((ch) => ch === ".");
  const wrong = [...symbols].find((s) => s !== solution[i]);
  return { index: i, square: nameOf(n, i), symbol: wrong };
}

/** Region numbers of the rules as the page should draw them: by box, or by jigsaw label. */
function regionsOf(rules) {
  const n = rules.size;
  if (rules.regions) {
    const labels = typeof rules.regions === "string" ? [...rules.regions.replace(/\s/g, "")] : rules.regions;
    return labels.map(String);
  }
  const [r, c] = rules.box;
  return [...Array(n * n).keys()].map((i) => String(Math.floor(Math.floor(i / n) / r) * (n / c) + Math.floor((i % n) / c)));
}

/** Every cell's thick right and bottom borders match the rules' regions, and nothing else is thick. */
async function assertRegionBorders(page, rules) {
  const n = rules.size;
  const regions = regionsOf(rules);
  const drawn = await page.$$eval("[role=gridcell]", (cells) =>
    cells.map((c) => {
      const style = getComputedStyle(c);
      return [c.classList.contains("edge-right"), c.classList.contains("edge-bottom"), style.borderRightWidth, style.borderBottomWidth];
    }),
  );
  assert.equal(drawn.length, n * n);
  drawn.forEach(([right, bottom], i) => {
    const [r, c] = [Math.floor(i / n), i % n];
    assert.equal(right, c < n - 1 && regions[i] !== regions[i + 1], `${nameOf(n, i)} right`);
    assert.equal(bottom, r < n - 1 && regions[i] !== regions[i + n], `${nameOf(n, i)} bottom`);
  });
  // A thick line is drawn thicker than a thin one.
  const widths = (thick) =>
    drawn.flatMap(([right, bottom, rightWidth, bottomWidth], i) => [
      ...(i % n < n - 1 && right === thick ? [parseFloat(rightWidth)] : []),
      ...(i < n * (n - 1) && bottom === thick ? [parseFloat(bottomWidth)] : []),
    ]);
  assert.ok(Math.min(...widths(true)) > Math.max(...widths(false)), `${widths(true)} vs ${widths(false)}`);
}

/** Types a wrong symbol, presses Check and sees only that square flagged; then Solve fills a valid solution. */
async function playCheckSolve(page, answer) {
  const symbols = answer.rules.symbols || "123456789ABCDEFGHIJKLMNOP".slice(0, answer.rules.size);
  const move = wrongMove(answer.puzzle, answer.solution, symbols);
  const target = cell(page, move.square);
  await target.click();
  await page.keyboard.press(move.symbol.toLowerCase());
  assert.equal(await target.locator(".digit").textContent(), move.symbol);
  await page.getByRole("button", { name: "Check" }).click();
  await page.locator("#message").filter({ hasText: `1 wrong: ${move.square}` }).waitFor();
  const flagged = await page.$$eval(`[role=gridcell][aria-invalid="true"]`, (cells) => cells.map((c) => c.getAttribute("aria-label")));
  assert.deepEqual(flagged, [move.square]);
  // The right symbol, typed in its place, is right.
  await target.click();
  await page.keyboard.press(answer.solution[move.index]);
  await page.getByRole("button", { name: "Check" }).click();
  await page.locator("#message").filter({ hasText: "All 1 of your digits are right." }).waitFor();

  await page.getByRole("button", { name: "Solve" }).click();
  await page.locator("#message").filter({ hasText: /^unique/ }).waitFor();
  const board = await boardText(page);
  assert.equal(board, answer.solution);
  const verdict = await api("POST", "/validate", { puzzle: board, rules: answer.rules });
  assert.equal(verdict.status, 200, JSON.stringify(verdict.body));
  assert.equal(verdict.body.valid && verdict.body.complete, true, JSON.stringify(verdict.body));
  [...answer.puzzle].forEach((ch, i) => {
    if (ch !== ".") assert.equal(board[i], ch, `given ${nameOf(answer.rules.size, i)} kept`);
  });
}

/** The squares of a unit the service names (`row B`, `column 3`, `box 2`, `region 4`), worked out from the rules. */
function unitOracle(rules, name) {
  const n = rules.size;
  const [kind, label] = name.split(" ");
  const regions = regionsOf(rules);
  const firstSeen = [...new Set(regions)];
  const hit = (i) =>
    (kind === "row" && LETTERS[Math.floor(i / n)] === label) ||
    (kind === "column" && (i % n) + 1 === Number(label)) ||
    ((kind === "box" || kind === "region") && firstSeen.indexOf(regions[i]) + 1 === Number(label));
  return [...Array(n * n).keys()].filter(hit).map((i) => nameOf(n, i));
}

/** Hint shows the service's next step with its squares and units lit; Apply plays it. */
async function hintAndApply(page, answer) {
  await page.getByRole("button", { name: "Hint" }).click();
  await page.locator("#hint-panel").waitFor();
  const step = (await api("POST", "/hint", { puzzle: answer.puzzle, progress: answer.puzzle, rules: answer.rules })).body.step;
  assert.equal(await page.locator("#hint-text").textContent(), step.explanation);
  const lit = (name) => page.$$eval(`[role=gridcell].${name}`, (cells) => cells.map((c) => c.getAttribute("aria-label")).sort());
  assert.deepEqual(await lit("pattern-square"), [...step.pattern.squares].sort());
  const units = step.pattern.units.filter((u) => /^(row|column|box|region) /.test(u));
  assert.ok(units.length, JSON.stringify(step.pattern.units));
  const unitSquares = new Set(units.flatMap((u) => unitOracle(answer.rules, u)));
  const litUnits = new Set(await lit("pattern-unit"));
  for (const square of unitSquares) assert.ok(litUnits.has(square), `${square} of ${units}`);
  await page.getByRole("button", { name: "Apply hint" }).click();
  const symbols = answer.rules.symbols || "123456789ABCDEFGHIJKLMNOP";
  for (const { square, digit } of step.placements) {
    assert.equal(await cell(page, square).locator(".digit").textContent(), symbols[digit - 1]);
  }
  // Undo what the hint played, so the game goes on from the puzzle as generated.
  await page.getByRole("button", { name: "Clear" }).click();
}

test("a 6x6 game at a level: 36 cells in 2x3 boxes, six keys on the pad, a wrong digit checked, Solve fills a valid solution", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await chooseShape(page, { size: 6 });
  // /random makes levels on every shape: Difficulty is on, every level offered, and a hard 6x6
  // comes with its level, which /grade agrees with.
  assert.equal(await page.getByLabel("Difficulty").isDisabled(), false);
  assert.equal(await page.locator("#shape-note").isVisible(), false);
  assert.deepEqual(await page.$$eval("#difficulty option:disabled", (o) => o.length), 0);
  await newPuzzle(page, "hard");
  assert.equal(await page.locator("#new-error").textContent(), "");
  const answer = await generated(page);
  const grade = (await api("POST", "/grade", { puzzle: answer.puzzle, rules: answer.rules })).body;
  assert.equal(grade.difficulty, "hard");
  assert.equal(await page.locator("#seed").textContent(), `hard · seed ${answer.seed} · score ${grade.score}`);
  assert.deepEqual({ size: answer.rules.size, box: answer.rules.box }, { size: 6, box: [2, 3] });
  assert.equal(await boardText(page), answer.puzzle);
  const names = await page.$$eval("[role=gridcell]", (cells) => cells.map((c) => c.getAttribute("aria-label")));
  assert.deepEqual(names, [...Array(36).keys()].map((i) => nameOf(6, i)));
  await assertRegionBorders(page, answer.rules);
  assert.deepEqual(await page.locator("#pad [data-digit]").allTextContents(), ["1", "2", "3", "4", "5", "6"]);
  assert.match(page.url(), /[#&]size=6&box=2x3(&|$)/);
  await hintAndApply(page, answer);
  await playCheckSolve(page, answer);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a 16x16 game: letters typed and on the pad, marks in a 4x4 mini-grid, Solve fills a valid solution, a link restores it", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await chooseShape(page, { size: 16 });
  const answer = await generated(page);
  assert.equal(answer.rules.size, 16);
  assert.equal(await boardText(page), answer.puzzle);
  await assertRegionBorders(page, { ...answer.rules, box: answer.rules.box || [4, 4] });
  assert.deepEqual(await page.locator("#pad [data-digit]").allTextContents(), [..."123456789ABCDEFG"]);

  // The pad plays a letter; Shift+letter pencils it in its place of the 4x4 mini-grid.
  const blank = [...answer.puzzle].findIndex((ch) => ch === ".");
  const square = nameOf(16, blank);
  await cell(page, square).click();
  await page.locator("#pad [data-digit='16']").click();
  assert.equal(await cell(page, square).locator(".digit").textContent(), "G");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Shift+KeyA");
  await page.keyboard.press("Shift+KeyG");
  const marks = await cell(page, square).locator(".marks span").allTextContents();
  assert.equal(marks.length, 16);
  assert.deepEqual(marks.map((m, k) => (m ? k : -1)).filter((k) => k >= 0), [9, 15]);
  const grid = await cell(page, square).locator(".marks").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  assert.equal(grid, 4);
  const url = page.url();
  assert.match(url, /[#&]size=16/);

  // A link restores the shape, the board and the marks.
  const { page: other } = await openPlayground(browser.context, url.slice(url.indexOf("/", 8)));
  assert.equal(await other.locator("[role=gridcell]").count(), 256);
  assert.equal(await boardText(other), answer.puzzle);
  assert.equal((await cell(other, square).locator(".marks").textContent()).trim(), "AG");
  assert.equal(await other.getByLabel("Size").inputValue(), "16");
  await other.close();

  await cell(page, square).click();
  await page.keyboard.press("Backspace");
  await playCheckSolve(page, answer);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a jigsaw game: borders follow the drawn regions, Solve fills a valid solution, a link restores the regions", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await chooseShape(page, { variant: "jigsaw" });
  const answer = await generated(page);
  assert.ok(answer.rules.regions, JSON.stringify(answer.rules));
  assert.equal(await boardText(page), answer.puzzle);
  await assertRegionBorders(page, answer.rules);
  // Jigsaw regions are not boxes: some thick line is off the 3x3 box lines.
  const boxes = regionsOf({ size: 9, box: [3, 3] });
  const regions = regionsOf(answer.rules);
  assert.ok(regions.some((g, i) => i % 9 < 8 && (g !== regions[i + 1]) !== (boxes[i] !== boxes[i + 1])));
  assert.equal(await page.getByLabel("Boxes").isDisabled(), true);
  const url = page.url();
  assert.match(url, /[#&]variant=jigsaw&regions=/);

  const { page: other } = await openPlayground(browser.context, url.slice(url.indexOf("/", 8)));
  assert.equal(await boardText(other), answer.puzzle);
  await assertRegionBorders(other, answer.rules);
  assert.equal(await other.getByLabel("Variant").inputValue(), "jigsaw");
  await other.close();

  await hintAndApply(page, answer);
  await playCheckSolve(page, answer);
  assert.deepEqual(problems, []);
  await page.close();
});

test("X shades both diagonals and hyper its windows, from a link alone", async () => {
  const { puzzle } = (await api("GET", "/random?size=9&variant=x,hyper&seed=1")).body;
  const { page, problems } = await openPlayground(browser.context, `/#puzzle=${puzzle}&size=9&box=3x3&variant=x,hyper`);
  const shaded = (name) =>
    page.$$eval(`[role=gridcell].${name}`, (cells) => cells.map((c) => c.getAttribute("aria-label")).sort());
  const diagonal = [...Array(9).keys()].flatMap((k) => [nameOf(9, k * 9 + k), nameOf(9, k * 9 + 8 - k)]);
  assert.deepEqual(await shaded("shade-diagonal"), [...new Set(diagonal)].sort());
  const windows = [];
  for (const top of [1, 5]) for (const left of [1, 5]) for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) windows.push(nameOf(9, (top + r) * 9 + left + c));
  assert.deepEqual(await shaded("shade-window"), windows.sort());
  // The shading shows: a window's cell is not the colour of a plain one.
  const colour = (square) => cell(page, square).evaluate((el) => getComputedStyle(el, "::before").backgroundColor);
  assert.notEqual(await colour("B2"), await colour("A2"));
  assert.equal(await page.getByLabel("Variant").inputValue(), "x,hyper");
  assert.deepEqual(problems, []);
  await page.close();
});

test("4x4 offers easy alone, saying why, and back on 9x9 the level chosen before is asked for again; the address names no shape", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await page.getByLabel("Difficulty").selectOption("medium");
  await chooseShape(page, { size: 4 });
  assert.equal(await page.locator("[role=gridcell]").count(), 16);
  // The levels /random refuses on a 4x4 with boxes are disabled, the note saying why; easy is asked.
  assert.equal(await page.getByLabel("Difficulty").isDisabled(), false);
  assert.deepEqual(await page.$$eval("#difficulty option:disabled", (o) => o.map((x) => x.value)), ["medium", "hard", "expert", "extreme"]);
  assert.equal(await page.getByLabel("Difficulty").inputValue(), "easy");
  assert.match(await page.locator("#shape-note").textContent(), /^Not offered on 4x4: medium, hard, expert, extreme, since .*singles alone/);
  assert.equal(await page.locator("#shape-note").isVisible(), true);
  assert.match(await page.locator("#seed").textContent(), /^easy · seed \d+/);
  const refused = await api("GET", "/random?size=4&difficulty=medium");
  assert.equal(refused.status, 422);
  assert.match(refused.body.detail, /singles alone/);
  await chooseShape(page, { size: 9 });
  assert.equal(await page.locator("[role=gridcell]").count(), 81);
  await assertRegionBorders(page, { size: 9, box: [3, 3] });
  // The level asked for before the detour is asked for again: a grade on the way did not move it.
  assert.equal(await page.getByLabel("Difficulty").isDisabled(), false);
  assert.equal(await page.getByLabel("Difficulty").inputValue(), "medium");
  assert.equal(await page.locator("#shape-note").isVisible(), false);
  assert.doesNotMatch(page.url(), /size=|variant=/);
  assert.match(await page.locator("#seed").textContent(), /^medium · seed \d+/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the page names every unit as the service does, so a hint's `window 2` or `region 4` lights the right squares", async () => {
  // The page's shape model (shape.js) is what it highlights a hint's units with; /validate names the
  // unit of each clash. Two equal symbols at the ends of each of the page's units must clash in a unit
  // of that very name, on every kind of unit: rows, columns, boxes, regions, diagonals, windows.
  const jigsaw = (await api("GET", "/random?size=8&variant=jigsaw,x&seed=8")).body.rules;
  for (const rules of [{ size: 9, variants: ["x", "hyper"] }, { size: 16, variants: ["hyper"] }, { size: 6, box: [3, 2], variants: ["hyper"] }, jigsaw]) {
    const shape = makeShape(rules);
    for (const unit of shape.units) {
      const values = new Array(shape.cells).fill(0);
      const [first, last] = [unit.cells[0], unit.cells.at(-1)];
      values[first] = 1;
      values[last] = 1;
      const answer = await api("POST", "/validate", { puzzle: cellsText(shape, values), rules });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const clash = answer.body.conflicts.find((c) => c.unit === unit.name);
      assert.ok(clash, `${shape.label}: ${unit.name} (${shape.cellName(first)}, ${shape.cellName(last)}) ${JSON.stringify(answer.body.conflicts)}`);
      assert.deepEqual(clash.squares, [shape.cellName(first), shape.cellName(last)]);
    }
  }
});

test("a pasted request body loads on its own shape, and a refused one shows the service's detail", async () => {
  const { page, problems } = await openPlayground(browser.context);
  const { puzzle, rules } = (await api("GET", "/random?size=4&variant=jigsaw&seed=4")).body;
  await loadPuzzle(page, JSON.stringify({ puzzle, rules }));
  assert.equal(await page.locator("[role=gridcell]").count(), 16);
  assert.equal(await boardText(page), puzzle);
  await assertRegionBorders(page, rules);
  assert.equal(await page.getByLabel("Size").inputValue(), "4");
  assert.equal(await page.getByLabel("Variant").inputValue(), "jigsaw");
  await page.locator("#seed").filter({ hasText: /^graded \w+ · score \d+$/ }).waitFor();
  assert.deepEqual(problems, []);

  const bad = { puzzle: puzzle.slice(1), rules };
  const refused = await api("POST", "/validate", bad);
  assert.equal(refused.status, 422);
  await loadPuzzle(page, JSON.stringify(bad));
  await page.locator("#load-error").filter({ hasText: refused.body.detail }).waitFor();
  assert.equal(await boardText(page), puzzle);
  await page.close();
});

/** Cages from the address's short form, `sum:A1.B1;sum:...`, as the page writes them. */
const cagesFromHash = (text) =>
  text.split(";").map((cage) => {
    const [sum, cells] = cage.split(":");
    return { sum: Number(sum), cells: cells.split(".") };
  });

test("a killer game: cages outlined with their sums, a hint, then played to the end by keyboard", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await chooseShape(page, { size: 4, variant: "killer" });
  const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
  assert.match(hash.get("variant"), /killer/);
  const cages = cagesFromHash(hash.get("cages"));
  const rules = { size: 4, box: [2, 2], cages };
  const puzzle = await boardText(page);
  const solved = (await api("POST", "/solve", { puzzle, rules })).body;
  assert.equal(solved.status, "unique", JSON.stringify(solved));

  // Every cell is in one cage; its outline runs along exactly the sides that border another cage,
  // and each cage's sum stands in its first cell in reading order.
  const index = (name) => LETTERS.indexOf(name[0]) * 4 + Number(name.slice(1)) - 1;
  const cageOf = Array(16).fill(-1);
  cages.forEach((c, k) => c.cells.forEach((name) => (cageOf[index(name)] = k)));
  assert.ok(cageOf.every((k) => k >= 0));
  const drawn = await page.$$eval("[role=gridcell]", (cells) =>
    cells.map((c) => ({
      sides: ["top", "right", "bottom", "left"].filter((s) => c.querySelector(`.cage.cage-${s}`)),
      sum: c.querySelector(".cage-sum")?.textContent ?? null,
      description: c.getAttribute("aria-description"),
    })),
  );
  drawn.forEach(({ sides, sum, description }, i) => {
    const [r, c] = [Math.floor(i / 4), i % 4];
    const other = (rr, cc) => rr < 0 || rr > 3 || cc < 0 || cc > 3 || cageOf[rr * 4 + cc] !== cageOf[i];
    const expected = [
      ["top", other(r - 1, c)],
      ["right", other(r, c + 1)],
      ["bottom", other(r + 1, c)],
      ["left", other(r, c - 1)],
    ].flatMap(([side, on]) => (on ? [side] : []));
    assert.deepEqual(sides, expected, nameOf(4, i));
    const cage = cages[cageOf[i]];
    const first = Math.min(...cage.cells.map(index));
    assert.equal(sum, first === i ? String(cage.sum) : null, nameOf(4, i));
    assert.ok(description.endsWith(`, in a cage of ${cage.cells.length} summing to ${cage.sum}`), description);
  });

  // A hint is the service's next step on this killer.
  await page.getByRole("button", { name: "Hint" }).click();
  await page.locator("#hint-panel").waitFor();
  const step = (await api("POST", "/hint", { puzzle, progress: puzzle, rules })).body.step;
  assert.equal(await page.locator("#hint-text").textContent(), step.explanation);

  // Played to the end, one key per empty cell: the page says it is solved.
  for (let i = 0; i < 16; i++) {
    if (puzzle[i] !== ".") continue;
    await cell(page, nameOf(4, i)).click();
    await page.keyboard.press(solved.solution[i]);
  }
  await page.locator("#message").filter({ hasText: "Solved. Well done!" }).waitFor();
  assert.equal(await boardText(page), solved.solution);
  assert.deepEqual(problems, []);
});

test("a killer on the board keeps Variant at killer, and New puzzle makes another killer at the chosen level", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await chooseShape(page, { size: 4, variant: "killer" });
  assert.equal(await page.getByLabel("Variant").inputValue(), "killer");
  assert.equal(await page.getByLabel("Difficulty").isDisabled(), false, "killers are made to a level");
  assert.equal(await page.locator("#shape-note").isHidden(), true);
  const first = new URLSearchParams(new URL(page.url()).hash.slice(1)).get("cages");
  await page.getByRole("button", { name: "New puzzle" }).click();
  await page.waitForFunction(
    () => !document.getElementById("new").hasAttribute("aria-busy") && !document.getElementById("seed").hasAttribute("aria-busy"),
    null,
    { timeout: 60000 },
  );
  const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
  assert.match(hash.get("variant"), /killer/, "still a killer after New puzzle");
  assert.ok(hash.get("cages") && hash.get("cages") !== first, "a new killer, with cages of its own");
  assert.equal(await page.getByLabel("Variant").inputValue(), "killer");
  assert.match(await page.locator("#seed").textContent(), /easy/, "its level is on show");
  assert.deepEqual(problems, []);
});
