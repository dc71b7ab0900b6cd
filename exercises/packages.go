package exercises

import (
	"slices"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

// Packages returns the import paths the learner's file may use: the
// playground's allow-list (frontend.Allowed, the one list, in its order)
// without the packages the exercise forbids. Prompts list them, so no one
// discovers a refusal by trial.
func (e *Exercise) Packages() []string {
	var out []string
	for _, p := range frontend.Allowed {
		if !slices.Contains(e.Forbid, p) {
			out = append(out, p)
		}
	}
	return out
}
