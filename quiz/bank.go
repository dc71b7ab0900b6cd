package quiz

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"
)

//go:embed bank/sections.json bank/cards.json bank/checks.json bank/questions/*.json bank/programs
var bankFiles embed.FS

// Kind is the kind of a question. It is a string, not an int, because it is
// written by hand in the data files and read by the browser.
type Kind string

// The kinds of question.
const (
	Single   Kind = "single"   // exactly one choice is right
	Multiple Kind = "multiple" // one or more choices are right; all of them must be chosen
	Numeric  Kind = "numeric"  // a number, right within an absolute tolerance
	Output   Kind = "output"   // pick what a runnable program prints; exactly one choice is right
)

// hasChoices reports whether questions of kind k are answered by choosing.
func (k Kind) hasChoices() bool { return k == Single || k == Multiple || k == Output }

// Section is one section of the course. Its ID is the lesson's slug.
type Section struct {
	ID     string `json:"id"`
	Number int    `json:"number"`
	Title  string `json:"title"`
}

// Choice is one answer offered by a choice question, with the reason it is
// right or wrong.
type Choice struct {
	ID      string `json:"id"`
	Text    string `json:"text"`
	Correct bool   `json:"correct,omitempty"`
	Explain string `json:"explain"`
}

// NumericKey is the answer of a Numeric question: an answer x is right when
// |x - Value| <= Tolerance (plus a rounding slack of 1e-9 relative to Value).
// Unit is shown after the input box and may be typed after the number.
type NumericKey struct {
	Value     float64 `json:"value"`
	Tolerance float64 `json:"tolerance"`
	Unit      string  `json:"unit,omitempty"`
}

// UnmarshalJSON requires both value and tolerance, so that a forgotten field
// is an error in the bank rather than a silent zero.
func (n *NumericKey) UnmarshalJSON(data []byte) error {
	var raw struct {
		Value     *float64 `json:"value"`
		Tolerance *float64 `json:"tolerance"`
		Unit      string   `json:"unit"`
	}
	if err := decodeStrict(data, &raw); err != nil {
		return err
	}
	if raw.Value == nil || raw.Tolerance == nil {
		return errors.New(`a numeric answer needs both "value" and "tolerance"`)
	}
	*n = NumericKey{Value: *raw.Value, Tolerance: *raw.Tolerance, Unit: raw.Unit}
	return nil
}

// Trap is a likely wrong numeric answer with an explanation of the mistake
// behind it; the grader shows it when the learner's number matches.
type Trap struct {
	Value   float64 `json:"value"`
	Explain string  `json:"explain"`
}

// Question is one question of the bank.
type Question struct {
	ID      string `json:"id"`
	Section string `json:"section"`
	// Final puts the question in the final quiz; otherwise it is a quick
	// check shown inline in its section's lesson.
	Final  bool   `json:"final"`
	Kind   Kind   `json:"kind"`
	Prompt string `json:"prompt"`
	// Code is an optional snippet shown under the prompt.
	Code string `json:"code,omitempty"`
	// Program is the path, inside the bank, of the program an Output
	// question asks about; Source is its text, filled in when the bank is
	// loaded (the data files leave it out).
	Program string `json:"program,omitempty"`
	Source  string `json:"source,omitempty"`

	Choices []Choice    `json:"choices,omitempty"`
	Numeric *NumericKey `json:"numeric,omitempty"`
	Traps   []Trap      `json:"traps,omitempty"`
	// Explain is the explanation of the whole question, shown after grading.
	Explain string `json:"explain"`
	// Card is the ID of the card that states the fact this question tests,
	// if there is one (a deck card, or an exercise check's card): missing
	// the question brings that card back, worded as the question, instead
	// of making a second card about the same fact.
	Card string `json:"card,omitempty"`
}

// Bank is a loaded, validated question bank.
type Bank struct {
	Sections  []Section  `json:"sections"`
	Questions []Question `json:"questions"`
	Cards     []Card     `json:"cards"`
	// CheckCards are the hand-written cards of exercise checks
	// (checks.json), in file order.
	CheckCards []CheckCard `json:"-"`

	byID     map[string]int
	deckIdx  map[string]int
	checkIdx map[string]int
}

// Question returns the question with the given id.
func (b *Bank) Question(id string) (Question, bool) {
	i, ok := b.byID[id]
	if !ok {
		return Question{}, false
	}
	return b.Questions[i], true
}

// FinalQuiz names the final quiz in Quiz.
const FinalQuiz = "final"

