//go:build browser

package exercisesbrowser

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verdictMarkers are keys that every verdict the checks report carries
// (exercises/harness/prelude.go, chkEmit) and that nothing else the page
// shows or stores has: a page that echoes a verdict, or raw output that
// holds one, shows them.
var verdictMarkers = []string{`"seed":`, `"mistake":`}

// pageTrace is what a Check left in the page: the text of everything it
// shows about the result (score, diagnostics, each check's row, the Run
// panel, notices), everything in localStorage, each check's row, and the
// verdicts the checks reported, read from the page's own record of its
// last runs.
type pageTrace struct {
	Shown    string `json:"shown"`
	Stored   string `json:"stored"`
	Verdicts []struct {
		Check   string `json:"check"`
		Verdict string `json:"verdict"`
	} `json:"verdicts"`
	Rows []struct {
		Check  string   `json:"check"`
		Status string   `json:"status"`
		Labels []string `json:"labels"`
	} `json:"rows"`
}

func readTrace(t *testing.T, ctx context.Context) pageTrace {
	t.Helper()
	const read = `JSON.stringify({
		shown: ['[data-role="results"]', '[data-role="run-output"]', '[data-role="notices"]', '[data-role="live"]']
			.map((s) => document.querySelector(s)?.textContent ?? "").join("\n"),
		stored: Object.keys(localStorage).map((k) => k + "=" + localStorage.getItem(k)).join("\n"),
		verdicts: (flakylabExercise.last?.runs ?? []).map((r) => ({ check: r.check, verdict: r.verdict ?? "" })),
		rows: [...document.querySelectorAll(".exercise-check")].map((li) => ({
			check: li.dataset.check, status: li.dataset.status,
			labels: [...li.querySelectorAll(".check-io dt")].map((dt) => dt.textContent) })) })`
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](read))
	require.NoError(t, err)
	var tr pageTrace
	require.NoError(t, json.Unmarshal([]byte(text), &tr), "the page's trace: %s", text)
	return tr
}

// assertNoVerdictLeak checks that the real verdicts stayed out of what the
// page shows and stores: no verdict, nothing with a verdict's keys, and no
// expected answer on a check that did not fail (a failed check shows the
// expected answer of its own failing case, which is the feedback; any
// other check showing one reveals what the checks want).
//
// What is stored is mostly JSON, where a verdict would be a string with
// its quotes escaped, so the stored text is searched in both spellings.
func assertNoVerdictLeak(t *testing.T, tr pageTrace, attack string) {
	t.Helper()
	for _, m := range verdictMarkers {
		assert.False(t, strings.Contains(tr.Shown, m), "%s: want no verdict key %s in the page, got %s", attack, m, around(tr.Shown, m))
		for _, sm := range []string{m, inJSON(m)} {
			assert.False(t, strings.Contains(tr.Stored, sm), "%s: want no verdict key %s in localStorage, got %s", attack, sm, around(tr.Stored, sm))
		}
	}
	for _, v := range tr.Verdicts {
		if v.Verdict == "" {
			continue
		}
		assert.False(t, strings.Contains(tr.Shown, v.Verdict), "%s: want check %s's verdict %s nowhere in the page, got it shown", attack, v.Check, v.Verdict)
		for _, sv := range []string{v.Verdict, inJSON(v.Verdict)} {
			assert.False(t, strings.Contains(tr.Stored, sv), "%s: want check %s's verdict %s nowhere in localStorage, got it stored", attack, v.Check, sv)
		}
	}
	for _, r := range tr.Rows {
		if r.Status != "fail" {
			assert.False(t, slices.Contains(r.Labels, "Expected"),
				"%s: check %s is %q, not a failure: want no expected answer shown, got the labels %v", attack, r.Check, r.Status, r.Labels)
		}
	}
}

// inJSON returns s as it appears inside a JSON string.
func inJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// around returns the text around the first sub in s, quoted.
func around(s, sub string) string {
	i := strings.Index(s, sub)
	if i < 0 {
		return "none"
	}
	from, to := max(0, i-60), min(len(s), i+len(sub)+60)
	return strconv.Quote(s[from:to])
}
