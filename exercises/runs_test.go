package exercises_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/internal/native"
)

// These tests run whole submissions that go wrong in the ways the grader
// must survive: a loop that never ends, a panic, a type error.

func lineOf(src, needle string) int {
	i := strings.Index(src, needle)
	if i < 0 {
		return 0
	}
	return strings.Count(src[:i], "\n") + 1
}

func TestEndlessLoopTimesOutAndOthersStillReport(t *testing.T) {
	e := mustGet(t, "token-bucket")
	// Loop forever only in capacity-cap's minute-long idle of a 10-token bucket.
	src := strings.Replace(e.Solution, "func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration) {\n",
		"func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration) {\n\tfor b.capacity == 10 && now.Sub(b.last) == time.Minute {\n\t}\n", 1)
	require.NotEqual(t, e.Solution, src)
	// A timeout long enough for the other checks on a loaded machine: the
	// looping one is stopped by it all the same.
	r := e.Grade(context.Background(), native.Runner, src, exercises.Options{Parallel: 2, Timeout: 20 * time.Second})
	require.Equal(t, exercises.StatusFail, r.Status, exercises.ReportText(r))
	assert.Equal(t, r.Total-1, r.Passed, "only the looping check fails\n%s", exercises.ReportText(r))
	for _, c := range r.Checks {
		if c.Name != "capacity-cap" {
			continue
		}
		assert.Equal(t, exercises.StatusError, c.Status)
		assert.Contains(t, c.Message, "timed out")
		assert.Contains(t, c.Input, "b := NewBucket(10, 2, t0)", "a timeout names the input it was running")
	}
}

func TestDeadlockIsReportedAsGoReportsIt(t *testing.T) {
	e := mustGet(t, "token-bucket")
	// Wait for a token on a channel nobody sends on.
	src := strings.Replace(e.Solution, "func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration) {\n",
		"func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration) {\n\tif b.capacity == 10 {\n\t\t<-make(chan int)\n\t}\n", 1)
	require.NotEqual(t, e.Solution, src)
	r := e.Grade(context.Background(), native.Runner, src, exercises.Options{Parallel: 2, Timeout: 60 * time.Second})
	require.Equal(t, exercises.StatusFail, r.Status, exercises.ReportText(r))
	found := false
	for _, c := range r.Checks {
		if c.Name != "capacity-cap" {
			continue
		}
		found = true
		assert.Equal(t, exercises.StatusError, c.Status)
		assert.Contains(t, c.Message, "all goroutines are asleep - deadlock!", "not the time limit: %s", c.Message)
		assert.Contains(t, c.Input, "b := NewBucket(10, 2, t0)", "a deadlock names the input it was running")
	}
	require.True(t, found, "no capacity-cap check in\n%s", exercises.ReportText(r))
}

func TestPanicIsReportedWithLineAndInput(t *testing.T) {
	e := mustGet(t, "token-bucket")
	// Forget to return the bucket: the first Allow dereferences nil.
	src := strings.Replace(e.Solution, "return &Bucket{capacity: capacity, rate: rate, tokens: capacity, last: now}", "return nil", 1)
	require.NotEqual(t, e.Solution, src)
	r := e.Grade(context.Background(), native.Runner, src, gradeOptions)
	require.Equal(t, exercises.StatusFail, r.Status, exercises.ReportText(r))
	c := r.Checks[0]
	assert.Equal(t, exercises.StatusError, c.Status)
	assert.Contains(t, c.Message, "your code panicked at line")
	assert.Contains(t, c.Message, "nil pointer dereference")
	assert.Equal(t, lineOf(src, "if elapsed := now.Sub(b.last); elapsed > 0 {"), c.Line, "the panic's line in the learner's file: %s", c.Message)
	assert.Contains(t, c.Input, "b := NewBucket(4, 2, t0)")
}

func TestCompileErrorIsReportedOnceWithItsLine(t *testing.T) {
	e := mustGet(t, "circuit-breaker")
	src := strings.Replace(e.Solution, "b.failures++", "b.failures += \"one\"", 1)
	require.NotEqual(t, e.Solution, src)
	r := e.Grade(context.Background(), native.Runner, src, gradeOptions)
	require.Equal(t, exercises.StatusError, r.Status, exercises.ReportText(r))
	require.Len(t, r.Diagnostics, 1)
	assert.Equal(t, lineOf(src, "b.failures += \"one\""), r.Diagnostics[0].Line, r.Diagnostics[0].Message)
	assert.Empty(t, r.Checks, "no check ran")
	assert.Contains(t, exercises.ReportText(r), "the checks could not run")
}

func TestLearnerOutputIsKept(t *testing.T) {
	e := mustGet(t, "circuit-breaker")
	src := strings.Replace(e.Solution, "func NewBreaker(threshold int, cooldown time.Duration) *Breaker {\n",
		"func NewBreaker(threshold int, cooldown time.Duration) *Breaker {\n\tfmt.Println(\"new breaker\", threshold)\n", 1)
	h, err := e.Harness("closed-allows", 0)
	require.NoError(t, err)
	out := native.Run(context.Background(), src, h)
	require.Nil(t, out.Error)
	res := exercises.ParseCheck("closed-allows", out)
	assert.Equal(t, exercises.StatusPass, res.Status)
	assert.Equal(t, "new breaker 3\n", res.Output)
}

func TestFailFastStopsAfterTheFirstFailure(t *testing.T) {
	e := mustGet(t, "token-bucket")
	var ran atomic.Int32
	counting := exercises.RunnerFunc(func(ctx context.Context, src, harness string) exercises.RunOutput {
		ran.Add(1)
		return native.Run(ctx, src, harness)
	})
	r := e.Grade(context.Background(), counting, e.Starter, exercises.Options{FailFast: true, Timeout: gradeOptions.Timeout})
	require.Equal(t, exercises.StatusFail, r.Status, exercises.ReportText(r))
	assert.Equal(t, int32(1), ran.Load(), "the starter fails the first check; nothing else runs")
	assert.Equal(t, "the check did not run", r.Checks[len(r.Checks)-1].Message)
}
