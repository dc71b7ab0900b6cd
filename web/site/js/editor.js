// The CodeMirror 6 editor used by every example: Go highlighting in the
// page's own colours, a highlighted error line, and the course's keys
// (Mod-Enter runs, Esc leaves the editor).

import { basicSetup } from "codemirror";
import { EditorView, keymap, Decoration, GutterMarker, gutterLineClass } from "@codemirror/view";
import { EditorState, StateField, StateEffect, Prec, RangeSet } from "@codemirror/state";
import { go } from "@codemirror/lang-go";
import { HighlightStyle, syntaxHighlighting, indentUnit, foldEffect, forceParsing } from "@codemirror/language";
import { completionStatus, closeCompletion, currentCompletions } from "@codemirror/autocomplete";
import { searchPanelOpen } from "@codemirror/search";
import { tags as t } from "@lezer/highlight";

// Colours are CSS variables, so the light and dark palettes in site.css
// apply without a second theme.
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword], color: "var(--tok-keyword)" },
  { tag: [t.string, t.special(t.string), t.character], color: "var(--tok-string)" },
  { tag: [t.number, t.bool, t.null, t.atom], color: "var(--tok-number)" },
  { tag: [t.comment, t.lineComment, t.blockComment], color: "var(--tok-comment)", fontStyle: "italic" },
  { tag: [t.typeName, t.standard(t.typeName)], color: "var(--tok-type)" },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: "var(--tok-func)" },
]);

const theme = EditorView.theme({
  "&": { fontSize: "0.86rem" },
  ".cm-scroller": { fontFamily: "var(--font-code)", lineHeight: "1.5" },
  ".cm-content": { padding: "0.6rem 0" },
});

// setErrorLine marks one line (1-based) as where an error happened, or
// clears the mark with null. Any edit clears it too.
export const setErrorLine = StateEffect.define();

const errorLineMark = Decoration.line({ class: "cm-error-line" });

class ErrorGutter extends GutterMarker {
  elementClass = "cm-error-line-gutter";
}
const errorGutterMarker = new ErrorGutter();

const errorLine = StateField.define({
  create: () => ({ line: 0, deco: Decoration.none, gutter: RangeSet.empty }),
  update(value, tr) {
    let next = tr.docChanged ? { line: 0, deco: Decoration.none, gutter: RangeSet.empty } : value;
    for (const e of tr.effects) {
      if (!e.is(setErrorLine)) continue;
      const n = e.value;
      if (!n || n < 1 || n > tr.state.doc.lines) {
        next = { line: 0, deco: Decoration.none, gutter: RangeSet.empty };
        continue;
      }
      const from = tr.state.doc.line(n).from;
      next = {
        line: n,
        deco: Decoration.set([errorLineMark.range(from)]),
        gutter: RangeSet.of([errorGutterMarker.range(from)]),
      };
    }
    return next;
  },
  provide: (f) => [
    EditorView.decorations.from(f, (v) => v.deco),
    gutterLineClass.from(f, (v) => v.gutter),
  ],
});

// typeOverLines makes the edit itself when a character is typed over a
// selection that spans lines. Left to the browser, Chromium's own editing
// merges the lines and writes a style attribute into the content to keep
// their look; the site's policy (style-src-attr 'none') blocks and reports
// it, and CodeMirror then has to repair its DOM. Cancelling the input and
// dispatching the same change (through the input handlers, so bracket
// closing still applies) leaves the DOM to CodeMirror alone.
const typeOverLines = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || !event.data || view.composing) return false;
    const { state } = view;
    const multiLine = state.selection.ranges.some((r) => !r.empty && state.doc.lineAt(r.from).number !== state.doc.lineAt(r.to).number);
    if (!multiLine) return false;
    event.preventDefault();
    const text = event.data;
    const { from, to } = state.selection.main;
    const change = () => state.update(state.replaceSelection(text), { userEvent: "input.type", scrollIntoView: true });
    if (!state.facet(EditorView.inputHandler).some((h) => h(view, from, to, text, change))) view.dispatch(change());
    return true;
  },
});

// createEditor mounts an editor in parent. onRun is called for Mod-Enter,
// onLeave for Esc (when no completion list or search panel is open), and
// onChange after every edit with the new text. With fold, the import block
// and error-check boilerplate start folded.
export function createEditor({ parent, doc, label, onRun, onLeave, onChange, fold = false }) {
  const keys = Prec.highest(keymap.of([
    { key: "Mod-Enter", run: () => { onRun(); return true; } },
    {
      // Enter indents by Go's syntax tree. Right after a long paste the
      // editor may not have parsed up to the caret yet (it parses a little
      // inside an edit and the rest when idle), and the new line would copy
      // the old one's indentation: parse up to the caret first (at most
      // 1 s), then let the default Enter run.
      key: "Enter",
      run: (view) => { forceParsing(view, view.state.selection.main.head, 1000); return false; },
    },
    {
      key: "Escape",
      run: (view) => {
        // A visible completion list or search panel closes first. A
        // completion still pending (or with nothing to show) is invisible,
        // so Esc must not be spent on it: cancel it and leave at once.
        if (currentCompletions(view.state).length > 0 || searchPanelOpen(view.state)) return false;
        if (completionStatus(view.state) !== null) closeCompletion(view);
        onLeave();
        return true;
      },
    },
  ]));
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        go(),
        syntaxHighlighting(highlight),
        theme,
        errorLine,
        keys,
        typeOverLines,
        EditorState.tabSize.of(4),
        // Go is indented with tabs (as gofmt writes it): Enter and Tab
        // indent with one.
        indentUnit.of("\t"),
        // The content is the focusable part of the scrolling editor.
        EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
      ],
    }),
  });
  if (fold) foldBoilerplate(view);
  return view;
}

// boilerplateRanges finds what a reader can skip at first in a Go program:
// the body of each parenthesized import block and of each
// "if err != nil {" block of a single line. Each range runs from the end of
// the opening line to the start of the closing one, so the fold reads
// "import (…)". Offsets are into text.
export function boilerplateRanges(text) {
  const ranges = [];
  const lines = text.split("\n");
  const starts = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.length + 1;
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let close = -1;
    if (/^import \($/.test(line)) {
      close = lines.findIndex((l, j) => j > i && l === ")");
    } else if (/^\s*if err != nil \{$/.test(line) && i + 2 < lines.length) {
      const indent = line.match(/^\s*/)[0];
      if (lines[i + 2] === indent + "}") close = i + 2;
    }
    if (close > i + 1) ranges.push({ from: starts[i] + line.length, to: starts[close] + lines[close].indexOf(lines[close].trim()) });
  }
  return ranges;
}

// foldBoilerplate folds the ranges of boilerplateRanges; the learner
// unfolds them from the gutter or the placeholder.
export function foldBoilerplate(view) {
  const effects = boilerplateRanges(view.state.doc.toString()).map((r) => foldEffect.of(r));
  if (effects.length) view.dispatch({ effects });
}

// replaceAll swaps the whole text in one undoable transaction.
export function replaceAll(view, text) {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    userEvent: "input.replace",
    scrollIntoView: false,
  });
}

// markError highlights line (1-based) and scrolls it into view; 0 clears.
export function markError(view, line) {
  const effects = [setErrorLine.of(line || null)];
  if (line > 0 && line <= view.state.doc.lines) {
    effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: "nearest" }));
  }
  view.dispatch({ effects });
}
