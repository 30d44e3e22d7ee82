// The playground in a real browser against a live `sudoku serve`: what a person does with it.
// Run by scripts/browser-test.sh (which builds the binary, starts the server and sets SUDOKU_URL).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import { api, boardText, cell, launch, loadPuzzle, newPuzzle, openPlayground, squareName } from "./browser.js";

/** Grid 1 of Norvig's essay: easy, unique. */
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/** The same puzzle as a person pastes it from a text file. */
const EASY_PRETTY = `
. . 3 |. 2 . |6 . .
9 . . |3 . 5 |. . 1
. . 1 |8 . 6 |4 . .
------+------+------
. . 8 |1 . 2 |9 . .
7 . . |. . . |. . 8
. . 6 |7 . 8 |2 . .
------+------+------
. . 2 |6 . 9 |5 . .
8 . . |2 . 3 |. . 9
. . 5 |. 1 . |3 . .`;
/** Norvig's hard1: many solutions. */
const HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6..................";

let browser;
let solution;

before(async () => {
  browser = await launch();
  const solved = await api("POST", "/solve", { puzzle: EASY });
  solution = solved.body.solution;
});

after(async () => {
  await browser?.close();
});

/** A blank square of EASY and a digit that is not its solution's (nor clashing with a given). */
function wrongMove() {
  for (let i = 0; i < 81; i++) {
    if (EASY[i] !== ".") continue;
    for (let d = 1; d <= 9; d++) {
      if (String(d) === solution[i]) continue;
      const clashes = [...EASY].some((g, j) => {
        const sameUnit =
          Math.floor(j / 9) === Math.floor(i / 9) ||
          j % 9 === i % 9 ||
          (Math.floor(j / 27) === Math.floor(i / 27) && Math.floor((j % 9) / 3) === Math.floor((i % 9) / 3));
        return sameUnit && g === String(d);
      });
      if (!clashes) return { square: squareName(i), index: i, digit: d };
    }
  }
  throw new Error("no wrong move");
}

