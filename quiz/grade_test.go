package quiz

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGrade(t *testing.T) {
	cases := []struct {
		name     string
		question string
		answer   Answer
		correct  bool
		answered bool
		note     string // a substring of Result.Note; "" means no note
	}{
		{"single right", "classify-422", Answer{Choices: []string{"b"}}, true, true, ""},
		{"single wrong", "classify-422", Answer{Choices: []string{"a"}}, false, true, ""},
		{"single unanswered", "classify-422", Answer{}, false, false, ""},
		{"single two chosen", "classify-422", Answer{Choices: []string{"a", "b"}}, false, true, "choose exactly one"},
		{"single unknown choice", "classify-422", Answer{Choices: []string{"z"}}, false, true, `no choice "z"`},
		{"single right plus unknown", "classify-422", Answer{Choices: []string{"b", "z"}}, false, true, `no choice "z"`},
		{"single right chosen twice", "classify-422", Answer{Choices: []string{"b", "b"}}, true, true, ""},
		{"multiple all right", "classify-retryable", Answer{Choices: []string{"d", "c", "b", "a"}}, true, true, ""},
		{"multiple one missed", "classify-retryable", Answer{Choices: []string{"a", "b", "c"}}, false, true, ""},
		{"multiple one extra", "classify-retryable", Answer{Choices: []string{"a", "b", "c", "d", "g"}}, false, true, ""},
		{"numeric exact", "bucket-idle-burst", Answer{Value: "10"}, true, true, ""},
		{"numeric with unit", "bucket-idle-burst", Answer{Value: " 10 Requests "}, true, true, ""},
		{"numeric trap", "bucket-idle-burst", Answer{Value: "15"}, false, true, "stops filling at its capacity"},
		{"numeric wrong without trap", "bucket-idle-burst", Answer{Value: "11"}, false, true, ""},
		{"numeric unreadable", "bucket-idle-burst", Answer{Value: "ten"}, false, true, `Could not read "ten"`},
		{"numeric blank", "bucket-idle-burst", Answer{Value: "  "}, false, false, ""},
		{"numeric inside tolerance", "bucket-retry-after", Answer{Value: "0.21"}, true, true, ""},
		{"numeric at tolerance edge", "bucket-retry-after", Answer{Value: "0.19"}, true, true, ""},
		{"numeric outside tolerance", "bucket-retry-after", Answer{Value: "0.22"}, false, true, ""},
		{"numeric decimal comma and unit", "bucket-retry-after", Answer{Value: "0,2s"}, true, true, ""},
		{"numeric trap within tolerance", "bucket-retry-after", Answer{Value: "0.255"}, false, true, "a whole token from nothing"},
		{"numeric grouped thousands", "storms-multiply", Answer{Value: "4,000,000"}, false, true, ""},
		{"numeric read two ways", "storms-multiply", Answer{Value: "4,000"}, false, false, "could be 4 or 4000"},
		{"numeric time unit converted", "bucket-retry-after", Answer{Value: "200 ms"}, true, true, ""},
		{"numeric Retry-After rounded up", "bucket-retry-after", Answer{Value: "1"}, false, true, "rounds the wait up"},
		{"output right", "backoff-output", Answer{Choices: []string{"a"}}, true, true, ""},
		{"output wrong", "backoff-output", Answer{Choices: []string{"b"}}, false, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Grade(c.question, c.answer)
			in := func() string { b, _ := json.Marshal(c.answer); return c.question + " " + string(b) }()
			assert.Empty(t, got.Error, "%s: error", in)
			assert.Equal(t, c.correct, got.Correct, "%s: correct", in)
			assert.Equal(t, c.answered, got.Answered, "%s: answered", in)
			if c.note == "" {
				assert.Empty(t, got.Note, "%s: note", in)
			} else {
				assert.Contains(t, got.Note, c.note, "%s: note", in)
			}
			assert.NotEmpty(t, got.Right, "%s: right answer", in)
			assert.NotEmpty(t, got.Explain, "%s: explanation", in)
		})
	}
}

func TestGradeMarksEveryChoice(t *testing.T) {
	// a, b, c, d are right; e, f, g are wrong. Choose a, b (right), g (wrong).
	got := Grade("classify-retryable", Answer{Choices: []string{"a", "b", "g"}})
	want := map[string]Mark{
		"a": ChosenRight, "b": ChosenRight, "c": Missed, "d": Missed,
		"e": NotChosen, "f": NotChosen, "g": ChosenWrong,
	}
	marks := map[string]Mark{}
	for _, c := range got.Choices {
		marks[c.ID] = c.Mark
		assert.NotEmpty(t, c.Explain, "explanation of choice %q", c.ID)
	}
	assert.Equal(t, want, marks, "marks for choices a, b, g")
	assert.Equal(t, []string{"a", "b", "c", "d"}, got.RightChoices, "right choices")
	assert.False(t, got.Correct)
}

