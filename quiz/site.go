package quiz

import (
	"encoding/json"
	"fmt"
)

// SiteJSON and CheckOutput serve the site build (cmd/quizdata) and the
// tests. They are functions, not methods of Bank and Question, so that the
// browser runtime links neither: the linker keeps every exported method of
// a type the interpreter could reach, not unused functions.

// site is the JSON the browser receives: the whole bank, with each output
// question's program source inlined and the answer keys included (the
// course is for self-study, and the page grades offline if it must).
type site struct {
	Schema    int        `json:"schema"`
	Sections  []Section  `json:"sections"`
	Questions []Question `json:"questions"`
	Cards     []Card     `json:"cards"`
}

// SiteJSON returns bank b as the JSON document the quiz and review pages
// take (see SCHEMA.md, "The site document").
func SiteJSON(b *Bank) ([]byte, error) {
	return json.MarshalIndent(site{SiteSchema, b.Sections, b.Questions, b.Cards}, "", " ")
}

// CheckOutput checks output question q's answer key against what its
// program printed: the right choice must be the output, and no wrong choice
// may be. The native tests feed it the output of `go run`; a browser test
// can feed it the output of the same source run in the interpreter.
func CheckOutput(q Question, stdout string) error {
	if q.Kind != Output {
		return fmt.Errorf("quiz: question %q is a %s question, not an output question", q.ID, q.Kind)
	}
	got := NormalizeOutput(stdout)
	for _, c := range q.Choices {
		text := NormalizeOutput(c.Text)
		switch {
		case c.Correct && text != got:
			return fmt.Errorf("quiz: question %q: the key (choice %q) says\n%s\nbut the program printed\n%s", q.ID, c.ID, text, got)
		case !c.Correct && text == got:
			return fmt.Errorf("quiz: question %q: wrong choice %q is what the program printed:\n%s", q.ID, c.ID, got)
		}
	}
	return nil
}
