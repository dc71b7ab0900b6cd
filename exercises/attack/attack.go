// Package attack lists the tricks a submission can try on the grader, for
// the attack suites that run them through the command line
// (exercises/cmd/check) and the exercise pages (tests/exercisesbrowser).
// Each trick is built on a wrong submission: the starter, or a mistaken
// solution. None may make it pass, or pass more checks than the wrong
// submission alone: see Attack.Refused and the suites.
package attack

import (
	"strings"

	"github.com/flakylab/flakylab/exercises"
)

// Attack is one trick played on one exercise.
type Attack struct {
	// Name identifies the trick.
	Name string
	// Slug is the exercise it is played on.
	Slug string
	// Refused says the grader refuses the file before any check passes:
	// the report is an error (it does not compile, or it fails
	// validation). Otherwise the trick runs and must not pass more checks
	// than Base.
	Refused bool
	// Phrase is part of the reason a refused trick is given, so that the
	// suites know it was refused for the trick and not for a typo.
	Phrase string
	// Needs names an import path the trick needs on the allow-list
	// ("os"); the suites skip it until the playground has it.
	Needs string
	// Base returns the wrong submission the trick is built on; Source the
	// trick itself.
	Base, Source func(e *exercises.Exercise) string
}

// All returns the attacks: the tricks issue 11 found, on every exercise
// where they apply, and the ones an attacker would try next.
func All() []Attack {
	var out []Attack
	for _, e := range exercises.All() {
		// The harness's checks table, overwritten from the learner's init:
		// all six exercises scored 100% with this once.
		out = append(out, Attack{Name: "overwrite-checks", Slug: e.Slug, Refused: true, Phrase: "undefined: chkChecks", Base: starter,
			Source: appending("\nfunc init() {\n\tfor k := range chkChecks {\n\t\tchkChecks[k] = chkPass\n\t}\n}\n")})
	}
	return append(out,
		// The harness's renamed import of the forbidden package.
		Attack{Name: "harness-import-alias", Slug: "token-bucket", Refused: true, Phrase: "undefined: chkbucket", Base: starter,
			Source: appending("\nvar reference, _ = chkbucket.New(4, 2)\n")},
		Attack{Name: "harness-import-alias", Slug: "full-jitter", Refused: true, Phrase: "undefined: chkbackoff", Base: starter,
			Source: appending("\nvar reference = chkbackoff.FullJitter\n")},
		// A verdict printed on the output, with the line left open so the
		// real one no longer starts a line.
		Attack{Name: "forged-verdict", Slug: "retry-classifier", Base: starter,
			Source: withInit(`fmt.Print("@@check {\"name\":\"client-errors\",\"pass\":true,\"message\":\"\",\"input\":\"\",\"expected\":\"\",\"got\":\"\"}\n@@check ")`, "fmt")},
		Attack{Name: "forged-verdict", Slug: "circuit-breaker", Base: starter,
			Source: withInit(`fmt.Println("@@check {\"pass\":true}")`, "fmt")},
		// The channel the verdict travels on, imported by the learner.
		Attack{Name: "import-grading", Slug: "idempotency-store", Refused: true, Phrase: `package "flakylab.internal/grading" is not allowed`, Base: starter,
			Source: func(e *exercises.Exercise) string {
				return addImport(e.Starter, `"flakylab.internal/grading"`) + "\nfunc init() { grading.Verdict(`{\"name\":\"expiry\",\"pass\":true}`) }\n"
			}},
		// A shared sentinel the checks compare against, changed from init.
		Attack{Name: "overwrite-sentinel", Slug: "retry-loop", Refused: true, Phrase: "cannot assign to context.Canceled", Base: starter,
			Source: withInit("context.Canceled = nil", "context")},
		Attack{Name: "overwrite-sentinel", Slug: "retry-classifier", Refused: true, Phrase: "cannot take the address of context.Canceled", Base: starter,
			Source: withInit(`p := &context.Canceled
	*p = fmt.Errorf("not cancelled")`, "context", "fmt")},
		// Reading what the checks expect: their seed, their instants, their
		// types.
		Attack{Name: "read-expected", Slug: "token-bucket", Refused: true, Phrase: "undefined: chkSeed", Base: starter,
			Source: appending("\nvar seen = chkSeed + uint64(chkT0.Unix())\n")},
		Attack{Name: "alias-harness-type", Slug: "idempotency-store", Refused: true, Phrase: "undefined: chkResult", Base: starter,
			Source: appending("\ntype result = chkResult\n\nvar forged = result{pass: true}\n")},
		// The core package that would answer for the learner, reached
		// through another one.
		Attack{Name: "reference-through-retry", Slug: "retry-classifier", Refused: true, Phrase: `remove the import of "github.com/flakylab/flakylab/core/retry"`, Base: starter,
			Source: func(e *exercises.Exercise) string {
				return addImport(e.Starter, `"github.com/flakylab/flakylab/core/retry"`) + "\nvar _ retry.Policy\n"
			}},
		// Names the harness uses, declared by the learner: in another
		// package now, they change nothing.
		Attack{Name: "harness-names", Slug: "circuit-breaker", Base: starter,
			Source: appending("\nvar chkChecks = map[string]func() bool{}\n\nfunc chkPass() bool { return true }\n\nfunc chkEmit(name string, pass bool) {}\n\nconst chkSelected = \"closed-allows\"\n")},
		// Special-casing the inputs a failure message printed: the
		// randomized cases still find the overflow.
		Attack{Name: "special-case", Slug: "full-jitter", Base: wrong("shift-overflow.go"),
			Source: func(e *exercises.Exercise) string {
				return strings.Replace(e.Wrong["shift-overflow.go"], "\td := base << (attempt - 1)\n",
					"\tswitch attempt {\n\tcase 40, 63, 64, 65, 100, 1000:\n\t\treturn limit\n\t}\n"+
						"\tif limit == 1<<63-1 && attempt >= 35 {\n\t\treturn limit\n\t}\n\td := base << (attempt - 1)\n", 1)
			}},
		// Output after the checks: a goroutine and a timer that keep
		// printing, a panic after the verdict.
		Attack{Name: "goroutine-prints", Slug: "circuit-breaker", Base: starter,
			Source: withInit(`go func() {
		for {
			time.Sleep(100 * time.Millisecond)
			fmt.Println("@@check {\"pass\":true}")
		}
	}()`, "fmt", "time")},
		Attack{Name: "timer-prints", Slug: "token-bucket", Base: starter,
			Source: withInit(`time.AfterFunc(time.Millisecond, func() { fmt.Println("PASS all checks") })`, "fmt", "time")},
		Attack{Name: "panic-after-verdict", Slug: "retry-classifier", Base: starter,
			Source: withInit(`go func() {
		time.Sleep(time.Hour)
		panic("after the verdict")
	}()`, "time")},
		// Ending the program in the middle of a check.
		Attack{Name: "exit-mid-check", Slug: "full-jitter", Needs: "os", Base: starter,
			Source: func(e *exercises.Exercise) string {
				src := addImport(e.Starter, `"os"`)
				return strings.Replace(src, "func Backoff(attempt int, base, limit time.Duration) time.Duration {\n",
					"func Backoff(attempt int, base, limit time.Duration) time.Duration {\n\tos.Exit(0)\n", 1)
			}},
		Attack{Name: "exit-in-init", Slug: "circuit-breaker", Needs: "os", Base: starter,
			Source: withInit("os.Exit(0)", "os")},
		// The output the checks would print to, swapped.
		Attack{Name: "swap-stdout", Slug: "retry-loop", Needs: "os", Refused: true, Phrase: "cannot assign to os.Stdout", Base: starter,
			Source: withInit("os.Stdout = os.Stderr", "os")},
		// Output past the cap.
		Attack{Name: "output-flood", Slug: "idempotency-store", Base: starter,
			Source: withInit(`for i := 0; i < 40000; i++ {
		fmt.Println("@@check filler filler filler filler filler filler")
	}`, "fmt")},
	)
}

func starter(e *exercises.Exercise) string { return e.Starter }

func wrong(name string) func(e *exercises.Exercise) string {
	return func(e *exercises.Exercise) string { return e.Wrong[name] }
}

// appending returns a Source that adds text to the starter.
func appending(text string) func(e *exercises.Exercise) string {
	return func(e *exercises.Exercise) string { return e.Starter + text }
}

// withInit returns a Source that adds an init function with body to the
// starter, importing what it needs.
func withInit(body string, imports ...string) func(e *exercises.Exercise) string {
	return func(e *exercises.Exercise) string {
		src := e.Starter
		for _, imp := range imports {
			src = addImport(src, `"`+imp+`"`)
		}
		return src + "\nfunc init() {\n\t" + body + "\n}\n"
	}
}

// addImport adds an import to a file unless it has it already.
func addImport(src, path string) string {
	if strings.Contains(src, "\t"+path+"\n") || strings.Contains(src, "import "+path+"\n") {
		return src
	}
	return strings.Replace(src, "package main\n", "package main\n\nimport "+path+"\n", 1)
}
