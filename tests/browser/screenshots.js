// Screenshots of the playground for the README: desktop and phone widths, light and dark.
// Usage: SUDOKU_URL=http://127.0.0.1:PORT node screenshots.js OUT_DIR

import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { cell, launch, openPlayground } from "./browser.js";

const PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const out = process.argv[2] || "docs";
mkdirSync(out, { recursive: true });

const VIEWS = [
  { name: "desktop", width: 1200, height: 820 },
  { name: "phone", width: 390, height: 844 },
];

/** A game in progress: hints applied, a few pencil marks, and the next hint on show. */
async function stage(page) {
  await page.getByLabel("Puzzle", { exact: true }).fill(PUZZLE);
  await page.getByRole("button", { name: "Load" }).click();
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

const browser = await launch();
try {
  for (const scheme of ["light", "dark"]) {
    for (const view of VIEWS) {
      const { page, problems } = await openPlayground(browser.context);
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.emulateMedia({ colorScheme: scheme });
      await stage(page);
      const file = join(out, `playground-${view.name}-${scheme}.png`);
      await page.screenshot({ path: file, fullPage: view.name === "phone" });
      if (problems.length) throw new Error(problems.join("\n"));
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
