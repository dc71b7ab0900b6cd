//go:build !js

package exercises

import (
	"embed"
	"path"
)

// answers holds the reference and wrong solutions, for the command line,
// the tests and the site builder; answers_js.go leaves them out of the
// page's WebAssembly.
//
//go:embed */solution.go */wrong/*.go
var answers embed.FS

func readAnswers(slug string) (solution string, wrong map[string]string) {
	solution = readFrom(answers, slug+"/solution.go")
	wrong = map[string]string{}
	entries, _ := answers.ReadDir(slug + "/wrong")
	for _, f := range entries {
		wrong[f.Name()] = readFrom(answers, path.Join(slug, "wrong", f.Name()))
	}
	return solution, wrong
}
