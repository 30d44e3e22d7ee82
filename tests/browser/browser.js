// Launching Debian's chromium through playwright-core (no browser download), and small helpers the
// tests and the screenshots share.

import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The live server under test (scripts/browser-test.sh starts one and sets this). */
export const BASE = process.env.SUDOKU_URL || "http://127.0.0.1:8080";

const EXECUTABLE = process.env.CHROMIUM || "/usr/bin/chromium";

/** A headless chromium with a fresh profile; `close()` also removes the profile. */
export async function launch() {
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
 * origin collected, so a test can assert there were none (a CSP violation is a console error).
 */
export async function openPlayground(context, path = "/") {
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("request", (req) => {
    if (!req.url().startsWith(BASE)) problems.push(`foreign request: ${req.url()}`);
  });
  await page.goto(BASE + path);
  await page.waitForSelector("body[data-ready='true']");
  return { page, problems };
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
