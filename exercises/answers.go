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
//go:embed */solution.go */wrong/*.go */alt/*.go
var answers embed.FS

func readAnswers(slug string) (solution string, wrong, alt map[string]string) {
	return readFrom(answers, slug+"/solution.go"), readDir(slug + "/wrong"), readDir(slug + "/alt")
}

func readDir(dir string) map[string]string {
	m := map[string]string{}
	entries, _ := answers.ReadDir(dir)
	for _, f := range entries {
		m[f.Name()] = readFrom(answers, path.Join(dir, f.Name()))
	}
	return m
}
