package site

import (
	"html/template"

	"fmt"

	"github.com/flakylab/flakylab/quiz"
)

// QuizBankFile is where the bank document lives in the built site; the quiz
// module looks for it there, relative to each page.
const QuizBankFile = "quiz/bank.json"

// quizInfo is what the pages need to know about the question bank: which
// sections have quick checks, and how many questions the final quiz has.
type quizInfo struct {
	bankJSON   []byte
	quickCheck map[string]int
	finalCount int
	cardCount  int
	sections   []string
}

// loadQuiz reads the bank with the quiz package.
func loadQuiz() (*quizInfo, error) {
	b, err := quiz.Default()
	if err != nil {
		return nil, fmt.Errorf("site: quiz bank: %w", err)
	}
	doc, err := quiz.SiteJSON(b)
	if err != nil {
		return nil, fmt.Errorf("site: quiz bank: %w", err)
	}
	info := &quizInfo{bankJSON: doc, quickCheck: map[string]int{}, cardCount: len(b.Cards)}
	for _, s := range b.Sections {
		info.sections = append(info.sections, s.ID)
	}
	for _, q := range b.Questions {
		if q.Final {
			info.finalCount++
		} else {
			info.quickCheck[q.Section]++
		}
	}
	return info, nil
}

// check reports a bank section without a lesson page, so a renamed lesson
// cannot leave its quick checks and review cards pointing at nothing.
func (q *quizInfo) check(lessons []Lesson) error {
	slugs := map[string]bool{}
	for _, l := range lessons {
		slugs[l.Slug] = true
	}
	for _, id := range q.sections {
		if !slugs[id] {
			return fmt.Errorf("site: quiz section %q has no lesson page", id)
		}
	}
	return nil
}

// writeQuizPages writes the bank document, the final quiz and the review page.
func writeQuizPages(w *writer, tmpl *template.Template, info *quizInfo, lessons []Lesson) error {
	if err := w.file(QuizBankFile, info.bankJSON); err != nil {
		return err
	}
	final := map[string]any{
		"PageTitle":   "Final quiz · flakylab",
		"Description": "A short quiz across every section of the course, with an explanation for every answer.",
		"Lessons":     lessons,
		"Slug":        "final",
		"Count":       info.finalCount,
	}
	if err := w.template(tmpl, "final", "final.html", final); err != nil {
		return err
	}
	review := map[string]any{
		"PageTitle":   "Review cards · flakylab",
		"Description": "Spaced-repetition review of the course: what you missed comes back sooner.",
		"Lessons":     lessons,
		"Slug":        "review",
		"Cards":       info.cardCount,
	}
	return w.template(tmpl, "review", "review.html", review)
}
