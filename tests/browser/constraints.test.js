// The playground with constraints (issue 33): a thermo, an arrow and a kropki puzzle (docs/constraints.md's
// unique 6x6 examples) opened from the address, their figures drawn over the right cells, Hint,
// Solve (checked against the rules themselves) and Check at work; a pasted request body; a global
// rule named beside the board; and the link buttons that call `POST /import` and `POST /export`
// (which a service may not have yet: either a link or the service's `detail` is shown).
// Run by scripts/browser-test.sh.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import { makeShape, rulesFromParams, shapeParams } from "../../src/http/playground/shape.js";
import { api, boardText, cell, launch, loadPuzzle, openPlayground } from "./browser.js";

const N = 6;
const LETTERS = "ABCDEF";
const index = (name) => LETTERS.indexOf(name[0]) * N + Number(name.slice(1)) - 1;

const THERMO = {
  puzzle: "..................1......6.....2....",
  rules: {
    size: 6,
    constraints: [
      { type: "thermo", cells: ["A5", "B6", "B5", "A4"] },
      { type: "thermo", cells: ["D4", "C3"] },
      { type: "thermo", cells: ["D6", "E6", "D5", "C4"] },
      { type: "thermo", cells: ["D6", "C5", "B5"] },
    ],
  },
};

const ARROW = {
  puzzle: "...2...1...3...........6............",
  rules: {
    size: 6,
    constraints: [
      { type: "arrow", circle: ["C3"], cells: ["D3", "D4"] },
      { type: "arrow", circle: ["F4"], cells: ["E3"] },
      { type: "arrow", circle: ["D2", "E2"], cells: ["D1", "C2", "B1", "A2", "A1", "B2"] },
      { type: "arrow", circle: ["C2"], cells: ["D2", "D3"] },
    ],
  },
};

const KROPKI = {
  puzzle: ".........5.......1..2.........34....",
  rules: {
    size: 6,
    constraints: [
      { type: "kropki", color: "white", cells: ["C4", "C5"] },
      { type: "kropki", color: "white", cells: ["A5", "A4"] },
      { type: "kropki", color: "black", cells: ["F4", "F5"] },
      { type: "kropki", color: "black", cells: ["F2", "E2"] },
    ],
  },
};

/** Whether `values` (36 digits) keeps constraint `k`, read from the rules as the docs state them. */
function keeps(k, values) {
  const at = (name) => Number(values[index(name)]);
  if (k.type === "thermo") return k.cells.every((c, j) => j === 0 || at(k.cells[j - 1]) < at(c));
  if (k.type === "arrow") {
    const circle = k.circle.reduce((sum, c) => sum * 10 + at(c), 0); // a pill reads tens first
    return k.cells.reduce((sum, c) => sum + at(c), 0) === circle;
  }
  if (k.type === "kropki") {
    const [a, b] = k.cells.map(at);
    return k.color === "white" ? Math.abs(a - b) === 1 : a === 2 * b || b === 2 * a;
  }
  throw new Error(`no check for ${k.type}`);
}

/** Rows, columns and 2x3 boxes each hold 1..6 once. */
function isSudoku(values) {
  const units = [];
  for (let k = 0; k < N; k++) {
    units.push([...Array(N).keys()].map((j) => k * N + j));
    units.push([...Array(N).keys()].map((j) => j * N + k));
    const [top, left] = [Math.floor(k / 2) * 2, (k % 2) * 3];
    units.push([...Array(N).keys()].map((j) => (top + Math.floor(j / 3)) * N + left + (j % 3)));
  }
  return units.every((u) => new Set(u.map((i) => values[i])).size === N);
}

const hashOf = ({ puzzle, rules }) => `/#puzzle=${puzzle}&rules=${encodeURIComponent(JSON.stringify(rules))}`;

/** Waits until the page is idle: no control busy and no grade on its way. */
async function settled(page) {
  await page.waitForFunction(
    () => !document.querySelector("[aria-busy='true']"),
    null,
    { timeout: 60000 },
  );
}

