package exercises_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/internal/native"
)

// gradeOptions leave room for the race detector, which slows the
// interpreter several times over.
var gradeOptions = exercises.Options{Parallel: 2, Timeout: 20 * exercises.DefaultTimeout}

func grade(t *testing.T, e *exercises.Exercise, src string) exercises.Report {
	t.Helper()
	return e.Grade(context.Background(), native.Runner, src, gradeOptions)
}

func TestCatalogue(t *testing.T) {
	all := exercises.All()
	require.Len(t, all, 6, "six exercises, one per practice item of the syllabus")
	for _, e := range all {
		assert.NotEmpty(t, e.Title, "%s: title", e.Slug)
		assert.NotEmpty(t, e.Section, "%s: section", e.Slug)
		assert.True(t, strings.HasPrefix(e.Prompt, "# "), "%s: the prompt starts with a heading", e.Slug)
		assert.GreaterOrEqual(t, len(e.Wrong), 3, "%s: at least three wrong solutions", e.Slug)
		assert.GreaterOrEqual(t, len(e.Checks), 5, "%s: checks", e.Slug)
		for _, src := range []string{e.Starter, e.Solution} {
			assert.NotContains(t, src, "go:build", "%s: the catalogue strips the build line", e.Slug)
		}
		for _, c := range e.Checks {
			assert.NotEmpty(t, c.Title, "%s/%s: title", e.Slug, c.Name)
			assert.NotEmpty(t, c.Hints, "%s/%s: hints", e.Slug, c.Name)
		}
		got, err := exercises.Get(e.Slug)
		require.NoError(t, err)
		assert.Same(t, e, got)
	}
	_, err := exercises.Get("nope")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "token-bucket", "the error lists the exercises")
}

func TestSolutionsPassEveryCheck(t *testing.T) {
	for _, e := range exercises.All() {
		t.Run(e.Slug, func(t *testing.T) {
			t.Parallel()
			r := grade(t, e, e.Solution)
			assert.Equal(t, exercises.StatusPass, r.Status, "reference solution of %s\n%s", e.Slug, exercises.ReportText(r))
			assert.Equal(t, 100, r.Score)
		})
	}
}

func TestAlternativeSolutionsPass(t *testing.T) {
	n := 0
	for _, e := range exercises.All() {
		for name, src := range e.Alternatives {
			n++
			t.Run(e.Slug+"/"+name, func(t *testing.T) {
				t.Parallel()
				r := grade(t, e, src)
				assert.Equal(t, exercises.StatusPass, r.Status, "alt/%s of %s\n%s", name, e.Slug, exercises.ReportText(r))
			})
		}
	}
	assert.GreaterOrEqual(t, n, 6, "one alternative per exercise at least")
}

func TestStartersCompileAndFail(t *testing.T) {
	for _, e := range exercises.All() {
		t.Run(e.Slug, func(t *testing.T) {
			t.Parallel()
			r := grade(t, e, e.Starter)
			require.Equal(t, exercises.StatusFail, r.Status, "starter of %s: want it to compile and fail\n%s", e.Slug, exercises.ReportText(r))
			assert.Less(t, r.Passed, r.Total/2+1, "the starter should fail most checks\n%s", exercises.ReportText(r))
			for _, c := range r.Checks {
				assert.NotEqual(t, exercises.StatusError, c.Status, "starter of %s, check %s: want a failure, not an error: %s", e.Slug, c.Name, c.Message)
			}
		})
	}
}

