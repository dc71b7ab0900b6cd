package quiz

import (
	"math"
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
	n := ReadNumber(typed, k.Unit)
	if !n.OK {
		res.Note = n.Note
		if n.Ask {
			// Not graded: the page asks the learner which number they meant.
			res.Answered, res.Ask = false, true
		}
		return
	}
	if within(n.Value, k) {
		res.Correct = true
		return
	}
	for _, t := range q.Traps {
		if within(n.Value, NumericKey{Value: t.Value, Tolerance: k.Tolerance}) {
			res.Note = t.Explain
			return
		}
	}
}

// Reading is what ReadNumber made of a typed answer: the number in the
// question's unit, or a note saying why there is none. Ask marks a number
// that could be read two ways ("4,000": four, or four thousand?): the note
// then asks the learner which one they meant, instead of guessing.
type Reading struct {
	Value float64
	OK    bool
	Note  string
	Ask   bool
}

// timeUnits maps the names of time units a learner may type to their
// length in nanoseconds. The ratio of any two is a whole number, so a
// conversion is one exactly rounded multiplication or division.
var timeUnits = map[string]int64{
	"ns": 1, "nanosecond": 1, "nanoseconds": 1,
	"µs": 1e3, "μs": 1e3, "us": 1e3, "microsecond": 1e3, "microseconds": 1e3,
	"ms": 1e6, "msec": 1e6, "msecs": 1e6, "millisecond": 1e6, "milliseconds": 1e6,
	"s": 1e9, "sec": 1e9, "secs": 1e9, "second": 1e9, "seconds": 1e9,
	"min": 60e9, "mins": 60e9, "minute": 60e9, "minutes": 60e9,
	"h": 3600e9, "hr": 3600e9, "hrs": 3600e9, "hour": 3600e9, "hours": 3600e9,
}

// ReadNumber reads a number as a learner types it, in the question's unit:
//
//   - surrounding spaces, digit grouping with spaces or underscores
//     ("4 000", "4_000"), and a decimal point or a decimal comma ("0.2",
//     "0,2");
//   - digit grouping with commas or points when it cannot be a decimal:
//     "1,234,567", "1.234.567", "1,234.5" and "1.234,5";
//   - after the number, the question's unit (without regard to case, and
//     in the singular: "1 request" for "requests"), or, when the question's
//     unit is a time unit, any time unit, converted: for a question in
//     seconds "200ms", "0.2 sec" and "0.2 seconds" all read 0.2.
//
// One separator followed by exactly three digits ("4,000", "4.000",
// "0,200") is a decimal in some countries and digit grouping in others, so
// it is not read: the Reading asks which number was meant. The exception is
// a point after a zero ("0.255"), which is a decimal everywhere. Only plain
// decimals are read (no hex, NaN or infinities), and numbers too large for
// a float64 are refused.
func ReadNumber(text, unit string) Reading {
	shown := strconv.Quote(strings.TrimSpace(text))
	num, typedUnit := splitUnit(strings.TrimSpace(text))
	if num == "" {
		return Reading{Note: "Could not read " + shown + " as a number."}
	}
	s, ask := normalizeSeparators(num)
	if ask != "" {
		return Reading{Note: shown + ask, Ask: true}
	}
	if s == "" || !isDecimal(s) {
		return Reading{Note: "Could not read " + shown + " as a number."}
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !finite(x) {
		return Reading{Note: "Could not read " + shown + " as a number."}
	}
	x, ok := convertUnit(x, typedUnit, unit)
	if !ok {
		want := "without a unit"
		if u := strings.TrimSpace(unit); u != "" {
			want = "in " + u
		}
		return Reading{Note: "Could not read the unit " + strconv.Quote(typedUnit) + " of " + shown + ": the answer is a number " + want + "."}
	}
	return Reading{Value: x, OK: true}
}

// ParseNumber is ReadNumber without the note: the number in the question's
// unit, and whether there is one.
func ParseNumber(text, unit string) (float64, bool) {
	r := ReadNumber(text, unit)
	return r.Value, r.OK
}

// splitUnit splits "0.2 seconds" into the number and the unit. The number
// is the longest prefix made of digits, signs, separators, spaces and an
// exponent; what follows, trimmed, is the unit.
func splitUnit(s string) (num, unit string) {
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c == '.', c == ',', c == '_', c == ' ':
		case (c == '+' || c == '-') && (i == 0 || s[i-1] == 'e' || s[i-1] == 'E'):
		case (c == 'e' || c == 'E') && i > 0 && i+1 < len(s) && isExponentStart(s[i+1:]):
		default:
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i:])
		}
		i++
	}
	return strings.TrimSpace(s), ""
}

