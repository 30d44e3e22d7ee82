// Printing from the playground in a real browser: "Save as PDF" fetches the board's puzzle drawn
// by POST /render, and the print stylesheet shows the board alone.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { launch, loadPuzzle, openPlayground } from "./browser.js";

const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

let browser;

before(async () => {
  browser = await launch({ acceptDownloads: true });
});

after(async () => {
  await browser?.close();
});

test("Save as PDF saves the board's puzzle as a PDF drawn by the service", async () => {
  const { page, problems, calls } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Save as PDF" }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^sudoku.*\.pdf$/);
  const bytes = readFileSync(await download.path());
  assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");
  assert.ok(calls.includes("POST /render"), calls.join("\n"));
  assert.equal(await page.locator("#print-error").textContent(), "");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the print stylesheet shows the board alone", async () => {
  const { page, problems } = await openPlayground(browser.context);
  await loadPuzzle(page, EASY);
  await page.emulateMedia({ media: "print" });
  for (const selector of [".controls", ".top", ".pad", ".new-game", ".shape-picker"]) {
    assert.equal(await page.locator(selector).first().isVisible(), false, `${selector} is printed`);
  }
  assert.equal(await page.locator("#board").isVisible(), true);
  assert.equal(await page.locator("[role=gridcell]").count(), 81);
  await page.emulateMedia({ media: "screen" });
  assert.equal(await page.locator(".controls").isVisible(), true);
  assert.deepEqual(problems, []);
  await page.close();
});
