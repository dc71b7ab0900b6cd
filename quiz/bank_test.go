package quiz

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func defaultBank(t *testing.T) *Bank {
	t.Helper()
	b, err := Default()
	require.NoError(t, err, "the embedded bank must load")
	return b
}

// TestBankCoversSyllabus checks what the course promises: a quick check in
// every section, a final quiz across sections, every kind, enough cards.
func TestBankCoversSyllabus(t *testing.T) {
	b := defaultBank(t)
	wantSections := []string{"intro", "token-bucket", "timeouts", "what-to-retry", "backoff-and-jitter", "idempotency-keys", "circuit-breakers", "retry-storms"}
	var got []string
	for _, s := range b.Sections {
		got = append(got, s.ID)
	}
	assert.Equal(t, wantSections, got, "section ids in order")

	assert.GreaterOrEqual(t, len(b.Questions), 12, "questions in the bank")
	for _, s := range b.Sections {
		assert.NotEmpty(t, b.Quiz(s.ID), "quick checks in section %q", s.ID)
	}
	final := b.Quiz(FinalQuiz)
	assert.GreaterOrEqual(t, len(final), 5, "final quiz questions")
	finalSections := map[string]bool{}
	for _, q := range final {
		finalSections[q.Section] = true
	}
	assert.GreaterOrEqual(t, len(finalSections), 5, "sections in the final quiz: %v", finalSections)

	kinds := map[Kind]int{}
	for _, q := range b.Questions {
		kinds[q.Kind]++
	}
	for _, k := range []Kind{Single, Multiple, Numeric, Output} {
		assert.Positive(t, kinds[k], "questions of kind %q", k)
	}

	assert.GreaterOrEqual(t, len(b.Cards), 10, "hand-written review cards")
	cardSections := map[string]bool{}
	for _, c := range b.Cards {
		cardSections[c.Section] = true
	}
	for _, s := range b.Sections {
		assert.True(t, cardSections[s.ID], "a review card for section %q", s.ID)
	}
}

// TestBankRules checks each question of the embedded bank directly against
// the schema's rules, independently of the loader's own validation.
func TestBankRules(t *testing.T) {
	b := defaultBank(t)
	sections := map[string]bool{}
	for _, s := range b.Sections {
		sections[s.ID] = true
	}
	ids := map[string]bool{}
	for _, q := range b.Questions {
		t.Run(q.ID, func(t *testing.T) {
			assert.False(t, ids[q.ID], "id %q is unique", q.ID)
			ids[q.ID] = true
			assert.True(t, sections[q.Section], "section %q exists", q.Section)
			assert.NotEmpty(t, strings.TrimSpace(q.Prompt), "prompt")
			assert.NotEmpty(t, strings.TrimSpace(q.Explain), "question explanation")

			keys := 0
			for _, c := range q.Choices {
				assert.NotEmpty(t, strings.TrimSpace(c.Explain), "explanation of choice %q", c.ID)
				if c.Correct {
					keys++
				}
			}
			switch q.Kind {
			case Single, Output:
				assert.Equal(t, 1, keys, "right choices of a %s question", q.Kind)
			case Multiple:
				assert.GreaterOrEqual(t, keys, 1, "right choices of a multiple question")
			case Numeric:
				require.NotNil(t, q.Numeric, "numeric key")
				assert.GreaterOrEqual(t, q.Numeric.Tolerance, 0.0, "tolerance")
				for _, tr := range q.Traps {
					assert.NotEmpty(t, tr.Explain, "explanation of trap %v", tr.Value)
				}
			default:
				t.Errorf("kind %q is unknown", q.Kind)
			}
			if q.Kind == Output {
				assert.NotEmpty(t, q.Source, "source of program %q", q.Program)
				assert.Contains(t, q.Source, "package main", "program %q", q.Program)
			}
		})
	}
}

// TestSectionsMatchLessons keeps section ids equal to the lesson slugs (the
// NN-slug.md file names of the lesson sources), so a quiz can be placed in
// its lesson and link back to it.
func TestSectionsMatchLessons(t *testing.T) {
	dir := filepath.Join("..", "web", "lessons")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("no lesson sources at %s: %v", dir, err)
	}
	lessons := map[int]string{}
	for _, e := range entries {
		m := lessonFile.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		lessons[n] = m[2]
	}
	sections := map[int]string{}
	for _, s := range defaultBank(t).Sections {
		sections[s.Number] = s.ID
	}
	assert.Equal(t, lessons, sections, "lesson slugs by number (want) and section ids by number (got)")
}

var lessonFile = regexp.MustCompile(`^(\d\d)-([a-z0-9-]+)\.md$`)

// goodFiles is a minimal valid bank that the cases below break one way each.
func goodFiles() fstest.MapFS {
	return fstest.MapFS{
		"sections.json": {Data: []byte(`[{"id":"s","number":0,"title":"S"}]`)},
		"cards.json":    {Data: []byte(`[{"id":"c","section":"s","front":"f","back":"b"}]`)},
		"questions/s.json": {Data: []byte(`[
			{"id":"one","section":"s","kind":"single","prompt":"p","explain":"e",
			 "choices":[{"id":"a","text":"A","correct":true,"explain":"x"},{"id":"b","text":"B","explain":"y"}]},
			{"id":"num","section":"s","kind":"numeric","prompt":"p","explain":"e",
			 "numeric":{"value":3,"tolerance":0}},
			{"id":"out","section":"s","kind":"output","prompt":"p","explain":"e","program":"programs/out/main.go",
			 "choices":[{"id":"a","text":"1","correct":true,"explain":"x"},{"id":"b","text":"2","explain":"y"}]}]`)},
		"programs/out/main.go": {Data: []byte("package main\n")},
	}
}

