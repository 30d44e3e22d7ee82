// What a person meets on a first visit, on a desktop and on a phone: a puzzle already on the board,
// the level of whatever puzzle is on it, New puzzle within reach, help that fits the device and a
// Puzzle field whose placeholder reads as words. Run by scripts/browser-test.sh against a live server.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import { api, boardText, launch, loadPuzzle, openPlayground } from "./browser.js";

/** Grid 1 of Norvig's essay: unique. */
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/** The `POST /grade` example of docs/logic.md: a hard puzzle. */
const HARD = "...2.3..527.5........6.7...1......4.9.3...7...8....56...9........49...313....52..";
/** Norvig's hard1: many solutions, so no level. */
const SEVERAL = ".....6....59.....82....8....45........3........6..3.54...325..6..................";
/** A common phone and a small one, in CSS pixels. */
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];

let desktop;
let phone;

before(async () => {
  desktop = await launch();
  phone = await launch({ viewport: PHONES[0], hasTouch: true, isMobile: true });
});

after(async () => {
  await desktop?.close();
  await phone?.close();
});

const givenCount = (board) => board.replace(/\./g, "").length;

test("with no link, the page opens on a new puzzle of the selected level, and a reload keeps it", async () => {
  const { page, problems } = await openPlayground(desktop.context);
  assert.equal(await page.getByLabel("Difficulty").inputValue(), "easy");
  const board = await boardText(page);
  assert.ok(givenCount(board) >= 17, board);
  const line = await page.locator("#seed").textContent();
  const seed = line.match(/^easy · seed (\d+) · score \d+$/)?.[1];
  assert.ok(seed, `the level line reads ${JSON.stringify(line)}`);
  const again = await api("GET", `/random?difficulty=easy&seed=${seed}`);
  assert.equal(board, again.body.puzzle);
  assert.match(page.url(), /#puzzle=/);
  await page.reload();
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await boardText(page), board);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a link's puzzle wins over a new one: the page opens on it and asks /random for nothing", async () => {
  const { page, calls } = await openPlayground(desktop.context, `/#puzzle=${EASY}`);
  assert.equal(await boardText(page), EASY);
  assert.deepEqual(calls.filter((c) => c.includes("/random")), []);
  await page.close();

  // A broken link says so and leaves the board empty rather than hiding that under a new puzzle.
  const broken = await openPlayground(desktop.context, "/#puzzle=123");
  await broken.page.locator("#load-error").filter({ hasText: "81 cells" }).waitFor();
  assert.equal(givenCount(await boardText(broken.page)), 0);
  assert.deepEqual(broken.calls.filter((c) => c.includes("/random")), []);
  await broken.page.close();
});

test("a puzzle loaded while the first one is on its way stays on the board", async () => {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  const hold = (page) =>
    page.route(
      (url) => url.pathname === "/random",
      async (route) => {
        await held;
        await route.continue();
      },
    );
  const { page } = await openPlayground(desktop.context, "/", { ready: false, setup: hold });
  await loadPuzzle(page, EASY);
  assert.equal(await boardText(page), EASY);
  release();
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await boardText(page), EASY);
  assert.doesNotMatch(page.url(), /seed=/);
  await page.close();
});

test("the Difficulty selector follows the level of the puzzle on the board", async () => {
  const { page, problems } = await openPlayground(desktop.context);
  const selector = page.getByLabel("Difficulty");
  const line = page.locator("#seed");
  const hard = (await api("POST", "/grade", { puzzle: HARD })).body;
  const easy = (await api("POST", "/grade", { puzzle: EASY })).body;
  assert.equal(hard.difficulty, "hard");
  assert.notEqual(easy.difficulty, "hard");

  await selector.selectOption("medium");
  await loadPuzzle(page, HARD);
  await line.filter({ hasText: `graded hard · score ${hard.score}` }).waitFor();
  assert.equal(await selector.inputValue(), "hard");

  await loadPuzzle(page, EASY);
  await line.filter({ hasText: `graded ${easy.difficulty} · score ${easy.score}` }).waitFor();
  assert.equal(await selector.inputValue(), easy.difficulty);

  // A link names no level: the page grades its puzzle too.
  await page.evaluate((puzzle) => {
    location.hash = `puzzle=${puzzle}`;
  }, HARD);
  await line.filter({ hasText: `graded hard · score ${hard.score}` }).waitFor();
  assert.equal(await selector.inputValue(), "hard");
  assert.deepEqual(problems, []);

  // A puzzle with several solutions has no level: the line says so and the selector stays.
  await loadPuzzle(page, SEVERAL);
  await line.filter({ hasText: "no level: it has more than one solution" }).waitFor();
  assert.equal(await selector.inputValue(), "hard");
  await page.close();
});

