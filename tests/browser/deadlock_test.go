//go:build browser

package browser_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A deadlocked program ends as Go ends it, at once, not at the watchdog's
// limit as a program that runs too long; the runtime stays usable.
func TestDeadlockEndsAsGoEndsIt(t *testing.T) {
	ctx, p := keptPlayground(t)

	cases := []struct{ name, src, stdout string }{
		{"unbuffered send in main", `package main

import "fmt"

func main() {
	fmt.Println("sending")
	ch := make(chan int)
	ch <- 1
	fmt.Println("sent")
}
`, "sending\n"},
		{"workers waiting for a close that never comes", `package main

import (
	"fmt"
	"sync"
)

func main() {
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				fmt.Println("job", j)
			}
		}()
	}
	jobs <- 1
	wg.Wait()
}
`, "job 1\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The watchdog's limit is far beyond the detection's few tenths
			// of a second: only a deadlock found by the runtime ends the run
			// with Go's message.
			r := runJS(t, ctx, c.src, runMs)
			require.NotNil(t, r.Error, "want the deadlock; got stdout %q", r.Stdout)
			assert.Equal(t, "runtime", r.Error.Kind, "error %+v", *r.Error)
			assert.Equal(t, "fatal error: all goroutines are asleep - deadlock!", r.Error.Message)
			assert.Equal(t, 2, r.ExitCode)
			assert.Equal(t, c.stdout, r.Stdout)

			after := runJS(t, ctx, hello, runMs)
			require.Nil(t, after.Error, "the next run after %s must work", c.name)
			assert.Equal(t, "hello from flakylab\nsecond line\n", after.Stdout)
		})
	}
	assert.Empty(t, p.All())
}
