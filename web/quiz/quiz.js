// The quiz view: renders a quiz from the bank document (quiz/SCHEMA.md),
// sends the answers to the grader (grade.js), shows the score and a review
// of every answer, and adds the missed questions to the review cards.
//
//   renderQuiz(element, bank, {quiz: "final" | sectionId, runtime, review, runtimeWaitMs})

import { grade } from "./grade.js";
import { codeBlock, el, richText } from "./dom.js";

// quizQuestions picks a quiz's questions in bank order: the final quiz, or
// the quick checks of one section.
export function quizQuestions(bank, name) {
  return bank.questions.filter((q) => (name === "final" ? q.final : !q.final && q.section === name));
}

const MARK_LABEL = {
  "chosen-right": "Your choice: right",
  "chosen-wrong": "Your choice: wrong",
  missed: "Right, and you did not choose it",
  "not-chosen": "Not chosen",
};

const KIND_HINT = {
  single: "Choose one.",
  output: "Choose the output.",
  multiple: "Choose all that apply.",
  numeric: "Type a number.",
};

let instances = 0;

// renderQuiz fills root with the quiz and returns a handle whose answers()
// and submit() let a caller (or a test) drive it. review is a ReviewStore;
// reviewHref links to the review page from the score.
// runtimeWaitMs is passed to grade() (how long to wait for a runtime that is
// still starting; Infinity waits until it is ready or has failed).
export function renderQuiz(root, bank, { quiz = "final", runtime = null, runtimeWaitMs, review = null, reviewHref = "review.html", onGraded } = {}) {
  const questions = quizQuestions(bank, quiz);
  const prefix = `quiz${++instances}`;
  root.replaceChildren();
  root.classList.add("quiz");
  if (questions.length === 0) {
    root.append(el("p", { text: `There are no questions for "${quiz}".` }));
    return null;
  }

  const items = questions.map((q, i) => renderQuestion(q, i, questions.length, `${prefix}-${q.id}`));
  const submit = el("button", { type: "submit", class: "button primary", text: questions.length === 1 ? "Check answer" : "Check answers" });
  const retry = el("button", { type: "button", class: "button", text: "Try again", hidden: true });
  const score = el("div", { class: "quiz-score", "data-role": "quiz-score", tabindex: -1, "aria-live": "polite" });
  const form = el("form", { class: "quiz-form", "data-quiz-form": quiz, novalidate: true },
    el("ol", { class: "quiz-questions" }, items.map((it) => it.li)),
    el("div", { class: "quiz-actions" }, submit, retry),
    score);
  root.append(form);

  const answers = () => questions.map((q, i) => ({ question: q.id, answer: items[i].answer() }));

  async function check() {
    submit.disabled = true;
    submit.textContent = "Checking…";
    const report = await grade(bank, answers(), { runtime, runtimeWaitMs });
    if (report.results.some((res) => res.ask)) {
      // A number that reads two ways is asked about, not graded: nothing is
      // scored or carded until the learner says which number they meant.
      report.results.forEach((res, i) => items[i].ask(res));
      const n = report.results.filter((res) => res.ask).length;
      score.replaceChildren(el("p", { class: "quiz-ask", "data-role": "ask" },
        `${n === 1 ? "One answer" : `${n} answers`} could be read two ways. Say which number you meant, then check again.`));
      submit.disabled = false;
      submit.textContent = questions.length === 1 ? "Check answer" : "Check answers";
      items[report.results.findIndex((res) => res.ask)].focus();
      return report;
    }
    report.results.forEach((res, i) => items[i].show(res));
    const added = review && report.cards.length ? review.addMissed(report.cards) : [];
    showScore(score, report, added.length, reviewHref);
    for (const it of items) it.lock(true);
    submit.hidden = true;
    submit.disabled = false;
    submit.textContent = questions.length === 1 ? "Check answer" : "Check answers";
    retry.hidden = false;
    score.focus();
    onGraded?.(report);
    return report;
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    check();
  });
  retry.addEventListener("click", () => {
    for (const it of items) it.reset();
    score.replaceChildren();
    retry.hidden = true;
    submit.hidden = false;
    items[0].focus();
  });
  return { answers, submit: check, element: form };
}

