package quiz

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// within reports whether x is a right answer for the key: |x - Value| is at
// most Tolerance, with a slack of 1e-9 relative to Value so that a decimal
// typed by the learner (0.1 + 0.2 style rounding) is not marked wrong.
func within(x float64, k NumericKey) bool {
	slack := 1e-9 * math.Max(1, math.Abs(k.Value))
	return math.Abs(x-k.Value) <= k.Tolerance+slack
}

func gradeNumeric(q Question, typed string, res *Result) {
	k := *q.Numeric
	res.Answered = strings.TrimSpace(typed) != ""
	if !res.Answered {
		return
	}
	x, ok := ParseNumber(typed, k.Unit)
	if !ok {
		res.Note = "Could not read " + strconv.Quote(strings.TrimSpace(typed)) + " as a number."
		return
	}
	if within(x, k) {
		res.Correct = true
		return
	}
	for _, t := range q.Traps {
		if within(x, NumericKey{Value: t.Value, Tolerance: k.Tolerance}) {
			res.Note = t.Explain
			return
		}
	}
}

// thousands matches numbers grouped with commas, such as 4,000 or 1,234.5.
var thousands = regexp.MustCompile(`^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$`)

// decimal is the form of number accepted: digits with an optional point and
// exponent. It keeps out what strconv would also take (hex, "inf", "nan"),
// so the browser's fallback grader can accept exactly the same strings.
var decimal = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$`)

// ParseNumber reads a number as a learner types it: surrounding spaces, an
// optional unit after it (the question's unit, matched without regard to
// case), digit grouping with commas ("4,000"), underscores or spaces
// ("4 000"), and a decimal comma when there is no point ("0,2"). Only plain
// decimals are read (no hex, NaN or infinities), and numbers too large for
// a float64 are refused.
func ParseNumber(text, unit string) (float64, bool) {
	s := strings.TrimSpace(text)
	if u := strings.TrimSpace(unit); u != "" && len(s) > len(u) && strings.EqualFold(s[len(s)-len(u):], u) {
		s = strings.TrimSpace(s[:len(s)-len(u)])
	}
	s = strings.NewReplacer("_", "", " ", "").Replace(s)
	switch {
	case thousands.MatchString(s):
		s = strings.ReplaceAll(s, ",", "")
	case strings.Count(s, ",") == 1 && !strings.Contains(s, "."):
		s = strings.Replace(s, ",", ".", 1)
	}
	if !decimal.MatchString(s) {
		return 0, false
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !finite(x) {
		return 0, false
	}
	return x, true
}

// RightAnswer is the right answer of a question in words: the text of the
// right choice (one line per right choice for Multiple), or the number with
// its unit and tolerance.
func RightAnswer(q Question) string {
	if q.Kind == Numeric {
		if q.Numeric == nil {
			return ""
		}
		s := formatNumber(q.Numeric.Value)
		if q.Numeric.Unit != "" {
			s += " " + q.Numeric.Unit
		}
		if q.Numeric.Tolerance > 0 {
			s += " (± " + formatNumber(q.Numeric.Tolerance) + ")"
		}
		return s
	}
	var right []string
	for _, c := range q.Choices {
		if c.Correct {
			right = append(right, c.Text)
		}
	}
	return strings.Join(right, "\n")
}

// formatNumber writes a number the short way: 10, 0.2, 4000.
func formatNumber(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
