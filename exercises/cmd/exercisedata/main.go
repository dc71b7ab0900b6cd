// Command exercisedata writes what the site publishes about the exercises:
//
//	<dir>/exercises.json          every exercise as exercises.SiteExercise
//	<dir>/<slug>/solution.go      each reference solution, fetched by the
//	                              page only when the learner asks to see it
//
// Usage: go run ./exercises/cmd/exercisedata -o dist/exercises
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/flakylab/flakylab/exercises"
)

func main() {
	out := flag.String("o", "dist/exercises", "the folder to write")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "exercisedata:", err)
		os.Exit(1)
	}
}

func write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "exercises.json"), []byte(exercises.SiteJSON()+"\n"), 0o644); err != nil {
		return err
	}
	for _, e := range exercises.All() {
		sub := filepath.Join(dir, e.Slug)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(sub, "solution.go"), []byte(e.Solution), 0o644); err != nil {
			return err
		}
	}
	return nil
}