function renderQuestion(q, index, total, id) {
  const feedback = el("div", { class: "quiz-feedback", "data-role": "feedback", hidden: true });
  const legend = el("legend", {},
    el("span", { class: "quiz-number", text: total > 1 ? `Question ${index + 1} of ${total}` : "Quick check" }),
    el("span", { class: "quiz-hint", text: KIND_HINT[q.kind] ?? "" }));
  const body = [legend, el("div", { class: "quiz-prompt" }, richText(q.prompt))];
  const code = q.source || q.code;
  if (code) body.push(codeBlock(code));

  let inputs = [];
  let answer;
  if (q.kind === "numeric") {
    const input = el("input", { type: "text", inputmode: "decimal", autocomplete: "off", id: `${id}-value`, name: id, class: "quiz-number-input" });
    inputs = [input];
    body.push(el("div", { class: "quiz-numeric" },
      el("label", { for: input.id, text: "Your answer" }), input,
      q.numeric.unit ? el("span", { class: "quiz-unit", text: q.numeric.unit }) : null));
    answer = () => (input.value.trim() ? { value: input.value } : {});
  } else {
    const type = q.kind === "multiple" ? "checkbox" : "radio";
    const choices = q.choices.map((c) => {
      const input = el("input", { type, name: id, value: c.id, id: `${id}-${c.id}` });
      inputs.push(input);
      const text = q.kind === "output" ? el("pre", { class: "quiz-output", text: c.text }) : el("span", { text: c.text });
      return el("label", { class: "quiz-choice", for: input.id, "data-choice": c.id }, input, text);
    });
    body.push(el("div", { class: "quiz-choices" }, choices));
    answer = () => {
      const chosen = inputs.filter((i) => i.checked).map((i) => i.value);
      return chosen.length ? { choices: chosen } : {};
    };
  }
  body.push(feedback);
  const li = el("li", { class: "quiz-question", "data-question": q.id, "data-kind": q.kind },
    el("fieldset", {}, body));

  return {
    li,
    answer,
    focus: () => inputs[0]?.focus(),
    lock: (on) => inputs.forEach((i) => { i.disabled = on; }),
    reset() {
      for (const i of inputs) {
        i.disabled = false;
        if (i.type === "text") i.value = "";
        else i.checked = false;
      }
      li.removeAttribute("data-result");
      for (const l of li.querySelectorAll("[data-mark]")) l.removeAttribute("data-mark");
      feedback.hidden = true;
      feedback.replaceChildren();
    },
    // ask shows the grader's question about an answer it could read two
    // ways, or clears an earlier one; the question stays open.
    ask(res) {
      if (!res.ask) {
        li.removeAttribute("data-result");
        feedback.hidden = true;
        feedback.replaceChildren();
        return;
      }
      li.dataset.result = "ask";
      feedback.replaceChildren(el("p", { class: "quiz-note", "data-role": "note", text: res.note }));
      feedback.hidden = false;
    },
    show(res) {
      const state = res.correct ? "right" : res.answered ? "wrong" : "unanswered";
      li.dataset.result = state;
      for (const c of res.choices ?? []) {
        li.querySelector(`[data-choice="${CSS.escape(c.id)}"]`)?.setAttribute("data-mark", c.mark);
      }
      feedback.replaceChildren(...feedbackNodes(res, state));
      feedback.hidden = false;
    },
  };
}

function feedbackNodes(res, state) {
  const verdict = { right: "Right.", wrong: "Not quite.", unanswered: "Not answered." }[state];
  const nodes = [el("p", { class: "quiz-verdict", "data-role": "verdict" }, el("strong", { text: verdict }))];
  if (res.error) return [el("p", { class: "quiz-note", text: res.error })];
  if (res.note) nodes.push(el("p", { class: "quiz-note", "data-role": "note", text: res.note }));
  if (!res.correct) {
    const right = el("div", { class: "quiz-right", "data-role": "right" }, el("span", { class: "quiz-label", text: "Right answer: " }));
    right.append(res.kind === "output" ? el("pre", { class: "quiz-output", text: res.right }) : richText(res.right, "span"));
    nodes.push(right);
  }
  const shown = (res.choices ?? []).filter((c) => c.mark !== "not-chosen");
  const others = (res.choices ?? []).filter((c) => c.mark === "not-chosen");
  if (shown.length) nodes.push(el("ul", { class: "quiz-explanations" }, shown.map(choiceExplanation)));
  if (others.length) {
    nodes.push(el("details", { class: "quiz-others" },
      el("summary", { text: `Why the other choices are wrong (${others.length})` }),
      el("ul", { class: "quiz-explanations" }, others.map(choiceExplanation))));
  }
  nodes.push(el("div", { class: "quiz-explain", "data-role": "explain" }, richText(res.explain)));
  return nodes;
}

function choiceExplanation(c) {
  return el("li", { "data-mark": c.mark },
    el("span", { class: "quiz-label", text: MARK_LABEL[c.mark] + ": " }),
    el("span", { class: "quiz-choice-text", text: c.text.includes("\n") ? c.text.replace(/\n/g, " / ") : c.text }),
    el("span", { class: "quiz-choice-explain" }, " — ", richText(c.explain, "span")));
}

function showScore(box, report, added, reviewHref) {
  box.dataset.gradedBy = report.gradedBy ?? "";
  const parts = [el("p", { class: "quiz-total", "data-role": "total" },
    el("strong", { text: `${report.correct} of ${report.total} right` }), ` (${report.percent}%).`)];
  if (added > 0) {
    parts.push(el("p", { "data-role": "cards-added" },
      `${added} review card${added === 1 ? " is" : "s are"} due for what you missed. `,
      el("a", { href: reviewHref, text: "Review them now" }), "."));
  }
  parts.push(gradedByNote(report));
  box.replaceChildren(...parts);
}

// gradedByNote says which grader marked the answers: the Go grader compiled
// into the page's runtime, or the JavaScript stand-in (and why).
function gradedByNote(report) {
  const text = report.gradedBy === "go"
    ? "Graded by the Go grader, running in this page."
    : `Graded by the JavaScript stand-in for the Go grader${report.fallbackReason ? ` (${report.fallbackReason})` : ""}.`;
  return el("p", { class: "quiz-graded-by", "data-role": "graded-by", text });
}