func TestGradeRightAnswer(t *testing.T) {
	cases := []struct{ question, want string }{
		{"bucket-idle-burst", "10 requests"},
		{"bucket-retry-after", "0.2 s (± 0.01)"},
		{"backoff-output", "[1s 2s 4s 8s 10s 10s]"},
		{"breaker-failed-probe", "Open again, for another full cooldown."},
		{"storms-rules", "Wait longer before each retry, with jitter.\nStop after a few attempts.\nNever retry what cannot succeed, such as a 400 or 422."},
	}
	for _, c := range cases {
		got := Grade(c.question, Answer{})
		assert.Equal(t, c.want, got.Right, "right answer of %s", c.question)
	}
}

func TestGradeUnknownQuestion(t *testing.T) {
	got := Grade("no-such-question", Answer{Choices: []string{"a"}})
	assert.Equal(t, `quiz: no question "no-such-question"`, got.Error)
	assert.False(t, got.Correct)
}

func TestScore(t *testing.T) {
	responses := []Response{
		{Question: "bucket-vs-counter", Answer: Answer{Choices: []string{"a"}}},   // right
		{Question: "timeouts-split", Answer: Answer{Choices: []string{"a", "b"}}}, // right
		{Question: "classify-retryable", Answer: Answer{Choices: []string{"a"}}},  // missed
		{Question: "backoff-retry-after-wins", Answer: Answer{}},                  // unanswered
		{Question: "storms-multiply", Answer: Answer{Value: "4000"}},              // right
		{Question: "nope", Answer: Answer{Choices: []string{"a"}}},                // unknown
	}
	r := Score(responses)
	assert.Empty(t, r.Error)
	assert.Equal(t, 6, r.Total, "total")
	assert.Equal(t, 3, r.Correct, "correct")
	assert.Equal(t, 50, r.Percent, "percent")
	require.Len(t, r.Results, 6, "one result per response")
	for i, res := range r.Results {
		assert.Equal(t, responses[i].Question, res.Question, "result %d in response order", i)
	}
	var cardIDs []string
	for _, c := range r.Cards {
		cardIDs = append(cardIDs, c.ID)
	}
	assert.Equal(t, []string{"card-classify-table", "card-backoff-order"}, cardIDs,
		"cards for the missed and unanswered questions (the deck cards of their facts; none for an unknown id)")

	// Two missed questions about one fact give one card.
	r = Score([]Response{
		{Question: "breaker-open", Answer: Answer{Choices: []string{"b"}}},
		{Question: "breaker-failed-probe", Answer: Answer{Choices: []string{"a"}}},
		{Question: "storms-composition", Answer: Answer{Choices: []string{"a"}}},
	})
	cardIDs = nil
	for _, c := range r.Cards {
		cardIDs = append(cardIDs, c.ID)
	}
	assert.Equal(t, []string{"card-breaker-states", "quiz:storms-composition"}, cardIDs, "one card per fact")
}

func TestScorePercentRounds(t *testing.T) {
	cases := []struct {
		right, total, want int
	}{{0, 0, 0}, {1, 3, 33}, {2, 3, 67}, {3, 3, 100}}
	for _, c := range cases {
		var rs []Response
		for i := 0; i < c.total; i++ {
			v := "1"
			if i < c.right {
				v = "10"
			}
			rs = append(rs, Response{Question: "bucket-idle-burst", Answer: Answer{Value: v}})
		}
		got := Score(rs)
		assert.Equal(t, c.want, got.Percent, "%d of %d right", c.right, c.total)
	}
}

func TestMarkText(t *testing.T) {
	for _, m := range []Mark{NotChosen, ChosenRight, ChosenWrong, Missed} {
		text, err := m.MarshalText()
		require.NoError(t, err)
		var back Mark
		require.NoError(t, back.UnmarshalText(text), "mark %q", text)
		assert.Equal(t, m, back, "round trip of %q", text)
	}
	assert.Equal(t, "Mark(9)", Mark(9).String())
	var m Mark
	assert.Error(t, m.UnmarshalText([]byte("maybe")), "unknown mark name")
}
