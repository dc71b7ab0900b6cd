// Page-wide notices: dismissible messages in the page's notices box (at
// the top of main). The one that says the browser will not save stays in
// sight while it is shown: the box then sticks to the top of the window,
// and --sticky-notices on the root says how much of the window it covers,
// for what else sticks there (the exercise's code column, when wide).

import { STORAGE_FULL } from "./storage.js";

const STORAGE_ROLE = "storage-full";
// UNSAVED finds the notice while the browser refuses to save.
const UNSAVED = `[data-role="${STORAGE_ROLE}"]:not([data-saved])`;

const box = () => document.querySelector('[data-role="notices"]');

let observer = null;

// cover keeps --sticky-notices current while the box sticks.
function cover() {
  const b = box();
  const root = document.documentElement.style;
  if (!b || !b.querySelector(UNSAVED)) {
    observer?.disconnect();
    observer = null;
    root.removeProperty("--sticky-notices");
    return;
  }
  const set = () => {
    // The box sticks 0.5rem from the top; what sticks under it keeps as
    // much again below it.
    const gap = parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.5;
    root.setProperty("--sticky-notices", `${Math.ceil(b.getBoundingClientRect().height + 2 * gap)}px`);
  };
  if (!observer && typeof ResizeObserver === "function") {
    observer = new ResizeObserver(set);
    observer.observe(b);
  }
  set();
}

// notice shows text in the page's notices box, with a Dismiss button, and
// returns it (null on a page without the box). With a role, a notice of
// that role already shown takes the new text instead of a second notice.
export function notice(text, role = "") {
  const b = box();
  if (!b) return null;
  const shown = role ? b.querySelector(`[data-role="${role}"]`) : null;
  if (shown) {
    shown.querySelector("span").textContent = text;
    delete shown.dataset.saved;
    cover();
    return shown;
  }
  const p = document.createElement("div");
  if (role) p.dataset.role = role;
  p.className = "notice";
  p.setAttribute("role", "status");
  const span = document.createElement("span");
  span.textContent = text;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Dismiss";
  close.addEventListener("click", () => {
    p.remove();
    cover();
  });
  p.append(span, close);
  b.append(p);
  cover();
  return p;
}

// storageFull is a Storage's onSaveFailed: the browser refused to save.
export function storageFull() {
  notice(STORAGE_FULL, STORAGE_ROLE);
}

// storageSaved is a Storage's onSaved: saving works again. The notice
// says so (and stops sticking) rather than vanishing under the learner.
export function storageSaved() {
  const shown = box()?.querySelector(`[data-role="${STORAGE_ROLE}"]`);
  if (!shown) return;
  shown.querySelector("span").textContent = "Saving works again: your edits are saved in this browser.";
  shown.dataset.saved = "";
  cover();
}