// wrongCases says, for every file in wrong/, one check that must reject
// it and a phrase its message must contain, so that the message points at
// the mistake.
var wrongCases = []struct {
	slug, file, check, phrase string
	mistake                   string // the mistake the check names, if it recognizes one
}{
	{"token-bucket", "no-capacity-cap.go", "capacity-cap", "request 11, at t0+1m0s, was allowed, but the bucket should hold 0.00 tokens then", "no-cap"},
	{"token-bucket", "fixed-tick.go", "continuous-refill", "request 2, at t0+260ms, was refused, retry after 740ms, but the bucket should hold 1.00 tokens then: a token is there", "fixed-tick"},
	{"token-bucket", "whole-tokens.go", "continuous-refill", "was refused, retry after 250ms; the bucket should hold 0.32 tokens then, so the wait is (1 - 0.32) / 4 per second = 170ms", "whole-tokens"},
	{"token-bucket", "refusal-spends.go", "refusal-is-free", "request 3, at t0+200ms, was refused, retry after 1.8s; the bucket should hold 0.20 tokens then", "refusal-spends"},
	{"token-bucket", "truncated-wait.go", "burst", "request 5, at t0+0s, was refused, retry after 0s; the bucket should hold 0.00 tokens then, so the wait is (1 - 0.00) / 2 per second = 500ms", "truncated-wait"},
	{"token-bucket", "wall-clock.go", "burst", "request 5, at t0+0s, was allowed, but the bucket should hold 0.00 tokens then", "wall-clock"},
	{"token-bucket", "full-token-wait.go", "retry-after", "was refused, retry after 1s; the bucket should hold 0.30 tokens then, so the wait is (1 - 0.30) / 1 per second = 700ms", "full-token-wait"},

	{"retry-classifier", "retries-client-errors.go", "client-errors", "ShouldRetry(400, nil) = true, want false: 400 Bad Request", ""},
	{"retry-classifier", "seconds-only.go", "retry-after-date", "RetryAfter(\"Sun, 06 Nov 1994 08:51:07 GMT\", now) = (0s, false), want (1m30s, true)", ""},
	{"retry-classifier", "retries-cancel.go", "cancellation", "ShouldRetry(0, context.Canceled) = true, want false", ""},
	{"retry-classifier", "unwrapped-cancel.go", "cancellation", "ShouldRetry(0, fmt.Errorf(\"charge: %w\", context.Canceled)) = true, want false", ""},
	{"retry-classifier", "every-5xx.go", "server-errors", "ShouldRetry(501, nil) = true, want false: 501 Not Implemented", ""},
	{"retry-classifier", "negative-seconds.go", "retry-after-invalid", "RetryAfter(\"-1\", now) = (-1s, true), want (0s, false)", ""},

	{"full-jitter", "equal-jitter.go", "jitter-spread", "that is equal jitter", ""},
	{"full-jitter", "no-jitter.go", "jitter-range", "returned 1s, outside [0, 1s)", ""},
	{"full-jitter", "shift-overflow.go", "large-attempts", "overflowed", ""},
	{"full-jitter", "global-rand.go", "seeded", "two sources with the same seed gave different schedules", "global-rand"},
	{"full-jitter", "no-limit.go", "limit", "went above the limit", ""},

	{"retry-loop", "ignores-retry-after.go", "retry-after-exact", "want exactly 2s as the server asked", ""},
	{"retry-loop", "retries-client-errors.go", "never-retry", "Do called the provider 2 times, want 1", ""},
	{"retry-loop", "no-jitter.go", "jitter-spread", "a delay of 1s is outside [0, 1s)", ""},
	{"retry-loop", "one-extra-attempt.go", "attempt-limit", "Do called the provider 5 times, want 4", ""},
	{"retry-loop", "retry-after-plus-backoff.go", "retry-after-exact", "retry 1 waited 2.", ""},
	{"retry-loop", "ignores-sleep-error.go", "cancellation", "when p.Sleep returns an error, return it at once", ""},
	{"retry-loop", "no-doubling-after-retry-after.go", "doubling", "retry 2's waits over 80 runs", "no-doubling-after-retry-after"},
	{"retry-loop", "global-rand.go", "seeded", "two runs with the same seed in p.Rand waited differently", "global-rand"},
	{"retry-loop", "retries-caller-cancel.go", "cancellation", "after the caller cancelled", "retries-cancel"},
	{"retry-loop", "honours-fraction.go", "invalid-retry-after", "a Retry-After that is not a whole number of seconds is ignored", "honours-invalid-retry-after"},

	{"idempotency-store", "never-expires.go", "expiry", "want Fresh: the key has expired", ""},
	{"idempotency-store", "ignores-fingerprint.go", "mismatch", "returned Replay {201 \"charged\"}, want Mismatch", ""},
	{"idempotency-store", "stores-on-complete.go", "in-flight", "returned Fresh, want InFlight", ""},
	{"idempotency-store", "successes-only.go", "replay-failures", "returned Fresh, want Replay {500 \"internal error\"}", ""},
	{"idempotency-store", "sliding-ttl.go", "ttl-from-first-begin", "replays must not extend it", ""},
	{"idempotency-store", "expires-late.go", "expiry", "gone once now >= t0+1h", ""},
	{"idempotency-store", "wall-clock.go", "fresh-then-replay", "returned Fresh, want Replay {201 \"charged\"}", "wall-clock"},
	{"idempotency-store", "mismatch-leaks.go", "mismatch", "only a Replay carries a stored response", "leaks-response"},

	{"circuit-breaker", "never-half-opens.go", "half-open-probe", "returned \"open\", want \"half-open\"", ""},
	{"circuit-breaker", "unlimited-probes.go", "half-open-probe", "the probe is still out", ""},
	{"circuit-breaker", "keeps-old-cooldown.go", "probe-failure-reopens", "opened it again for a whole cooldown", ""},
	{"circuit-breaker", "total-failures.go", "success-resets", "no run of 3 failures in a row yet", ""},
	{"circuit-breaker", "wall-clock.go", "opens-at-threshold", "State(t0+10s) returned \"half-open\", want \"open\"", "wall-clock"},
	{"circuit-breaker", "opens-late.go", "opens-at-threshold", "returned \"closed\", want \"open\": by the rules the breaker is open then: it opened at t0+10s, after 5 failures in a row", ""},
}