test("on a phone the first screen holds New puzzle and its level, and nothing overflows sideways", async () => {
  for (const size of PHONES) {
    const { page } = await openPlayground(phone.context);
    await page.setViewportSize(size);
    const where = await page.evaluate(() => {
      const inView = (el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth && el.contains(hit);
      };
      return {
        scrolled: scrollY,
        newPuzzle: inView(document.getElementById("new")),
        difficulty: inView(document.getElementById("difficulty")),
        overflow: document.scrollingElement.scrollWidth - innerWidth,
      };
    });
    assert.deepEqual(where, { scrolled: 0, newPuzzle: true, difficulty: true, overflow: 0 }, JSON.stringify(size));
    await page.close();
  }
});

test("a touch screen shows touch help instead of the keyboard's, and a desktop the other way round", async () => {
  for (const [browser, shown, hidden] of [
    [phone, "#touch-help", "#keys-help"],
    [desktop, "#keys-help", "#touch-help"],
  ]) {
    const { page } = await openPlayground(browser.context);
    assert.equal(await page.locator(shown).isVisible(), true, shown);
    assert.equal(await page.locator(hidden).isVisible(), false, hidden);
    // The board is described by the help on show, so a screen reader reads the right one.
    assert.equal(await page.getByRole("grid").getAttribute("aria-describedby"), shown.slice(1));
    await page.close();
  }
});

test("the Puzzle field's placeholder wraps between words and fits the field, on a phone and a desktop", async () => {
  for (const browser of [phone, desktop]) {
    const { page } = await openPlayground(browser.context);
    // The placeholder's own lines cannot be measured, so its words are laid out in a box of the
    // field's inner width with the placeholder's computed text styles, one span a word.
    const layout = await page.evaluate(() => {
      const field = document.getElementById("puzzle");
      const text = getComputedStyle(field, "::placeholder");
      const box = getComputedStyle(field);
      const probe = document.createElement("div");
      const copied = ["fontFamily", "fontSize", "fontWeight", "fontStyle", "letterSpacing", "wordSpacing",
        "lineHeight", "whiteSpace", "wordBreak", "overflowWrap", "lineBreak", "hyphens", "textTransform"];
      for (const name of copied) probe.style[name] = text[name];
      probe.style.position = "absolute";
      probe.style.visibility = "hidden";
      probe.style.width = `${field.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight)}px`;
      const spans = field.placeholder.split(" ").map((word) => {
        const span = document.createElement("span");
        span.textContent = word;
        probe.append(span, " ");
        return span;
      });
      document.body.append(probe);
      const split = spans.filter((s) => s.getClientRects().length > 1).map((s) => s.textContent);
      const lines = new Set(spans.map((s) => Math.round(s.getClientRects()[0].top))).size;
      probe.remove();
      return { split, lines, rows: field.rows };
    });
    assert.ok(layout.split.length === 0 && layout.lines <= layout.rows, JSON.stringify(layout));
    await page.close();
  }
});

test("on a small phone every variant's name fits its selector, the longest (jigsaw + X) included", async () => {
  const small = await launch({ viewport: PHONES[1], hasTouch: true, isMobile: true });
  try {
    const { page } = await openPlayground(small.context);
    const fits = await page.$eval("#variant", (select) => {
      const style = getComputedStyle(select);
      const canvas = document.createElement("canvas").getContext("2d");
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // The text's room: the box less its padding and the arrow (about one line's height).
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.fontSize);
      return [...select.options].map((o) => ({ text: o.text, width: canvas.measureText(o.text).width, room }));
    });
    for (const { text, width, room } of fits) assert.ok(width <= room, `${text}: ${width} px in ${room} px`);
  } finally {
    await small.close();
  }
});
