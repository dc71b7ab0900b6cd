//go:build ignore

// The part of every check program that does not depend on the exercise:
// the harness of a graded run (sandbox/graded.go). The grader appends the
// exercise's checks.go to it and sets chkSelected and chkSeed. The
// learner's file is another package, imported with a dot so that the
// checks name its exported API as the learner wrote it; nothing here is
// visible to it. The verdict and the input announcements travel through
// package grading, which the learner's file cannot import, never through
// standard output.
//
// It must stay plain Go that the interpreter runs: no generics, no range
// over integers, and no switch without a tag (when a run panics, the
// sandbox reruns it instrumented to find the line, and yaegi v0.16.1 fails
// that rerun on a tagless switch; if-else chains keep the learner's panic
// lines exact). The chk prefix is a habit from when the checks shared the
// learner's package; it keeps them apart from the learner's names in
// messages.

package main

import (
	chkfmt "fmt"
	chkmath "math"
	chkrand "math/rand/v2"
	chksort "sort"
	chkstrings "strings"
	chktime "time"

	chkgrading "flakylab.internal/grading"
	. "submission"
)

// chkResult is the outcome of one check. input says what the check did,
// expected and got what should and did come back. mistake, when the check
// recognized the learner's error, names it, so that the report can open
// with the hint for that mistake.
type chkResult struct {
	pass     bool
	message  string
	input    string
	expected string
	got      string
	mistake  string
}

func chkPass() chkResult { return chkResult{pass: true} }

func chkFail(message, input, expected, got string) chkResult {
	return chkResult{message: message, input: input, expected: expected, got: got}
}

// chkInput announces what the check is about to do, so that a panic or a
// loop that never ends can be reported with the input that caused it.
func chkInput(s string) {
	chkgrading.Input(s)
}

func main() {
	run, ok := chkChecks[chkSelected]
	if !ok {
		chkEmit(chkSelected, chkFail("internal: no check named "+chkSelected, "", "", ""))
		return
	}
	chkEmit(chkSelected, run())
}

// chkEmit reports the verdict: a JSON object.
func chkEmit(name string, r chkResult) {
	pass := "false"
	if r.pass {
		pass = "true"
	}
	chkgrading.Verdict("{\"name\":" + chkQuote(name) +
		",\"pass\":" + pass +
		",\"message\":" + chkQuote(r.message) +
		",\"input\":" + chkQuote(r.input) +
		",\"expected\":" + chkQuote(r.expected) +
		",\"got\":" + chkQuote(r.got) +
		",\"mistake\":" + chkQuote(r.mistake) +
		",\"seed\":" + chkfmt.Sprint(chkSeed) + "}")
}

// chkQuote returns s as a JSON string (encoding/json is not available to
// the interpreter).
func chkQuote(s string) string {
	var b chkstrings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' {
			b.WriteString("\\\"")
		} else if r == '\\' {
			b.WriteString("\\\\")
		} else if r == '\n' {
			b.WriteString("\\n")
		} else if r == '\t' {
			b.WriteString("\\t")
		} else if r < 0x20 || r == 0x7f || r == 0xfffd {
			b.WriteString(chkfmt.Sprintf("\\u%04x", r))
		} else {
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// chkRand returns a source for a check's randomized cases: seeded by the
// submission's seed (chkSeed), one stream per use, so that every part of a
// check draws its own sequence and the seed repeats them all.
func chkRand(stream uint64) *chkrand.Rand {
	return chkrand.New(chkrand.NewPCG(chkSeed, stream))
}

// chkCount returns "1 failure", "3 failures".
func chkCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return chkfmt.Sprintf("%d %ss", n, noun)
}

// chkDur formats a duration the way the messages show them: 700ms, 2s,
// 1.5s, 0s.
func chkDur(d chktime.Duration) string {
	return d.String()
}

// chkAt formats an instant as an offset from the scenario's start.
func chkAt(t0, t chktime.Time) string {
	return "t0+" + t.Sub(t0).String()
}

// chkClose reports whether two durations differ by at most tol.
func chkClose(a, b, tol chktime.Duration) bool {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d <= tol
}

// chkBools formats a list of booleans as "true true false".
func chkBools(bs []bool) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = chkfmt.Sprint(b)
	}
	return chkstrings.Join(parts, " ")
}

// chkDurs formats a list of durations as "[2s 1.2s]".
func chkDurs(ds []chktime.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.String()
	}
	return "[" + chkstrings.Join(parts, " ") + "]"
}

// chkSpread describes what is wrong with samples that should be uniform in
// [0, d): "" when they look uniform. It is the statistical test shared by
// the jitter checks: every sample in range, more than a handful of distinct
// values, some below d/2 (equal jitter never goes there), about half below
// d/2, and a Kolmogorov-Smirnov distance to the uniform distribution small
// enough that a correct solution fails the two tests about once in a
// million seeds (each submission in the page gets a fresh one).
func chkSpread(samples []chktime.Duration, d chktime.Duration) string {
	n := len(samples)
	if n == 0 {
		return "no delays came back"
	}
	seen := map[chktime.Duration]bool{}
	below := 0
	low := d
	for _, s := range samples {
		if s < 0 || s >= d {
			return "a delay of " + chkDur(s) + " is outside [0, " + chkDur(d) + ")"
		}
		seen[s] = true
		if s < d/2 {
			below++
		}
		if s < low {
			low = s
		}
	}
	if len(seen) == 1 {
		return "every delay was " + chkDur(samples[0]) + ": there is no jitter"
	}
	if len(seen) < 20 {
		return chkfmt.Sprintf("only %d different delays in %d draws: the jitter takes too few values", len(seen), n)
	}
	if low >= d/2 {
		return "no delay was below " + chkDur(d/2) + ": that is equal jitter (half fixed, half random), not full jitter"
	}
	// About half below d/2: a band of 5 standard deviations.
	share := float64(below) / float64(n)
	if band := 2.5 / chkmath.Sqrt(float64(n)); share < 0.5-band || share > 0.5+band {
		return chkfmt.Sprintf("%.0f%% of the delays were below %s, want about 50%%", share*100, chkDur(d/2))
	}
	sorted := make([]float64, n)
	for i, s := range samples {
		sorted[i] = float64(s) / float64(d)
	}
	chksort.Float64s(sorted)
	ks := 0.0
	for i, x := range sorted {
		lo := x - float64(i)/float64(n)
		hi := float64(i+1)/float64(n) - x
		ks = chkmath.Max(ks, chkmath.Max(lo, hi))
	}
	if ks > 2.7/chkmath.Sqrt(float64(n)) {
		return chkfmt.Sprintf("the delays are not spread evenly over [0, %s) (Kolmogorov-Smirnov distance %.3f)", chkDur(d), ks)
	}
	return ""
}

// chkSummary describes samples briefly: smallest, mean and largest.
func chkSummary(samples []chktime.Duration) string {
	if len(samples) == 0 {
		return "none"
	}
	lo, hi, sum := samples[0], samples[0], 0.0
	for _, s := range samples {
		if s < lo {
			lo = s
		}
		if s > hi {
			hi = s
		}
		sum += float64(s)
	}
	mean := chktime.Duration(sum / float64(len(samples)))
	return chkfmt.Sprintf("%d delays: min %s, mean %s, max %s", len(samples), chkDur(lo), chkDur(mean.Round(chktime.Millisecond)), chkDur(hi))
}