/** The centre of an element's box on the page. */
async function centreOf(locator) {
  const box = await locator.boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** Asserts two points lie within `tolerance` pixels of each other. */
function near([x, y], [u, v], what, tolerance = 3) {
  assert.ok(Math.hypot(x - u, y - v) <= tolerance, `${what}: (${x}, ${y}) vs (${u}, ${v})`);
}

let browser;

before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 1000 } });
});

after(async () => {
  await browser?.close();
});

const CASES = [
  {
    name: "thermo",
    game: THERMO,
    /** Each thermometer is a group with a bulb on its first cell. */
    async drawn(page) {
      const thermos = page.locator(".constraints-under .c-thermo");
      assert.equal(await thermos.count(), 4);
      for (const [k, constraint] of THERMO.rules.constraints.entries()) {
        const bulb = page.locator(`.c-thermo[data-constraint="${k}"] .c-thermo-bulb`);
        near(await centreOf(bulb), await centreOf(cell(page, constraint.cells[0])), `bulb of thermo ${k + 1}`);
      }
    },
  },
  {
    name: "arrow",
    game: ARROW,
    /** Each arrow has its circle (a pill over two cells) on its circle's cells and a head. */
    async drawn(page) {
      assert.equal(await page.locator(".constraints-under .c-arrow").count(), 4);
      assert.equal(await page.locator(".constraints-under .c-arrow-head").count(), 4);
      for (const [k, constraint] of ARROW.rules.constraints.entries()) {
        const circle = page.locator(`.c-arrow[data-constraint="${k}"] .c-arrow-circle`);
        const centres = await Promise.all(constraint.circle.map((c) => centreOf(cell(page, c))));
        const middle = [0, 1].map((axis) => centres.reduce((sum, p) => sum + p[axis], 0) / centres.length);
        near(await centreOf(circle), middle, `circle of arrow ${k + 1}`);
      }
    },
  },
  {
    name: "kropki",
    game: KROPKI,
    /** Each dot sits on the edge between its two cells, white or black as given. */
    async drawn(page) {
      assert.equal(await page.locator(".constraints-over .c-kropki.c-white").count(), 2);
      assert.equal(await page.locator(".constraints-over .c-kropki.c-black").count(), 2);
      for (const [k, constraint] of KROPKI.rules.constraints.entries()) {
        const dot = page.locator(`.c-kropki[data-constraint="${k}"]`);
        assert.match(await dot.getAttribute("class"), new RegExp(`c-${constraint.color}`));
        const [a, b] = await Promise.all(constraint.cells.map((c) => centreOf(cell(page, c))));
        near(await centreOf(dot), [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], `dot ${k + 1}`);
      }
    },
  },
];

