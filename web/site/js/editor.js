// The CodeMirror 6 editor used by every example: Go highlighting in the
// page's own colours, a highlighted error line, and the course's keys
// (Mod-Enter runs, Esc leaves the editor).

import { basicSetup } from "codemirror";
import { EditorView, keymap, Decoration, GutterMarker, gutterLineClass } from "@codemirror/view";
import { EditorState, StateField, StateEffect, Prec, RangeSet } from "@codemirror/state";
import { go } from "@codemirror/lang-go";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
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

// createEditor mounts an editor in parent. onRun is called for Mod-Enter,
// onLeave for Esc (when no completion list or search panel is open), and
// onChange after every edit with the new text.
export function createEditor({ parent, doc, label, onRun, onLeave, onChange }) {
  const keys = Prec.highest(keymap.of([
    { key: "Mod-Enter", run: () => { onRun(); return true; } },
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
  return new EditorView({
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
        EditorState.tabSize.of(4),
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
      ],
    }),
  });
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