test("the page is a grid of 81 cells named A1 to I9 with every control, and loads nothing from elsewhere", async () => {
  const { page, problems } = await openPlayground(browser.context);
  const grid = page.getByRole("grid");
  await grid.waitFor();
  const names = await page.$$eval("[role=grid] [role=row] [role=gridcell]", (cells) =>
    cells.map((c) => c.getAttribute("aria-label")),
  );
  assert.equal(names.length, 81);
  assert.deepEqual(names, [...Array(81).keys()].map(squareName));
  for (const name of ["Load", "New puzzle", "Hint", "Candidates", "Solve", "Check", "Clear"]) {
    assert.equal(await page.getByRole("button", { name, exact: true }).count(), 1, name);
  }
  assert.equal(await page.getByLabel("Puzzle", { exact: true }).count(), 1);
  const options = await page.getByLabel("Difficulty").locator("option").allTextContents();
  assert.deepEqual(options, ["easy", "medium", "hard", "expert", "extreme"]);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a pasted puzzle loads with its givens and Solve fills in the unique solution", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY_PRETTY);
  await page.waitForFunction(() => document.querySelectorAll(".cell.given").length > 0);
  assert.equal(await boardText(page), EASY);
  assert.match(await cell(page, "A3").getAttribute("class"), /\bgiven\b/);
  assert.equal(await cell(page, "A3").getAttribute("aria-readonly"), "true");

  await page.getByRole("button", { name: "Solve" }).click();
  await page.locator("#message").filter({ hasText: "unique" }).waitFor();
  assert.equal(await boardText(page), solution);
  assert.match(await cell(page, "A1").getAttribute("class"), /\bplayer\b/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("Solve says multiple for a puzzle with several solutions and none for one with none", async () => {
  const { page } = await openPlayground(browser.context);
  await loadPuzzle(page, HARD1);
  await page.getByRole("button", { name: "Solve" }).click();
  await page.locator("#message").filter({ hasText: /^multiple/ }).waitFor();
  await loadPuzzle(page, ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........");
  await page.getByRole("button", { name: "Solve" }).click();
  await page.locator("#message").filter({ hasText: /^none/ }).waitFor();
  await page.close();
});

test("a puzzle the API refuses shows the problem's detail next to Load", async () => {
  const { page } = await openPlayground(browser.context);
  const refused = await api("POST", "/validate", { puzzle: "55" });
  assert.equal(refused.status, 422);
  await loadPuzzle(page, "55");
  const error = page.locator("#load-error");
  await error.filter({ hasText: refused.body.detail }).waitFor();
  assert.equal(await page.getByLabel("Puzzle", { exact: true }).getAttribute("aria-invalid"), "true");
  await page.close();
});

test("Hint on a puzzle with several solutions shows the detail next to Hint", async () => {
  const { page } = await openPlayground(browser.context);
  await loadPuzzle(page, HARD1);
  await page.getByRole("button", { name: "Hint" }).click();
  const expected = (await api("POST", "/hint", { puzzle: HARD1 })).body.detail;
  await page.locator("#hint-error").filter({ hasText: expected }).waitFor();
  await page.close();
});

test("a hint on a fresh puzzle highlights its pattern, explains it, and applying it plays the right digit", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  await page.waitForFunction(() => document.querySelectorAll(".cell.given").length > 0);
  await page.getByRole("button", { name: "Hint" }).click();
  const panel = page.locator("#hint-panel");
  await panel.waitFor();
  const expected = (await api("POST", "/hint", { puzzle: EASY, progress: EASY })).body.step;
  assert.equal(await page.locator("#hint-text").textContent(), expected.explanation);
  for (const square of expected.pattern.squares) {
    assert.match(await cell(page, square).getAttribute("class"), /\bpattern-square\b/, square);
  }
  await page.getByRole("button", { name: "Apply hint" }).click();
  for (const { square, digit } of expected.placements) {
    assert.equal(await cell(page, square).locator(".digit").textContent(), String(digit));
    const index = "ABCDEFGHI".indexOf(square[0]) * 9 + Number(square[1]) - 1;
    assert.equal(solution[index], String(digit));
  }
  assert.equal(await panel.isHidden(), true);
  // A second hint builds on the applied one.
  await page.getByRole("button", { name: "Hint" }).click();
  await panel.waitFor();
  assert.notEqual(await page.locator("#hint-text").textContent(), expected.explanation);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a wrong digit typed on the keyboard is flagged by Check with aria-invalid and a visible style", async () => {
  const { page } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  const move = wrongMove();
  const target = cell(page, move.square);
  await target.click();
  await page.keyboard.press(String(move.digit));
  assert.equal(await target.locator(".digit").textContent(), String(move.digit));
  const before = await target.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByRole("button", { name: "Check" }).click();
  await page.locator(`[role=gridcell][aria-invalid="true"]`).first().waitFor();
  const flagged = await page.$$eval(`[role=gridcell][aria-invalid="true"]`, (cells) =>
    cells.map((c) => c.getAttribute("aria-label")),
  );
  assert.deepEqual(flagged, [move.square]);
  // Moving away shows the cell's own style, not the selection's.
  await page.keyboard.press("ArrowRight");
  const after = await target.evaluate((el) => getComputedStyle(el).backgroundColor);
  const related = await cell(page, move.square === "I9" ? "I8" : "I1").evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  assert.notEqual(after, before);
  assert.notEqual(after, related);
  await page.locator("#message").filter({ hasText: `1 wrong: ${move.square}` }).waitFor();
  // Fixing the digit clears the flag.
  await target.click();
  await page.keyboard.press(solution[move.index]);
  assert.equal(await target.getAttribute("aria-invalid"), null);
  await page.close();
});

test("a digit that clashes with a given is highlighted from /validate", async () => {
  const { page } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  await cell(page, "A1").click();
  await page.keyboard.press("3"); // A3 holds a given 3
  await page.locator(".cell.conflict").first().waitFor();
  const clashing = await page.$$eval(".cell.conflict", (cells) => cells.map((c) => c.getAttribute("aria-label")));
  assert.deepEqual(clashing.sort(), ["A1", "A3"]);
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => document.querySelectorAll(".cell.conflict").length === 0);
  await page.close();
});

test("arrow keys move, P toggles pencil marks, and givens cannot be overwritten", async () => {
  const { page } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  await cell(page, "A1").click();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  assert.equal(await cell(page, "B2").getAttribute("aria-selected"), "true");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-label")), "B2");
  await page.keyboard.press("p");
  assert.equal(await page.getByRole("button", { name: "Pencil" }).getAttribute("aria-pressed"), "true");
  await page.keyboard.press("4");
  await page.keyboard.press("7");
  assert.deepEqual(await cell(page, "B2").locator(".marks span").allTextContents(), ["", "", "", "4", "", "", "7", "", ""]);
  await page.keyboard.press("4");
  assert.equal((await cell(page, "B2").locator(".marks").textContent()).trim(), "7");
  await page.keyboard.press("p");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight"); // A3, a given
  await page.keyboard.press("9");
  assert.equal(await cell(page, "A3").locator(".digit").textContent(), "3");
  await page.close();
});

test("Candidates shows Norvig's candidates as pencil marks", async () => {
  const { page } = await openPlayground(browser.context);
  const grid2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  await loadPuzzle(page, grid2);
  await page.getByRole("button", { name: "Candidates" }).click();
  await page.locator("#message").filter({ hasText: "Norvig" }).waitFor();
  const expected = (await api("POST", "/candidates", { puzzle: grid2 })).body.candidates;
  for (const [i, square] of [[1, "A2"], [11, "B3"], [80, "I9"]]) {
    const marks = (await cell(page, square).locator(".marks").textContent()).trim();
    assert.equal(marks, expected[i], square);
  }
  await page.close();
});

test("an easy New puzzle shows its seed and level, and the puzzle is what /random gives for that seed", async () => {
  const { page } = await openPlayground(browser.context);
  const first = await boardText(page); // the puzzle the page opened on
  await newPuzzle(page, "easy");
  assert.notEqual(await boardText(page), first);
  const seed = (await page.locator("#seed").textContent()).match(/seed (\d+)/)[1];
  assert.match(await page.locator("#seed").textContent(), /^easy · seed \d+/);
  const again = await api("GET", `/random?difficulty=easy&seed=${seed}`);
  assert.equal(await boardText(page), again.body.puzzle);
  assert.match(page.url(), new RegExp(`seed=${seed}`));
  await page.close();
});

test("a hard New puzzle is a puzzle that grades hard", async () => {
  const { page } = await openPlayground(browser.context);
  await newPuzzle(page, "hard");
  assert.equal(await page.locator("#new-error").textContent(), "");
  assert.match(await page.locator("#seed").textContent(), /^hard · seed \d+/);
  const grade = await api("POST", "/grade", { puzzle: await boardText(page) });
  assert.equal(grade.body.difficulty, "hard");
  await page.close();
});

test("a shared URL restores the puzzle, the player's digits and pencil marks", async () => {
  const { page } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  await cell(page, "A1").click();
  await page.keyboard.press(solution[0]);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+Digit5");
  await page.keyboard.press("Shift+Digit8");
  const before = await boardText(page);
  const url = page.url();
  assert.match(url, /#puzzle=/);
  await page.close();

  const { page: other, problems } = await openPlayground(browser.context, url.slice(url.indexOf("/", 8)));
  assert.equal(await boardText(other), before);
  assert.match(await cell(other, "A1").getAttribute("class"), /\bplayer\b/);
  assert.match(await cell(other, "A3").getAttribute("class"), /\bgiven\b/);
  assert.equal((await cell(other, "A2").locator(".marks").textContent()).trim(), "58");
  await other.reload();
  await other.waitForSelector("body[data-ready='true']");
  assert.equal(await boardText(other), before);
  // A link to another puzzle opened in the same tab replaces the board, progress and marks too.
  const grid2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  await other.evaluate((puzzle) => { location.hash = `puzzle=${puzzle}`; }, grid2);
  await other.waitForFunction((puzzle) => document.querySelector("[aria-label=A1] .digit").textContent === puzzle[0], grid2);
  assert.equal(await boardText(other), grid2);
  assert.equal((await cell(other, "A2").locator(".marks").textContent()).trim(), "");
  assert.deepEqual(problems, []);
  await other.close();
});

test("Clear keeps the givens and removes the player's digits and marks", async () => {
  const { page } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  await page.getByRole("button", { name: "Solve" }).click();
  await page.locator("#message").filter({ hasText: "unique" }).waitFor();
  await page.getByRole("button", { name: "Clear" }).click();
  assert.equal(await boardText(page), EASY);
  await page.close();
});
