// Entry point of the quiz and review pages, for the site's bundle:
//
//   import { mountQuizPages } from "../../quiz/pages.js";
//   await mountQuizPages({runtime, runtimeWaitMs, notice, deckSections});
//
// It mounts every element of the page that asks for it:
//   [data-quiz="final"] or [data-quiz="<section id>"]  a quiz (quiz.js)
//   [data-review]                                      the review session
//   [data-review-due]                                  the number of cards due
// The bank document comes from options.bank, else from a
// <script type="application/json" data-role="quiz-bank"> in the page, else
// from the URL in the data-quiz-bank attribute of <html> or <body> (default
// "quiz/bank.json", relative to the page).

import { ReviewStore } from "./review.js";
import { renderQuiz } from "./quiz.js";
import { renderDueCount, renderReview } from "./review-view.js";

export { grade, scoreLocally } from "./grade.js";
export { renderQuiz, quizQuestions } from "./quiz.js";
export { renderReview, renderDueCount } from "./review-view.js";
export { ReviewStore, exportState, importState, dueCount, STORAGE_KEY } from "./review.js";

export const DEFAULT_BANK_URL = "quiz/bank.json";

// loadBank finds the bank document for the page.
export async function loadBank(doc = document) {
  const inline = doc.querySelector('script[type="application/json"][data-role="quiz-bank"]');
  if (inline) return JSON.parse(inline.textContent);
  const src = doc.body?.dataset.quizBank ?? doc.documentElement.dataset.quizBank ?? DEFAULT_BANK_URL;
  const res = await fetch(new URL(src, doc.baseURI));
  if (!res.ok) throw new Error(`quiz: ${src}: ${res.status} ${res.statusText}`);
  return res.json();
}

// mountQuizPages mounts what the page asks for. runtime is the page's Go
// Runtime, if any (grading falls back without it); runtimeWaitMs is how long
// grading waits for it to start (grade.js; Infinity: until it is ready or
// has failed); notice(text) shows a
// message; deckSections, if given, limits the hand-written cards put in
// the review queue to those sections (say, the ones the learner has
// visited); bankAfter, if given, is a promise the bank's download waits for
// (a lesson page lets the Go runtime's download finish first). Returns
// {bank, store, quizzes, review}.
export async function mountQuizPages({ root = document, bank = null, runtime = null, runtimeWaitMs, notice = null, deckSections = null, storage, bankAfter = null } = {}) {
  const quizEls = [...root.querySelectorAll("[data-quiz]")];
  const reviewEl = root.querySelector("[data-review]");
  const dueEls = [...root.querySelectorAll("[data-review-due]")];
  const store = new ReviewStore({
    storage,
    onSetAside: (key, aside, reason) => notice?.(
      `We could not read your review cards (${reason}), so that data was set aside under "${aside}" in this browser's storage. Nothing else was affected.`),
  });
  if (!quizEls.length && !reviewEl && !dueEls.length) return { bank, store, quizzes: [], review: null };

  // The cards already saved in this browser are counted at once, before the
  // bank is fetched (the index needs it only for the hand-written cards of
  // newly visited sections); the count is redrawn once the deck is in.
  if (store.size > 0) for (const d of dueEls) renderDueCount(d, store, { href: d.dataset.reviewHref });
  try {
    if (!bank && bankAfter) await bankAfter.catch(() => {});
    bank ??= await loadBank(root.ownerDocument ?? root);
  } catch (err) {
    notice?.(`The quiz questions could not be loaded: ${err.message}`);
    for (const q of quizEls) q.textContent = "The quiz could not be loaded.";
    bank = null;
  }
  if (bank) {
    const deck = deckSections ? bank.cards.filter((c) => deckSections.includes(c.section)) : bank.cards;
    store.addDeck(deck);
  }
  const quizzes = bank
    ? quizEls.map((q) => renderQuiz(q, bank, { quiz: q.dataset.quiz || "final", runtime, runtimeWaitMs, review: store, reviewHref: q.dataset.reviewHref }))
    : [];
  const review = reviewEl ? renderReview(reviewEl, bank, { store }) : null;
  for (const d of dueEls) renderDueCount(d, store, { href: d.dataset.reviewHref });
  return { bank, store, quizzes, review };
}
