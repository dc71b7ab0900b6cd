package quiz

import (
	"fmt"
	"math"
	"strings"
)

// validate checks the rules of SCHEMA.md and returns every violation.
func (b *Bank) validate() []error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("quiz: "+format, args...))
	}

	sections := make(map[string]bool, len(b.Sections))
	numbers := make(map[int]bool, len(b.Sections))
	for _, s := range b.Sections {
		switch {
		case s.ID == "":
			bad("section %d has no id", s.Number)
		case sections[s.ID]:
			bad("section id %q is used twice", s.ID)
		case numbers[s.Number]:
			bad("section number %d is used twice", s.Number)
		case strings.TrimSpace(s.Title) == "":
			bad("section %q has no title", s.ID)
		}
		sections[s.ID] = true
		numbers[s.Number] = true
	}

	ids := make(map[string]bool, len(b.Questions))
	for _, q := range b.Questions {
		if q.ID == "" {
			bad("a question in section %q has no id", q.Section)
		} else if ids[q.ID] {
			bad("question id %q is used twice", q.ID)
		}
		ids[q.ID] = true
		for _, msg := range questionProblems(q, sections) {
			bad("question %q: %s", q.ID, msg)
		}
	}

	cards := make(map[string]bool, len(b.Cards))
	for _, c := range b.Cards {
		switch {
		case c.ID == "":
			bad("a card in section %q has no id", c.Section)
		case cards[c.ID]:
			bad("card id %q is used twice", c.ID)
		case !sections[c.Section]:
			bad("card %q: section %q does not exist", c.ID, c.Section)
		case strings.TrimSpace(c.Front) == "" || strings.TrimSpace(c.Back) == "":
			bad("card %q needs a front and a back", c.ID)
		case c.Origin != OriginDeck:
			bad("card %q: origin %q; cards in the bank are %q", c.ID, c.Origin, OriginDeck)
		}
		cards[c.ID] = true
	}
	for _, q := range b.Questions {
		if _, ok := b.Card(q.Card); q.Card != "" && !ok {
			bad("question %q: card %q is neither a deck card nor a check card", q.ID, q.Card)
		}
	}
	for _, msg := range b.checkCardProblems(sections, cards) {
		bad("%s", msg)
	}
	return errs
}

// questionProblems lists what is wrong with one question.
func questionProblems(q Question, sections map[string]bool) []string {
	var p []string
	if !sections[q.Section] {
		p = append(p, fmt.Sprintf("section %q does not exist", q.Section))
	}
	if strings.TrimSpace(q.Prompt) == "" {
		p = append(p, "no prompt")
	}
	if strings.TrimSpace(q.Explain) == "" {
		p = append(p, "no explanation")
	}

	switch q.Kind {
	case Single, Multiple, Output:
		p = append(p, choiceProblems(q)...)
		if q.Numeric != nil || len(q.Traps) > 0 {
			p = append(p, "numeric and traps belong to numeric questions only")
		}
	case Numeric:
		p = append(p, numericProblems(q)...)
	default:
		p = append(p, fmt.Sprintf("kind %q is not one of single, multiple, numeric, output", q.Kind))
	}

	if q.Kind == Output {
		if q.Program == "" {
			p = append(p, "an output question needs a program")
		}
	} else if q.Program != "" {
		p = append(p, "only output questions have a program")
	}
	return p
}

func choiceProblems(q Question) []string {
	var p []string
	if len(q.Choices) < 2 {
		p = append(p, fmt.Sprintf("needs at least 2 choices, has %d", len(q.Choices)))
	}
	seen := make(map[string]bool, len(q.Choices))
	correct := 0
	for _, c := range q.Choices {
		switch {
		case c.ID == "":
			p = append(p, fmt.Sprintf("choice %q has no id", c.Text))
		case seen[c.ID]:
			p = append(p, fmt.Sprintf("choice id %q is used twice", c.ID))
		}
		seen[c.ID] = true
		if strings.TrimSpace(c.Text) == "" {
			p = append(p, fmt.Sprintf("choice %q has no text", c.ID))
		}
		if strings.TrimSpace(c.Explain) == "" {
			p = append(p, fmt.Sprintf("choice %q has no explanation", c.ID))
		}
		if c.Correct {
			correct++
		}
	}
	switch {
	case q.Kind == Multiple && correct == 0:
		p = append(p, "a multiple-choice question needs at least 1 right choice, has 0")
	case q.Kind != Multiple && correct != 1:
		p = append(p, fmt.Sprintf("a %s question needs exactly 1 right choice, has %d", q.Kind, correct))
	}
	return p
}

func numericProblems(q Question) []string {
	var p []string
	if len(q.Choices) > 0 {
		p = append(p, "a numeric question has no choices")
	}
	n := q.Numeric
	if n == nil {
		return append(p, `a numeric question needs "numeric": {"value", "tolerance"}`)
	}
	if !finite(n.Value) {
		p = append(p, fmt.Sprintf("value must be finite, got %v", n.Value))
	}
	if !finite(n.Tolerance) || n.Tolerance < 0 {
		p = append(p, fmt.Sprintf("tolerance must be finite and >= 0, got %v", n.Tolerance))
	}
	for _, t := range q.Traps {
		if within(t.Value, *n) {
			p = append(p, fmt.Sprintf("trap %v would be graded right", t.Value))
		}
		if strings.TrimSpace(t.Explain) == "" {
			p = append(p, fmt.Sprintf("trap %v has no explanation", t.Value))
		}
	}
	return p
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