for (const { name, game, drawn } of CASES) {
  test(`the ${name} puzzle opens from the address, is drawn, and Hint, Solve and Check work with its rules`, async () => {
    const { page, problems, calls } = await openPlayground(browser.context, hashOf(game));
    await settled(page);
    assert.equal(await boardText(page), game.puzzle);
    assert.match(await page.locator("#info").textContent(), /^6x6 · 4 constraints · /);
    assert.equal(await page.locator("#load-error").textContent(), "");
    await drawn(page);
    // The figures take no click: a click on a drawn cell selects it.
    const first = game.rules.constraints[0].cells[0];
    await cell(page, first).click();
    assert.equal(await cell(page, first).getAttribute("aria-selected"), "true");
    assert.match(await cell(page, first).getAttribute("aria-description"), /thermometer|arrow|dot/);

    // Hint: the service's first step for this puzzle with its rules.
    await page.getByRole("button", { name: "Hint" }).click();
    await settled(page);
    assert.equal(await page.locator("#hint-error").textContent(), "");
    const expected = await api("POST", "/hint", { puzzle: game.puzzle, progress: game.puzzle, rules: game.rules });
    assert.equal(expected.status, 200, JSON.stringify(expected.body));
    assert.equal(expected.body.status, "step");
    assert.equal(await page.locator("#hint-text").textContent(), expected.body.step.explanation);
    assert.ok(calls.some((c) => c === "POST /hint"));

    // Check: a wrong digit in a blank square is flagged.
    const blank = [...game.puzzle].findIndex((ch) => ch === ".");
    const solved = await api("POST", "/solve", { puzzle: game.puzzle, rules: game.rules });
    assert.equal(solved.body.status, "unique");
    const wrong = solved.body.solution[blank] === "1" ? "2" : "1";
    const square = LETTERS[Math.floor(blank / N)] + String((blank % N) + 1);
    await cell(page, square).click();
    await page.keyboard.press(wrong);
    await page.getByRole("button", { name: "Check" }).click();
    await page.locator(`[role=gridcell][aria-invalid="true"]`).first().waitFor();
    const flagged = await page.$$eval(`[role=gridcell][aria-invalid="true"]`, (cells) => cells.map((c) => c.getAttribute("aria-label")));
    assert.deepEqual(flagged, [square]);

    // Solve: the board holds a grid that keeps every rule (and is the service's unique solution).
    await page.getByRole("button", { name: "Solve" }).click();
    await page.locator("#message").filter({ hasText: "unique" }).waitFor();
    const values = await boardText(page);
    assert.equal(values.length, N * N);
    assert.ok(isSudoku(values), values);
    for (const k of game.rules.constraints) assert.ok(keeps(k, values), `${JSON.stringify(k)} in ${values}`);
    assert.equal(values, solved.body.solution);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test("a pasted request body with constraints loads on its shape, and the address then restores it", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await loadPuzzle(page, JSON.stringify(KROPKI));
  assert.equal(await page.locator("#load-error").textContent(), "");
  assert.equal(await boardText(page), KROPKI.puzzle);
  assert.equal(await page.locator(".constraints-over .c-kropki").count(), 4);
  const url = page.url();
  assert.match(url, /[#&]rules=/);
  const { page: other } = await openPlayground(browser.context, url.slice(url.indexOf("/", 8)));
  assert.equal(await boardText(other), KROPKI.puzzle);
  assert.equal(await other.locator(".constraints-over .c-kropki").count(), 4);
  assert.deepEqual(problems, []);
  await other.close();
  await page.close();
});

test("global rules with no figure are named beside the board, and outside clues get a band", async () => {
  const rules = {
    size: 6,
    variants: ["anti_knight"],
    negative: ["xv"],
    constraints: [
      { type: "sandwich", row: "E", sum: 9 },
      { type: "little_killer", cells: ["A2", "B3", "C4", "D5", "E6"], sum: 9 },
    ],
  };
  const { page } = await openPlayground(browser.context, hashOf({ puzzle: ".".repeat(36), rules }));
  await settled(page);
  assert.equal(await page.locator("#rules-line").textContent(), "Also: anti-knight · negative xv.");
  assert.equal(await page.locator("#rules-line").isVisible(), true);
  // The sandwich sum sits left of row E, the little killer's above column 1 (its diagonal enters at A2).
  const board = await page.locator("#board").boundingBox();
  const [sx, sy] = await centreOf(page.locator(".c-sandwich"));
  assert.ok(sx < board.x, `sandwich at x ${sx}, board from ${board.x}`);
  near([0, sy], [0, (await centreOf(cell(page, "E1")))[1]], "sandwich row", 4);
  const [, ly] = await centreOf(page.locator(".c-little-killer text"));
  assert.ok(ly < board.y, `little killer at y ${ly}, board from ${board.y}`);
  // A board without such clues has no band.
  await page.evaluate(() => {
    location.hash = "puzzle=" + ".".repeat(81);
  });
  await page.waitForFunction(() => document.querySelectorAll("[role=gridcell]").length === 81);
  assert.equal(await page.locator("#board.banded").count(), 0);
  assert.equal(await page.locator(".constraints").count(), 0);
  assert.equal(await page.locator("#rules-line").isVisible(), false);
  await page.close();
});

/** An f-puzzles link, as a person copies one (its puzzle is for the service's /import to read). */
const FPUZZLES_LINK = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwhMAXAJuAMAA";

/**
 * After an /import: either the board holds the link's puzzle or the service's `detail` is beside
 * Load (today, a service without /import says so).
 */
async function importAnswered(page) {
  await page.waitForFunction(
    () => document.getElementById("load-error").textContent !== "" || document.querySelectorAll(".cell.given").length > 0,
    null,
    { timeout: 30000 },
  );
  const error = await page.locator("#load-error").textContent();
  if (error) assert.ok(error.length > 3, error);
  else assert.ok((await page.locator(".cell.given").count()) > 0);
}

test("an address #link= and a pasted link are read through POST /import", async () => {
  const { page, calls } = await openPlayground(browser.context, `/#link=${encodeURIComponent(FPUZZLES_LINK)}`);
  await settled(page);
  assert.ok(calls.includes("POST /import"), calls.join("\n"));
  await importAnswered(page);
  assert.equal(await page.getByLabel("Puzzle", { exact: true }).inputValue().then((v) => v.length > 0), true);
  await page.close();

  const { page: other, calls: otherCalls } = await openPlayground(browser.context, hashOf(THERMO));
  await other.getByLabel("Puzzle", { exact: true }).fill(FPUZZLES_LINK);
  await other.getByRole("button", { name: "Load" }).click();
  await settled(other);
  assert.ok(otherCalls.includes("POST /import"), otherCalls.join("\n"));
  await importAnswered(other);
  await other.close();
});

test("Open in SudokuPad and Copy f-puzzles link ask POST /export, and show the link or the service's detail", async () => {
  const { page, calls } = await openPlayground(browser.context, hashOf(ARROW), {
    // A tab the page opens is recorded, not opened: the test reaches no other site.
    setup: (p) =>
      p.addInitScript(() => {
        window.open = (url) => {
          window.openedLink = url;
          return null;
        };
      }),
  });
  await settled(page);
  const requests = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/export")) requests.push(JSON.parse(req.postData()));
  });
  for (const [button, slot, format] of [
    ["Open in SudokuPad", "#open-sudokupad-error", "sudokupad"],
    ["Copy f-puzzles link", "#copy-fpuzzles-error", "fpuzzles"],
  ]) {
    await page.getByRole("button", { name: button }).click();
    await settled(page);
    assert.equal(calls.filter((c) => c === "POST /export").length, requests.length);
    const body = requests[requests.length - 1];
    assert.equal(body.puzzle, ARROW.puzzle);
    assert.equal(body.format, format);
    assert.deepEqual(body.rules.constraints, ARROW.rules.constraints);
    const error = await page.locator(slot).textContent();
    const anchors = page.locator("#export-result a");
    const link = (await anchors.count()) ? await anchors.getAttribute("href") : null;
    if (error) {
      assert.equal(link, null);
      assert.equal(await page.getByRole("button", { name: button }).getAttribute("aria-invalid"), "true");
    } else {
      assert.match(link, /^https?:/);
      if (format === "sudokupad") assert.equal(await page.evaluate(() => window.openedLink), link);
    }
  }
  await page.close();
});

test("the puzzle and rules /import reads from a link go on the board (the endpoint stood in for)", async () => {
  const { page, problems } = await openPlayground(browser.context, `/#link=${encodeURIComponent(FPUZZLES_LINK)}`, {
    setup: (p) =>
      p.route("**/import", async (route) => {
        assert.deepEqual(JSON.parse(route.request().postData()), { link: FPUZZLES_LINK });
        await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(THERMO) });
      }),
  });
  await settled(page);
  assert.equal(await page.locator("#load-error").textContent(), "");
  assert.equal(await boardText(page), THERMO.puzzle);
  assert.equal(await page.locator(".constraints-under .c-thermo").count(), 4);
  // The address now holds the board itself, not the link.
  assert.match(page.url(), /#puzzle=.*&rules=/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the link /export answers is opened or copied, and shown beside the buttons (the endpoint stood in for)", async () => {
  const links = { sudokupad: "https://sudokupad.app/example", fpuzzles: "https://f-puzzles.com/?load=example" };
  const { page, problems } = await openPlayground(browser.context, hashOf(KROPKI), {
    setup: async (p) => {
      await p.addInitScript(() => {
        window.open = (url) => {
          window.openedLink = url;
          return null;
        };
      });
      await p.route("**/export", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ link: links[JSON.parse(route.request().postData()).format] }) }),
      );
    },
  });
  await settled(page);
  await page.getByRole("button", { name: "Open in SudokuPad" }).click();
  await page.locator("#export-result a").waitFor();
  assert.equal(await page.evaluate(() => window.openedLink), links.sudokupad);
  assert.equal(await page.locator("#export-result a").getAttribute("href"), links.sudokupad);
  assert.match(await page.locator("#export-result").textContent(), /^Opening in SudokuPad: /);
  await page.getByRole("button", { name: "Copy f-puzzles link" }).click();
  await page.locator("#export-result a", { hasText: "f-puzzles.com" }).waitFor();
  // Copied where the browser lets the page write the clipboard, else offered to copy by hand.
  assert.match(await page.locator("#export-result").textContent(), /^(f-puzzles link copied|Copy this f-puzzles link): https:\/\/f-puzzles/);
  assert.equal(await page.locator("#copy-fpuzzles-error").textContent(), "");
  assert.deepEqual(problems, []);
  await page.close();
});

