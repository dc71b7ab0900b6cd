// Command quizdata writes the question bank and review cards as the JSON
// document the quiz and review pages take:
//
//	go run ./quiz/cmd/quizdata -o dist/quiz/bank.json
//
// Without -o it writes to standard output.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/flakylab/flakylab/quiz"
)

func main() {
	out := flag.String("o", "", "file to write (default: standard output)")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "quizdata:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	b, err := quiz.Default()
	if err != nil {
		return err
	}
	data, err := quiz.SiteJSON(b)
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if out == "" {
		_, err = os.Stdout.Write(data)
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o644)
}