func TestWrongSolutionsAreRejected(t *testing.T) {
	listed := map[string]bool{}
	for _, tc := range wrongCases {
		listed[tc.slug+"/"+tc.file] = true
	}
	for _, e := range exercises.All() {
		for _, name := range e.WrongNames() {
			assert.True(t, listed[e.Slug+"/"+name], "%s/wrong/%s has no case in wrongCases", e.Slug, name)
		}
	}
	for _, tc := range wrongCases {
		t.Run(tc.slug+"/"+tc.file, func(t *testing.T) {
			t.Parallel()
			e, err := exercises.Get(tc.slug)
			require.NoError(t, err)
			src, ok := e.Wrong[tc.file]
			require.True(t, ok, "no file wrong/%s", tc.file)
			require.Empty(t, e.Validate(src), "wrong solutions must compile against the checks")
			seed := exercises.NewSeed()
			h, err := e.Harness(tc.check, seed)
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), gradeOptions.Timeout)
			defer cancel()
			res := exercises.ParseCheck(tc.check, native.Run(ctx, src, h))
			require.Equal(t, exercises.StatusFail, res.Status, "check %s on wrong/%s (seed %d): want fail, got %s: %s", tc.check, tc.file, seed, res.Status, res.Message)
			assert.Contains(t, res.Message, tc.phrase, "check %s on wrong/%s: the message should point at the mistake", tc.check, tc.file)
			assert.NotEmpty(t, res.Input, "the result shows the input")
			assert.NotEmpty(t, res.Expected, "the result shows what was expected")
			assert.NotEmpty(t, res.Got, "the result shows what came back")
			if tc.mistake != "" {
				assert.Equal(t, tc.mistake, res.Mistake, "check %s on wrong/%s names the mistake", tc.check, tc.file)
				hints := exercises.NewReport(e, []exercises.CheckResult{res}, nil).Checks
				for _, c := range hints {
					if c.Name == tc.check {
						require.NotEmpty(t, c.Hints)
						assert.Equal(t, e.Mistakes[tc.mistake], c.Hints[0], "the first hint is the mistake's")
					}
				}
			}
		})
	}
}