func TestLoadAcceptsGoodBank(t *testing.T) {
	b, err := Load(goodFiles())
	require.NoError(t, err)
	assert.Len(t, b.Questions, 3)
	q, ok := b.Question("out")
	require.True(t, ok)
	assert.Equal(t, "package main\n", q.Source, "source filled in from the program")
	assert.Equal(t, OriginDeck, b.Cards[0].Origin, "origin of a bank card")
}

func TestLoadRejectsBrokenBanks(t *testing.T) {
	q := func(s string) string { return `[` + s + `]` }
	two := `"choices":[{"id":"a","text":"A","correct":true,"explain":"x"},{"id":"b","text":"B","explain":"y"}]`
	cases := []struct {
		name, file, data, want string
	}{
		{"duplicate question id", "questions/t.json", q(`{"id":"one","section":"s","kind":"single","prompt":"p","explain":"e",` + two + `}`), `question id "one" is used twice`},
		{"single with two keys", "questions/t.json", q(`{"id":"x","section":"s","kind":"single","prompt":"p","explain":"e","choices":[{"id":"a","text":"A","correct":true,"explain":"x"},{"id":"b","text":"B","correct":true,"explain":"y"}]}`), "exactly 1 right choice, has 2"},
		{"single with no key", "questions/t.json", q(`{"id":"x","section":"s","kind":"single","prompt":"p","explain":"e","choices":[{"id":"a","text":"A","explain":"x"},{"id":"b","text":"B","explain":"y"}]}`), "exactly 1 right choice, has 0"},
		{"multiple with no key", "questions/t.json", q(`{"id":"x","section":"s","kind":"multiple","prompt":"p","explain":"e","choices":[{"id":"a","text":"A","explain":"x"},{"id":"b","text":"B","explain":"y"}]}`), "at least 1 right choice"},
		{"choice without explanation", "questions/t.json", q(`{"id":"x","section":"s","kind":"single","prompt":"p","explain":"e","choices":[{"id":"a","text":"A","correct":true,"explain":"x"},{"id":"b","text":"B","explain":" "}]}`), `choice "b" has no explanation`},
		{"question without explanation", "questions/t.json", q(`{"id":"x","section":"s","kind":"single","prompt":"p",` + two + `}`), "no explanation"},
		{"unknown section", "questions/t.json", q(`{"id":"x","section":"nope","kind":"single","prompt":"p","explain":"e",` + two + `}`), `section "nope" does not exist`},
		{"unknown kind", "questions/t.json", q(`{"id":"x","section":"s","kind":"essay","prompt":"p","explain":"e"}`), `kind "essay"`},
		{"numeric without tolerance", "questions/t.json", q(`{"id":"x","section":"s","kind":"numeric","prompt":"p","explain":"e","numeric":{"value":1}}`), `needs both "value" and "tolerance"`},
		{"numeric without key", "questions/t.json", q(`{"id":"x","section":"s","kind":"numeric","prompt":"p","explain":"e"}`), `needs "numeric"`},
		{"negative tolerance", "questions/t.json", q(`{"id":"x","section":"s","kind":"numeric","prompt":"p","explain":"e","numeric":{"value":1,"tolerance":-1}}`), "tolerance must be finite and >= 0"},
		{"trap graded right", "questions/t.json", q(`{"id":"x","section":"s","kind":"numeric","prompt":"p","explain":"e","numeric":{"value":1,"tolerance":0.5},"traps":[{"value":1.2,"explain":"t"}]}`), "trap 1.2 would be graded right"},
		{"output without program", "questions/t.json", q(`{"id":"x","section":"s","kind":"output","prompt":"p","explain":"e",` + two + `}`), "needs a program"},
		{"program missing", "questions/t.json", q(`{"id":"x","section":"s","kind":"output","prompt":"p","explain":"e","program":"programs/none/main.go",` + two + `}`), "programs/none/main.go"},
		{"source written by hand", "questions/t.json", q(`{"id":"x","section":"s","kind":"output","prompt":"p","explain":"e","program":"programs/out/main.go","source":"x",` + two + `}`), "source is filled in"},
		{"misspelled field", "questions/t.json", q(`{"id":"x","section":"s","kind":"single","prompt":"p","explain":"e","choises":[]}`), `unknown field "choises"`},
		{"card in unknown section", "cards.json", `[{"id":"c","section":"nope","front":"f","back":"b"}]`, `card "c": section "nope"`},
		{"card without back", "cards.json", `[{"id":"c","section":"s","front":"f","back":""}]`, "needs a front and a back"},
		{"duplicate section", "sections.json", `[{"id":"s","number":0,"title":"S"},{"id":"s","number":1,"title":"T"}]`, `section id "s" is used twice`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := goodFiles()
			files[c.file] = &fstest.MapFile{Data: []byte(c.data)}
			_, err := Load(files)
			require.Error(t, err, "file %s:\n%s", c.file, c.data)
			assert.Contains(t, err.Error(), c.want, "file %s:\n%s", c.file, c.data)
		})
	}
}
