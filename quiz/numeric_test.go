package quiz

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// numberInputs are typed answers and the unit of their question. The Go
// reader's verdict on each is kept in testdata/number-vectors.json, which
// the browser's stand-in must reproduce (web/quiz/grade.test.mjs).
var numberInputs = []struct{ Text, Unit string }{
	{"10", ""}, {" 10 ", ""}, {"10 requests", "requests"}, {"1 request", "requests"},
	{"0.2s", "s"}, {"0.2 S", "s"}, {"0,2", ""}, {"-3", ""}, {".5", ""}, {"1e3", ""}, {"2.5E-1 s", "s"},
	{"4 000", ""}, {"4_000", ""}, {"1,234,567", ""}, {"1.234.567", ""}, {"1,234.5", ""}, {"1.234,5", ""},
	{"1 234,5", ""}, {"1234,5", ""}, {"12,50", ""}, {"1234.567", ""},
	{"0.2 seconds", "s"}, {"8 sec", "s"}, {"200ms", "s"}, {"200 ms", "s"}, {"1.5 min", "s"},
	{"0.5 s", "ms"}, {"2 h", "min"}, {"250 µs", "ms"}, {"10 seconds", "s"},
	{"4,000", "requests"}, {"4.000", ""}, {"0,200", "s"}, {"0.200", "s"}, {"0.255", ""}, {"00,500", ""}, {"-1,500", ""}, {"4,000e2", ""},
	{"s", "s"}, {"", ""}, {"ten", ""}, {"1,2,3", ""}, {"12,34.5", ""}, {"1.2.3,4", ""}, {"0x10", ""},
	{"NaN", ""}, {"Inf", ""}, {"1e999", ""}, {"2e", ""}, {"10 apples", "requests"}, {"10 ms", "requests"},
	{"5 requests", ""},
}

func TestReadNumber(t *testing.T) {
	cases := []struct {
		text, unit string
		want       float64
		ok, ask    bool
		note       string // part of the note
	}{
		{"10", "", 10, true, false, ""},
		{"10 requests", "requests", 10, true, false, ""},
		{"1 request", "requests", 1, true, false, ""},
		{"0.2 S", "s", 0.2, true, false, ""},
		{"0,2", "", 0.2, true, false, ""},
		{"1,234,567", "", 1234567, true, false, ""},
		{"1.234.567", "", 1234567, true, false, ""},
		{"1,234.5", "", 1234.5, true, false, ""},
		{"1.234,5", "", 1234.5, true, false, ""},
		{"1 234,5", "", 1234.5, true, false, ""},
		{"12,50", "", 12.5, true, false, ""},
		{"1234.567", "", 1234.567, true, false, ""},
		{"4 000", "", 4000, true, false, ""},
		{"2.5E-1 s", "s", 0.25, true, false, ""},
		// Time units are converted to the question's.
		{"0.2 seconds", "s", 0.2, true, false, ""},
		{"8 sec", "s", 8, true, false, ""},
		{"200ms", "s", 0.2, true, false, ""},
		{"1.5 min", "s", 90, true, false, ""},
		{"0.5 s", "ms", 500, true, false, ""},
		{"2 h", "min", 120, true, false, ""},
		{"250 µs", "ms", 0.25, true, false, ""},
		// One separator and three digits: ask, do not guess.
		{"4,000", "requests", 0, false, true, `"4,000" could be 4 or 4000`},
		{"4.000", "", 0, false, true, `"4.000" could be 4 or 4000`},
		{"0,200", "s", 0, false, true, `"0,200" could be 0.2 or 200`},
		{"-1,500", "", 0, false, true, `"-1,500" could be -1.5 or -1500`},
		{"0.200", "s", 0.2, true, false, ""},
		{"0.255", "", 0.255, true, false, ""},
		// Unreadable.
		{"ten", "", 0, false, false, `Could not read "ten" as a number`},
		{"1,2,3", "", 0, false, false, "as a number"},
		{"12,34.5", "", 0, false, false, "as a number"},
		{"NaN", "", 0, false, false, "as a number"},
		{"1e999", "", 0, false, false, "as a number"},
		{"10 apples", "requests", 0, false, false, `the unit "apples" of "10 apples": the answer is a number in requests`},
		{"10 ms", "requests", 0, false, false, "in requests"},
		{"5 requests", "", 0, false, false, "a number without a unit"},
	}
	for _, c := range cases {
		r := ReadNumber(c.text, c.unit)
		assert.Equal(t, c.ok, r.OK, "ReadNumber(%q, %q): ok (note %q)", c.text, c.unit, r.Note)
		assert.Equal(t, c.ask, r.Ask, "ReadNumber(%q, %q): ask", c.text, c.unit)
		assert.Contains(t, r.Note, c.note, "ReadNumber(%q, %q): note", c.text, c.unit)
		if c.ok {
			assert.Equal(t, c.want, r.Value, "ReadNumber(%q, %q): value", c.text, c.unit)
			assert.Empty(t, r.Note, "ReadNumber(%q, %q): note", c.text, c.unit)
		}
		got, ok := ParseNumber(c.text, c.unit)
		assert.Equal(t, c.ok, ok, "ParseNumber(%q, %q)", c.text, c.unit)
		assert.Equal(t, r.Value, got, "ParseNumber(%q, %q)", c.text, c.unit)
	}
}

// TestAskedNumberMakesNoCard: an answer the grader asks about is neither
// right nor wrong, and no card is made for it.
func TestAskedNumberMakesNoCard(t *testing.T) {
	b := defaultBank(t)
	rep := b.Score([]Response{
		{Question: "storms-multiply", Answer: Answer{Value: "4,000"}},
		{Question: "storms-multiply", Answer: Answer{Value: "4000"}},
		{Question: "bucket-idle-burst", Answer: Answer{Value: "0,200"}},
	})
	assert.True(t, rep.Results[0].Ask, "4,000 is asked about: %+v", rep.Results[0])
	assert.False(t, rep.Results[0].Answered, "an asked answer is not graded")
	assert.True(t, rep.Results[1].Correct, "4000 requests")
	assert.True(t, rep.Results[2].Ask, "0,200 is asked about")
	assert.Empty(t, rep.Cards, "no card for asked answers; got %+v", rep.Cards)
}
