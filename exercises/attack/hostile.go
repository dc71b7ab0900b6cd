package attack

import (
	"strings"
	"time"

	"github.com/flakylab/flakylab/exercises"
)

// Hostile is a submission that goes after the grader's resources rather
// than its verdict: memory, time, output, stack, goroutines, file size. A
// grader run as a service must report each one and carry on.
type Hostile struct {
	// Name identifies it.
	Name string
	// Reason is part of the message the check it breaks reports (or the
	// report's diagnostic, for a file refused before any check runs);
	// empty when more than one limit may stop it first.
	Reason string
	// Timeout is how long a check may need to hit the limit it goes after
	// on a busy machine (the limit usually comes much sooner); 0 for the
	// grader's default.
	Timeout time.Duration
	// Source is the submission, built on the token bucket's solution so
	// that only the hostile part fails.
	Source func() string
}

// HostileSlug is the exercise the hostile submissions are written for.
const HostileSlug = "token-bucket"

// allowHead is the first line of the bucket's Allow, where the hostile
// code goes.
const allowHead = "func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration) {\n"

// Hostiles returns the hostile submissions.
func Hostiles() []Hostile {
	return []Hostile{
		{"memory-hog", "used too much memory", 30 * time.Second, func() string {
			// strings.Repeat writes every byte, so the memory is really used.
			src := inAllow("\tvar hog []string\n\tfor {\n\t\thog = append(hog, strings.Repeat(\"x\", 16<<20))\n\t}\n")()
			return strings.Replace(src, "import (\n", "import (\n\t\"strings\"\n", 1)
		}},
		{"endless-loop", "timed out", 0, inAllow("\tfor b.rate > 0 {\n\t}\n")},
		{"output-flood", "printed more than", 30 * time.Second, inAllow("\tfor {\n\t\tfmt.Println(\"flooding the grader's output with a long line of text, again and again\")\n\t}\n")},
		{"deep-recursion", "ran out of stack", 90 * time.Second, func() string {
			return inAllow("\treturn deeper(now, 0)\n")() + "\nfunc deeper(now time.Time, n int) (bool, time.Duration) {\n\treturn deeper(now, n+1)\n}\n"
		}},
		{"goroutine-bomb", "", 0, inAllow("\tfor {\n\t\tgo func() {\n\t\t\tselect {}\n\t\t}()\n\t}\n")},
		{"oversized-file", "more than 1048576 bytes", 0, func() string {
			return solution() + "\n// " + strings.Repeat("padding ", 1<<17) + "\n"
		}},
	}
}

func solution() string {
	e, err := exercises.Get(HostileSlug)
	if err != nil {
		panic(err)
	}
	return e.Solution
}

// inAllow returns a Source that puts code at the top of the solution's
// Allow.
func inAllow(code string) func() string {
	return func() string {
		src := solution()
		out := strings.Replace(src, allowHead, allowHead+code, 1)
		if out == src {
			panic("attack: the token bucket's Allow changed shape")
		}
		return out
	}
}
