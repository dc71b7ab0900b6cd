// The review view: the cards due now, one at a time. Show the answer
// (button, Space or Enter), then rate how well you remembered it: Again,
// Hard, Good or Easy (buttons or keys 1-4). Scheduling is review.js's.
//
//   renderReview(element, bank, {store, now})
//   renderDueCount(element, store, {now, href})

import { codeBlock, el, humanDuration, richText, typingTarget } from "./dom.js";

const ORIGIN_LABEL = { deck: "Course card", quiz: "From a quiz question you missed", exercise: "From an exercise check" };

// renderReview fills root with the review session and returns a handle
// (current(), reveal(), rate(rating)) for callers and tests. now is a
// function so that tests can pin the clock.
export function renderReview(root, bank, { store, now = () => new Date() } = {}) {
  const titles = Object.fromEntries((bank?.sections ?? []).map((s) => [s.id, `${s.number}. ${s.title}`]));
  const summary = el("p", { class: "review-summary", "data-role": "review-summary" });
  const stage = el("div", { class: "review-stage" });
  const status = el("p", { class: "visually-hidden", "aria-live": "polite", "data-role": "review-status" });
  root.replaceChildren(summary, stage, status);
  root.classList.add("review");

  let current = null; // {entry, revealed, back, ratings, show}

  function next() {
    const t = now();
    const queue = store.queue(t);
    summary.textContent = queue.length
      ? `${queue.length} card${queue.length === 1 ? "" : "s"} due now.`
      : "Nothing is due right now.";
    if (!queue.length) {
      current = null;
      const when = store.nextDue(t);
      stage.replaceChildren(el("p", { class: "review-done", "data-role": "review-done" },
        store.size === 0 ? "You have no review cards yet." : "You are up to date. ",
        when ? `The next card is due in ${humanDuration(when - t)} (${when.toLocaleString()}).` : ""));
      return;
    }
    showCard(queue[0], t);
  }

  function showCard(entry, t) {
    const c = entry.card;
    const show = el("button", { type: "button", class: "button primary", "data-role": "show" }, "Show answer ", el("kbd", { text: "Space" }));
    const back = el("div", { class: "review-back", "data-role": "back", hidden: true }, richText(c.back));
    const ratings = el("div", { class: "review-ratings", role: "group", "aria-label": "How well did you remember it?", hidden: true },
      store.preview(c.id, t).map((p) => el("button", { type: "button", class: "button", "data-rating": p.rating, "aria-keyshortcuts": p.key },
        el("span", { class: "review-rating-name", text: p.name }),
        el("span", { class: "review-rating-when", text: humanDuration(p.due - t) }),
        el("kbd", { text: p.key }))));
    const card = el("section", { class: "review-card", "data-card": c.id, "data-origin": c.origin, "aria-label": "Review card" },
      el("p", { class: "review-meta" }, titles[c.section] ?? c.section, " · ", ORIGIN_LABEL[c.origin] ?? c.origin),
      el("div", { class: "review-front", "data-role": "front" }, richText(c.front), c.code ? codeBlock(c.code) : null, choiceList(c.choices)),
      show, back, ratings);
    stage.replaceChildren(card);
    current = { entry, revealed: false, back, ratings, show };
    show.addEventListener("click", reveal);
    ratings.addEventListener("click", (e) => {
      const b = e.target.closest("[data-rating]");
      if (b) rate(Number(b.dataset.rating));
    });
    show.focus({ preventScroll: true });
  }

  function reveal() {
    if (!current || current.revealed) return;
    current.revealed = true;
    current.show.hidden = true;
    current.back.hidden = false;
    current.ratings.hidden = false;
    current.ratings.querySelector('[data-rating="3"]')?.focus({ preventScroll: true });
  }

  function rate(rating) {
    if (!current?.revealed) return;
    const t = now();
    const due = store.rate(current.entry.card.id, rating, t);
    const name = ["", "Again", "Hard", "Good", "Easy"][rating];
    status.textContent = `Rated ${name}. This card comes back in ${humanDuration(due - t)}.`;
    next();
  }

  function onKey(e) {
    if (!root.isConnected) {
      document.removeEventListener("keydown", onKey);
      return;
    }
    if (!current || e.altKey || e.ctrlKey || e.metaKey || typingTarget(e)) return;
    if (!current.revealed && (e.key === " " || e.key === "Enter")) {
      if (e.target?.tagName === "BUTTON" || e.target?.tagName === "A") return; // the control handles it
      e.preventDefault();
      reveal();
    } else if (current.revealed && /^[1-4]$/.test(e.key)) {
      e.preventDefault();
      rate(Number(e.key));
    }
  }
  document.addEventListener("keydown", onKey);

  next();
  return {
    current: () => (current ? structuredClone(current.entry) : null),
    reveal,
    rate,
    refresh: next,
    destroy: () => document.removeEventListener("keydown", onKey),
  };
}

// choiceList shows a card's choices, lettered, under its front; a choice
// of several lines (a program's output) is shown as preformatted text.
function choiceList(choices) {
  if (!choices?.length) return null;
  return el("ol", { class: "review-choices", type: "A", "data-role": "choices" },
    choices.map((text) => el("li", {}, text.includes("\n") ? el("pre", { class: "quiz-output", text }) : richText(text, "span"))));
}

// renderDueCount shows how many cards are due, linking to the review page.
export function renderDueCount(root, store, { now = new Date(), href = "review.html" } = {}) {
  const n = store.dueCount(now);
  root.dataset.due = String(n);
  root.replaceChildren(n === 0
    ? el("span", { text: store.size ? "No review cards due." : "No review cards yet." })
    : el("a", { href, text: `${n} review card${n === 1 ? "" : "s"} due` }));
  return n;
}
