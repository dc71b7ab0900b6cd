// Small DOM helpers shared by the quiz and review views. Everything is
// built with createElement and textContent: no HTML strings, so learner
// text and bank text can never inject markup (and a strict CSP is fine).

// el creates an element with attributes and children (strings become text).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return node;
}

// richText renders bank text: `backticks` become <code>, blank lines
// separate paragraphs, single newlines are kept as line breaks.
export function richText(text, tag = "p", cls = "") {
  const frag = document.createDocumentFragment();
  for (const para of String(text).split(/\n{2,}/)) {
    const p = el(tag, cls ? { class: cls } : {});
    para.split("\n").forEach((line, i) => {
      if (i > 0) p.append(el("br"));
      line.split("`").forEach((part, j) => {
        if (part === "") return;
        p.append(j % 2 === 1 ? el("code", { text: part }) : document.createTextNode(part));
      });
    });
    frag.append(p);
  }
  return frag;
}

// codeBlock shows a program or snippet.
export function codeBlock(code, cls = "quiz-code") {
  return el("pre", { class: cls, tabindex: 0 }, el("code", { text: code.replace(/\n+$/, "") }));
}

// typingTarget reports whether a key event belongs to a text field, where
// page shortcuts must not fire.
export function typingTarget(e) {
  const t = e.target;
  if (!t || !t.tagName) return false;
  return t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName) || !!t.closest?.(".cm-editor");
}

// humanDuration says how long ms is, roughly: "1 min", "10 min", "3 h",
// "8 days", "5 months", "1 year".
export function humanDuration(ms) {
  const min = Math.max(1, Math.round(ms / 60000));
  if (min < 60) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h`;
  const d = Math.round(h / 24);
  if (d < 60) return `${d} day${d === 1 ? "" : "s"}`;
  const mo = Math.round(d / 30.4);
  if (mo < 12) return `${mo} months`;
  const y = Math.round(d / 365);
  return `${y} year${y === 1 ? "" : "s"}`;
}
