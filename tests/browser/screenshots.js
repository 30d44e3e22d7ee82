// Screenshots of the playground for docs/playground.md and the README: desktop and phone widths,
// light and dark; other shapes; a puzzle with every constraint type.
// Usage: SUDOKU_URL=http://127.0.0.1:PORT node screenshots.js OUT_DIR

import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { makeShape, shapeParams } from "../../src/http/playground/shape.js";
import { api, cell, launch, loadPuzzle, openPlayground } from "./browser.js";

const PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const out = process.argv[2] || "docs";
mkdirSync(out, { recursive: true });

/** A phone is a touch screen, so it shows the page's touch help rather than the keys. */
const VIEWS = [
  { name: "desktop", width: 1200, height: 880, touch: false },
  { name: "phone", width: 390, height: 844, touch: true },
];

/** A game in progress: hints applied, a few pencil marks, and the next hint on show. */
async function stage(page) {
  await loadPuzzle(page, PUZZLE);
  for (let i = 0; i < 12; i++) {
    await page.getByRole("button", { name: "Hint" }).click();
    await page.locator("#hint-panel").waitFor();
    await page.getByRole("button", { name: "Apply hint" }).click();
  }
  await cell(page, "B2").click();
  for (const key of ["Shift+Digit2", "Shift+Digit4", "Shift+Digit7"]) await page.keyboard.press(key);
  await cell(page, "B3").click();
  for (const key of ["Shift+Digit4", "Shift+Digit7"]) await page.keyboard.press(key);
  await page.getByRole("button", { name: "Hint" }).click();
  await page.locator("#hint-panel").waitFor();
  await cell(page, "E5").click();
}

/**
 * The phone's whole page: the viewport is stretched to the page's height, because a `fullPage`
 * screenshot drops chromium's touch emulation for the shot and would show the keyboard's help.
 */
async function shoot(page, view, file) {
  if (view.touch) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: view.width, height });
  }
  await page.screenshot({ path: file });
}

/**
 * Other shapes on a desktop, each from a fixed seed so the pictures stay put: a 16x16 with
 * Candidates as pencil marks in their 4x4 mini-grids, and a jigsaw X in dark mode.
 */
const SHAPES = [
  { name: "16x16", scheme: "light", query: "size=16&seed=16", candidates: true },
  { name: "jigsaw", scheme: "dark", query: "size=9&variant=jigsaw,x&seed=9", candidates: false },
];

async function shootShapes() {
  const browser = await launch({ viewport: { width: 1200, height: 880 } });
  try {
    for (const shape of SHAPES) {
      const answer = await api("GET", `/random?${shape.query}`);
      if (answer.status !== 200) throw new Error(`/random?${shape.query}: ${JSON.stringify(answer.body)}`);
      const { puzzle, rules, seed } = answer.body;
      // The page's own link form of the rules (shape.js is a plain module, so node reads it too).
      const link = new URLSearchParams([["puzzle", puzzle], ...shapeParams(makeShape(rules).rules), ["seed", String(seed)]]);
      const { page, problems } = await openPlayground(browser.context, `/#${link}`);
      await page.emulateMedia({ colorScheme: shape.scheme });
      if (shape.candidates) {
        await page.getByRole("button", { name: "Candidates" }).click();
        await page.locator("#message").filter({ hasText: "Norvig" }).waitFor();
      }
      const blank = [...puzzle].findIndex((ch) => ch === ".");
      await cell(page, "ABCDEFGHIJKLMNOP"[Math.floor(blank / rules.size)] + String((blank % rules.size) + 1)).click();
      const file = join(out, `playground-${shape.name}-${shape.scheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      if (problems.length) throw new Error(problems.join("\n"));
      console.log(file);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** Every constraint type on 9x9 (scripts/render-pictures.sh's puzzle), drawn by the page: light mode. */
const CONSTRAINTS = {
  puzzle: "......6......4......1.......................8............6..........3...6........",
  rules: {
    constraints: [
      { type: "thermo", cells: ["C3", "C2", "B2", "A2"] },
      { type: "arrow", circle: ["A7"], cells: ["B8", "B9", "C9"] },
      { type: "arrow", circle: ["G8", "G9"], cells: ["H8", "I8"] },
      { type: "kropki", color: "white", cells: ["E4", "E5"] },
      { type: "kropki", color: "black", cells: ["G3", "H3"] },
      { type: "xv", value: "X", cells: ["C5", "D5"] },
      { type: "xv", value: "V", cells: ["I4", "I5"] },
      { type: "little_killer", cells: ["A4", "B3", "C2", "D1"], sum: 26 },
      { type: "sandwich", row: "I", sum: 9 },
      { type: "sandwich", column: 1, sum: 14 },
      { type: "renban", cells: ["F7", "E7", "E8"] },
      { type: "whisper", cells: ["D7", "E6", "F5"] },
      { type: "palindrome", cells: ["F1", "G1", "H2"] },
      { type: "odd", cells: ["I3"] },
      { type: "even", cells: ["A1", "D9"] },
      { type: "extra_region", cells: ["D2", "D3", "D4", "E2", "E3", "E4", "F2", "F3", "F4"] },
    ],
  },
};

async function shootConstraints() {
  const browser = await launch({ viewport: { width: 1200, height: 880 } });
  try {
    const link = new URLSearchParams([["puzzle", CONSTRAINTS.puzzle], ["rules", JSON.stringify(CONSTRAINTS.rules)]]);
    const { page, problems } = await openPlayground(browser.context, `/#${link}`);
    await page.emulateMedia({ colorScheme: "light" });
    await cell(page, "E5").click();
    await page.locator("#seed").filter({ hasText: "no level" }).waitFor();
    const file = join(out, "playground-constraints-light.png");
    await page.screenshot({ path: file, fullPage: true });
    // The puzzle has more than one solution (it shows the figures, not a game): /grade's 422 says so.
    const others = problems.filter((p) => !p.includes("status of 422"));
    if (others.length) throw new Error(others.join("\n"));
    console.log(file);
    await page.close();
  } finally {
    await browser.close();
  }
}

await shootShapes();
await shootConstraints();

for (const view of VIEWS) {
  const size = { width: view.width, height: view.height };
  const browser = await launch({ viewport: size, hasTouch: view.touch, isMobile: view.touch });
  try {
    for (const scheme of ["light", "dark"]) {
      const { page, problems } = await openPlayground(browser.context);
      await page.emulateMedia({ colorScheme: scheme });
      await stage(page);
      const file = join(out, `playground-${view.name}-${scheme}.png`);
      await shoot(page, view, file);
      if (problems.length) throw new Error(problems.join("\n"));
      console.log(file);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
