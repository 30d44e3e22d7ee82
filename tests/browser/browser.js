// Launching Debian's chromium through playwright-core (no browser download), and small helpers the
// tests and the screenshots share.

import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The live server under test (scripts/browser-test.sh starts one and sets this). */
export const BASE = process.env.SUDOKU_URL || "http://127.0.0.1:8080";

const EXECUTABLE = process.env.CHROMIUM || "/usr/bin/chromium";

/**
 * A headless chromium with a fresh profile; `close()` also removes the profile. `options` are
 * playwright's context options (a phone: `{ viewport, hasTouch: true, isMobile: true }`).
 */
export async function launch(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), "playground-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A page on the playground with its console errors, failed requests and requests to any other
 * origin collected, so a test can assert there were none (a CSP violation is a console error), and
 * the paths of the API calls it made. The page is ready when its first puzzle is on the board;
 * `{ ready: false }` returns as soon as it has loaded, and `setup(page)` runs before it is opened
 * (to route its requests, say).
 */
export async function openPlayground(context, path = "/", { ready = true, setup } = {}) {
  const page = await context.newPage();
  const problems = [];
  const calls = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("request", (req) => {
    if (!req.url().startsWith(BASE)) problems.push(`foreign request: ${req.url()}`);
    else calls.push(`${req.method()} ${req.url().slice(BASE.length)}`);
  });
  if (setup) await setup(page);
  await page.goto(BASE + path);
  if (ready) await page.waitForSelector("body[data-ready='true']");
  return { page, problems, calls };
}

/** A JSON call to the API, outside the page (an oracle for the tests). */
export async function api(method, path, body) {
  const response = await fetch(BASE + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Pastes `text` into Puzzle and presses Load, returning when the page has answered and graded it. */
export async function loadPuzzle(page, text) {
  await page.getByLabel("Puzzle", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Load" }).click();
  // Load answers asynchronously (it validates the puzzle first, then grades it, the level line busy
  // meanwhile); the next control must not race either, nor share the server's cores with the grade.
  await page.waitForFunction(
    () => !document.getElementById("load").hasAttribute("aria-busy") && !document.getElementById("seed").hasAttribute("aria-busy"),
  );
}

/** Chooses `level` and presses New puzzle, returning when the page has its answer. */
export async function newPuzzle(page, level) {
  await page.getByLabel("Difficulty").selectOption(level);
  await page.getByRole("button", { name: "New puzzle" }).click();
  // The click marks the button busy at once; the page is done when the mark goes.
  await page.waitForFunction(() => !document.getElementById("new").hasAttribute("aria-busy"), null, {
    timeout: 60000,
  });
}

/** The board as 81 characters, `.` for empty squares, read from the page. */
export async function boardText(page) {
  return page.$$eval("[role=gridcell]", (cells) =>
    cells.map((c) => c.querySelector(".digit").textContent || ".").join(""),
  );
}

/** The cell named `square` (A1..I9), found by its accessible name. */
export function cell(page, square) {
  return page.getByRole("gridcell", { name: square, exact: true });
}

/** The name of square `i` (0..80). */
export const squareName = (i) => "ABCDEFGHI"[Math.floor(i / 9)] + String((i % 9) + 1);