test("shape.js reads constraints and global rules: peers, units, and the address's rules= round trip", () => {
  const rules = {
    size: 6,
    variants: ["anti_knight", "disjoint_groups"],
    negative: ["kropki"],
    constraints: [...KROPKI.rules.constraints, { type: "extra_region", cells: ["A1", "B3", "C5", "D2", "E4", "F6"] }],
  };
  const shape = makeShape(rules);
  assert.equal(shape.classic, false);
  assert.equal(shape.constrained, true);
  assert.deepEqual(shape.globals, ["anti_knight", "disjoint_groups"]);
  assert.deepEqual(shape.constraints[0].cells, [index("C4"), index("C5")]);
  // Anti-knight makes a knight's move a peer; disjoint group 1 is each box's first cell (2x3 boxes).
  assert.ok(shape.peers[index("A1")].has(index("B3")));
  assert.ok(!shape.peers[index("A1")].has(index("B4")));
  assert.deepEqual(shape.unitCells("disjoint group 1"), ["A1", "A4", "C1", "C4", "E1", "E4"].map(index));
  assert.deepEqual(shape.unitCells("constraint 5 (extra_region)"), ["A1", "B3", "C5", "D2", "E4", "F6"].map(index));
  assert.deepEqual(shape.unitCells("constraint 1 (kropki)"), ["C4", "C5"].map(index));
  // The rules go back to the service as given, and through the address whole.
  assert.deepEqual(shape.rules.constraints, rules.constraints);
  assert.deepEqual(shape.rules.negative, ["kropki"]);
  const params = new URLSearchParams(shapeParams(shape.rules));
  assert.deepEqual([...params.keys()], ["rules"]);
  assert.equal(makeShape(rulesFromParams(params)).key, shape.key);
  // What the page cannot read it says: an unknown type, a cell off the board.
  assert.throws(() => makeShape({ size: 6, constraints: [{ type: "chess", cells: ["A1"] }] }), /unknown type "chess"/);
  assert.throws(() => makeShape({ size: 6, constraints: [{ type: "thermo", cells: ["A1", "G7"] }] }), /"G7" is not a cell of 6x6/);
});