// Quiz returns the questions of a quiz in bank order: the final quiz for
// FinalQuiz, or the quick checks of the section with that id. An unknown
// name gives no questions.
func (b *Bank) Quiz(name string) []Question {
	var qs []Question
	for _, q := range b.Questions {
		if (name == FinalQuiz && q.Final) || (!q.Final && q.Section == name) {
			qs = append(qs, q)
		}
	}
	return qs
}

var loadDefault = sync.OnceValues(func() (*Bank, error) {
	sub, err := fs.Sub(bankFiles, "bank")
	if err != nil {
		return nil, err
	}
	return load(sub, checkEmbedded)
})

// Default returns the bank embedded in the package. It is loaded on first
// use, and validated except in the browser runtime (see checkEmbedded); the
// tests make sure it loads, so an error here means a broken build.
func Default() (*Bank, error) { return loadDefault() }

// Load reads and validates a bank laid out as described in SCHEMA.md:
// sections.json, cards.json, questions/*.json and the programs they name.
// Questions and cards are ordered by section, then as written. The error
// lists every problem found, not only the first.
func Load(fsys fs.FS) (*Bank, error) { return load(fsys, true) }

// load is Load, with the rules of SCHEMA.md checked only if validate is
// true.
func load(fsys fs.FS, validate bool) (*Bank, error) {
	b := &Bank{}
	if err := readJSON(fsys, "sections.json", &b.Sections); err != nil {
		return nil, err
	}
	if err := readJSON(fsys, "cards.json", &b.Cards); err != nil {
		return nil, err
	}
	if _, err := fs.Stat(fsys, "checks.json"); err == nil {
		var files []checkCardFile
		if err := readJSON(fsys, "checks.json", &files); err != nil {
			return nil, err
		}
		for _, f := range files {
			for _, c := range f.Checks {
				c.Exercise, c.Section = f.Exercise, f.Section
				b.CheckCards = append(b.CheckCards, c)
			}
		}
	}
	files, err := fs.Glob(fsys, "questions/*.json")
	if err != nil {
		return nil, fmt.Errorf("quiz: %w", err)
	}
	if len(files) == 0 {
		return nil, errors.New("quiz: no questions/*.json files")
	}
	for _, name := range files {
		var qs []Question
		if err := readJSON(fsys, name, &qs); err != nil {
			return nil, err
		}
		b.Questions = append(b.Questions, qs...)
	}

	var errs []error
	for i := range b.Questions {
		q := &b.Questions[i]
		if q.Source != "" {
			errs = append(errs, fmt.Errorf("quiz: question %q: source is filled in from program; leave it out", q.ID))
			continue
		}
		if q.Program == "" {
			continue
		}
		src, err := fs.ReadFile(fsys, path.Clean(q.Program))
		if err != nil {
			errs = append(errs, fmt.Errorf("quiz: question %q: program %s: %w", q.ID, q.Program, err))
			continue
		}
		q.Source = string(src)
	}
	for i := range b.Cards {
		if b.Cards[i].Origin == "" {
			b.Cards[i].Origin = OriginDeck
		}
	}
	b.indexCards()
	if validate {
		errs = append(errs, b.validate()...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	b.sortBySection()
	b.indexCards()
	b.byID = make(map[string]int, len(b.Questions))
	for i, q := range b.Questions {
		b.byID[q.ID] = i
	}
	return b, nil
}

// indexCards maps card IDs to their place in Cards and CheckCards.
func (b *Bank) indexCards() {
	b.deckIdx = make(map[string]int, len(b.Cards))
	for i, c := range b.Cards {
		b.deckIdx[c.ID] = i
	}
	b.checkIdx = make(map[string]int, len(b.CheckCards))
	for i, c := range b.CheckCards {
		b.checkIdx[CheckCardID(c.Exercise, c.Check)] = i
	}
}

// sortBySection orders sections by number, and questions and cards by the
// number of their section, keeping the written order within one section.
func (b *Bank) sortBySection() {
	sort.SliceStable(b.Sections, func(i, j int) bool { return b.Sections[i].Number < b.Sections[j].Number })
	rank := make(map[string]int, len(b.Sections))
	for _, s := range b.Sections {
		rank[s.ID] = s.Number
	}
	sort.SliceStable(b.Questions, func(i, j int) bool {
		return rank[b.Questions[i].Section] < rank[b.Questions[j].Section]
	})
	sort.SliceStable(b.Cards, func(i, j int) bool { return rank[b.Cards[i].Section] < rank[b.Cards[j].Section] })
}

func readJSON(fsys fs.FS, name string, v any) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("quiz: %w", err)
	}
	if err := decodeStrict(data, v); err != nil {
		return fmt.Errorf("quiz: %s: %w", name, err)
	}
	return nil
}

// decodeStrict decodes one JSON value and rejects unknown fields (a typo in
// a field name must not silently drop data) and trailing content.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}
