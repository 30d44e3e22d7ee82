// Messages and errors beside the page's controls, and the busy state of a control at work.

import { Problem } from "/playground/api.js";

const $ = (id) => document.getElementById(id);

const ERROR_SLOTS = ["load", "new", "hint", "candidates", "solve", "check", "open-sudokupad", "copy-fpuzzles"];

export function clearErrors() {
  for (const name of ERROR_SLOTS) showError(name, "");
}

/** Shows `text` in the error slot beside the control `name` (empty text hides it). */
export function showError(name, text) {
  const slot = $(`${name}-error`);
  slot.textContent = text;
  const control = name === "load" ? $("puzzle") : $(name);
  if (text) control.setAttribute("aria-invalid", "true");
  else control.removeAttribute("aria-invalid");
}

export function showMessage(text, tone = "") {
  const box = $("message");
  box.textContent = text;
  box.className = `message ${tone}`.trim();
  box.hidden = !text;
}

/** Runs one control's work with its button busy; a Problem lands beside that control. */
export async function act(name, work) {
  const button = name === "load" ? $("load") : $(name);
  clearErrors();
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    await work();
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    showError(name, err.message);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}
