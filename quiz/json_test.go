package quiz

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestGradeJSON(t *testing.T) {
	cases := []struct {
		question, answer string
		correct          bool
		errPart          string
	}{
		{"classify-422", `{"choices":["b"]}`, true, ""},
		{"bucket-idle-burst", `{"value":"10"}`, true, ""},
		{"bucket-idle-burst", `{"value":"15"}`, false, ""},
		{"classify-422", `{"choice":"b"}`, false, "reading the answer"},
		{"classify-422", `not json`, false, "reading the answer"},
		{"nope", `{}`, false, `no question "nope"`},
	}
	for _, c := range cases {
		var got Result
		out := GradeJSON(c.question, c.answer)
		require.NoError(t, json.Unmarshal([]byte(out), &got), "GradeJSON(%q, %q) = %s", c.question, c.answer, out)
		assert.Equal(t, c.correct, got.Correct, "GradeJSON(%q, %q) = %s", c.question, c.answer, out)
		if c.errPart == "" {
			assert.Empty(t, got.Error, "GradeJSON(%q, %q)", c.question, c.answer)
		} else {
			assert.Contains(t, got.Error, c.errPart, "GradeJSON(%q, %q)", c.question, c.answer)
		}
	}
}

func TestScoreJSON(t *testing.T) {
	cases := []struct {
		in      string
		total   int
		errPart string
	}{
		{`[{"question":"classify-422","answer":{"choices":["b"]}},{"question":"storms-multiply","answer":{"value":"3000"}}]`, 2, ""},
		{`[]`, 0, ""},
		{`{"question":"classify-422"}`, 0, "reading the responses"},
		{`[{"question":"classify-422","answer":{}}] trailing`, 0, "reading the responses"},
	}
	for _, c := range cases {
		var got Report
		out := ScoreJSON(c.in)
		require.NoError(t, json.Unmarshal([]byte(out), &got), "ScoreJSON(%s) = %s", c.in, out)
		assert.Equal(t, c.total, got.Total, "ScoreJSON(%s) total", c.in)
		assert.NotNil(t, got.Results, "ScoreJSON(%s) results is a list, never null", c.in)
		assert.NotNil(t, got.Cards, "ScoreJSON(%s) cards is a list, never null", c.in)
		if c.errPart == "" {
			assert.Empty(t, got.Error, "ScoreJSON(%s)", c.in)
		} else {
			assert.Contains(t, got.Error, c.errPart, "ScoreJSON(%s)", c.in)
		}
	}
}

// vectorResponses are graded by the Go grader into testdata/grade-vectors.json;
// the browser's stand-in grader must produce the same reports (see
// web/quiz/grade.test.mjs). Together they touch every grading rule.
var vectorResponses = map[string][]Response{
	"all right": {
		{Question: "bucket-vs-counter", Answer: Answer{Choices: []string{"a"}}},
		{Question: "classify-retryable", Answer: Answer{Choices: []string{"a", "b", "c", "d"}}},
		{Question: "bucket-retry-after", Answer: Answer{Value: "0.21 s"}},
		{Question: "backoff-output", Answer: Answer{Choices: []string{"a"}}},
	},
	"mixed": {
		{Question: "intro-lockstep", Answer: Answer{Choices: []string{"a"}}},
		{Question: "timeouts-split", Answer: Answer{Choices: []string{"a", "c"}}},
		{Question: "bucket-idle-burst", Answer: Answer{Value: "15"}},
		{Question: "storms-multiply", Answer: Answer{Value: "4,000"}},
		{Question: "idempotency-key-facts", Answer: Answer{}},
		{Question: "bucket-retry-after", Answer: Answer{Value: "0,8"}},
		{Question: "backoff-cap", Answer: Answer{Value: "eight"}},
		{Question: "backoff-cap", Answer: Answer{Value: "8000 ms"}},
		{Question: "bucket-retry-after", Answer: Answer{Value: "0,200"}},
		{Question: "classify-422", Answer: Answer{Choices: []string{"a", "b"}}},
		{Question: "breaker-open", Answer: Answer{Choices: []string{"a", "x"}}},
		{Question: "no-such-question", Answer: Answer{Choices: []string{"a"}}},
	},
	"empty": {},
}

// TestGolden keeps testdata/ current: the site document of the bank and
// the grading vectors. Run `go test ./quiz -run Golden -update` after
// changing the bank or the grader.
func TestGolden(t *testing.T) {
	site, err := SiteJSON(defaultBank(t))
	require.NoError(t, err)
	vectors := map[string]Report{}
	for name, rs := range vectorResponses {
		vectors[name] = Score(rs)
	}
	type vectorFile struct {
		Responses map[string][]Response `json:"responses"`
		Reports   map[string]Report     `json:"reports"`
	}
	grades, err := json.MarshalIndent(vectorFile{vectorResponses, vectors}, "", " ")
	require.NoError(t, err)
	type numberVector struct {
		Text  string  `json:"text"`
		Unit  string  `json:"unit"`
		Value float64 `json:"value"`
		OK    bool    `json:"ok"`
		Note  string  `json:"note"`
		Ask   bool    `json:"ask"`
	}
	var nv []numberVector
	for _, in := range numberInputs {
		r := ReadNumber(in.Text, in.Unit)
		nv = append(nv, numberVector{in.Text, in.Unit, r.Value, r.OK, r.Note, r.Ask})
	}
	numbers, err := json.MarshalIndent(nv, "", " ")
	require.NoError(t, err)

	for name, want := range map[string][]byte{"site-bank.json": site, "grade-vectors.json": grades, "number-vectors.json": numbers} {
		path := filepath.Join("testdata", name)
		want = append(want, '\n')
		if *update {
			require.NoError(t, os.MkdirAll("testdata", 0o755))
			require.NoError(t, os.WriteFile(path, want, 0o644))
			continue
		}
		got, err := os.ReadFile(path)
		require.NoError(t, err, "run `go test ./quiz -run Golden -update` to create %s", path)
		assert.Equal(t, string(want), string(got), "%s is stale: run `go test ./quiz -run Golden -update`", path)
	}
}

func TestSiteJSON(t *testing.T) {
	data, err := SiteJSON(defaultBank(t))
	require.NoError(t, err)
	var doc struct {
		Schema    int        `json:"schema"`
		Sections  []Section  `json:"sections"`
		Questions []Question `json:"questions"`
		Cards     []Card     `json:"cards"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))
	assert.Equal(t, SiteSchema, doc.Schema, "schema")
	assert.Len(t, doc.Sections, 8, "sections")
	for _, q := range doc.Questions {
		if q.Kind == Output {
			assert.Contains(t, q.Source, "func main()", "source inlined for %s", q.ID)
		}
	}
}