// isExponentStart reports whether s, the text after an 'e', begins an
// exponent: a digit, or a sign and a digit.
func isExponentStart(s string) bool {
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// normalizeSeparators removes digit grouping and turns a decimal comma into
// a point. It returns "" when the separators make no sense, and a question
// to ask (after the learner's text) when they could mean two numbers.
func normalizeSeparators(num string) (s, ask string) {
	s = strings.NewReplacer("_", "", " ", "").Replace(num)
	mantissa, exp := s, ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mantissa, exp = s[:i], s[i:]
	}
	sign := ""
	if mantissa != "" && (mantissa[0] == '+' || mantissa[0] == '-') {
		sign, mantissa = mantissa[:1], mantissa[1:]
	}
	commas, points := strings.Count(mantissa, ","), strings.Count(mantissa, ".")
	switch {
	case commas == 0 && points == 0:
		return s, ""
	case commas > 0 && points > 0:
		// The last separator is the decimal one; the other groups digits.
		dec, group := ".", ","
		if strings.LastIndex(mantissa, ",") > strings.LastIndex(mantissa, ".") {
			dec, group = ",", "."
		}
		i := strings.LastIndex(mantissa, dec)
		whole, frac := mantissa[:i], mantissa[i+1:]
		if strings.Contains(frac, group) || strings.Count(mantissa, dec) > 1 || !grouped(whole, group) {
			return "", ""
		}
		return sign + strings.ReplaceAll(whole, group, "") + "." + frac + exp, ""
	}
	sep := ","
	if points > 0 {
		sep = "."
	}
	if strings.Count(mantissa, sep) > 1 {
		if !grouped(mantissa, sep) {
			return "", ""
		}
		return sign + strings.ReplaceAll(mantissa, sep, "") + exp, ""
	}
	whole, frac, _ := strings.Cut(mantissa, sep)
	// A point before a zero whole part ("0.255") is a decimal everywhere;
	// a comma there asks too, as "0,200" is often meant as 200.
	zero := strings.TrimLeft(whole, "0") == ""
	if len(frac) == 3 && len(whole) >= 1 && len(whole) <= 3 && allDigits(whole) && allDigits(frac) && !(sep == "." && zero) {
		asDecimal := sign + strings.TrimSuffix(strings.TrimRight(whole+"."+frac, "0"), ".") + exp
		asGrouped := strings.TrimLeft(whole+frac, "0")
		if asGrouped == "" {
			asGrouped = "0"
		}
		asGrouped = sign + asGrouped + exp
		return "", " could be " + asDecimal + " or " + asGrouped + ". Type the number you meant again, as " + asDecimal + " or as " + asGrouped + "."
	}
	return sign + whole + "." + frac + exp, ""
}

// grouped reports whether s is digits grouped in threes by sep: 1,234,567.
func grouped(s, sep string) bool {
	parts := strings.Split(s, sep)
	if len(parts[0]) < 1 || len(parts[0]) > 3 || !allDigits(parts[0]) {
		return false
	}
	for _, p := range parts[1:] {
		if len(p) != 3 || !allDigits(p) {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isDecimal reports whether s is digits with an optional sign, point and
// exponent. It keeps out what strconv would also take (hex, "inf", "nan"),
// so the browser's fallback grader can accept exactly the same strings.
func isDecimal(s string) bool {
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	mantissa, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, frac, _ := strings.Cut(mantissa, ".")
	if !allDigits(whole) || !allDigits(frac) || whole+frac == "" {
		return false
	}
	if hasExp {
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			exp = exp[1:]
		}
		return exp != "" && allDigits(exp)
	}
	return true
}

// convertUnit turns x, typed in unit typed, into the question's unit.
func convertUnit(x float64, typed, unit string) (float64, bool) {
	t, u := strings.ToLower(typed), strings.ToLower(strings.TrimSpace(unit))
	if t == "" || t == u || (len(u) > 1 && t == strings.TrimSuffix(u, "s")) {
		return x, true
	}
	ft, okT := timeUnits[t]
	fu, okU := timeUnits[u]
	if !okT || !okU {
		return 0, false
	}
	// One exactly rounded operation, so that 200 ms is exactly 0.2 s.
	if ft >= fu {
		return x * float64(ft/fu), true
	}
	return x / float64(fu/ft), true
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
