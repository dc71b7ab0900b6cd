package exercises_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
)

func mustGet(t *testing.T, slug string) *exercises.Exercise {
	t.Helper()
	e, err := exercises.Get(slug)
	require.NoError(t, err)
	return e
}

func TestValidate(t *testing.T) {
	bucket := mustGet(t, "token-bucket")
	loop := mustGet(t, "retry-loop")
	store := mustGet(t, "idempotency-store")
	tests := []struct {
		name string
		e    *exercises.Exercise
		src  string
		want []string // phrases, one diagnostic each, in order
		line int      // line of the first diagnostic, or 0
	}{
		{
			name: "the starter is valid", e: bucket, src: bucket.Starter,
		},
		{
			name: "missing function",
			e:    bucket,
			src:  "package main\n\nimport \"time\"\n\ntype Bucket struct{}\n\nfunc (b *Bucket) Allow(now time.Time) (bool, time.Duration) { return false, 0 }\n",
			want: []string{"missing function NewBucket: want func NewBucket(capacity, rate float64, now time.Time) *Bucket"},
		},
		{
			name: "wrong signature",
			e:    bucket,
			src:  "package main\n\nimport \"time\"\n\ntype Bucket struct{}\n\nfunc NewBucket(capacity, rate int) *Bucket { return nil }\n\nfunc (b *Bucket) Allow(now time.Time) (bool, time.Duration) { return false, 0 }\n",
			want: []string{"NewBucket has the wrong signature\nwant: func NewBucket(capacity, rate float64, now time.Time) *Bucket\ngot:  func NewBucket(capacity, rate int) *Bucket"},
			line: 7,
		},
		{
			name: "missing method and type",
			e:    bucket,
			src:  "package main\n\nimport \"time\"\n\nfunc NewBucket(capacity, rate float64, now time.Time) *int { return nil }\n",
			want: []string{"missing type Bucket: want type Bucket struct{ ... }", "missing method Bucket.Allow: want func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration)", "NewBucket has the wrong signature"},
		},
		{
			name: "renamed parameters, an import alias and a value receiver are fine",
			e:    bucket,
			src:  "package main\n\nimport t \"time\"\n\ntype Bucket struct{ n int }\n\nfunc NewBucket(c, r float64, at t.Time) *Bucket { return &Bucket{} }\n\nfunc (b Bucket) Allow(at t.Time) (bool, t.Duration) { return false, 0 }\n",
		},
		{
			name: "forbidden import",
			e:    bucket,
			src:  strings.Replace(bucket.Starter, "\"fmt\"\n", "\"fmt\"\n\t_ \"github.com/flakylab/flakylab/core/bucket\"\n", 1),
			want: []string{`remove the import of "github.com/flakylab/flakylab/core/bucket"`},
			line: 5,
		},
		{
			name: "not package main",
			e:    bucket,
			src:  strings.Replace(bucket.Starter, "package main", "package bucket", 1),
			want: []string{"the file must be package main, not package bucket"},
			line: 1,
		},
		{
			name: "syntax error with its line",
			e:    bucket,
			src:  strings.Replace(bucket.Starter, "return false, 0", "return false,", 1),
			want: []string{"syntax error: expected operand, found '}'", "syntax error"},
			line: 22,
		},
		{
			name: "struct field with the wrong type",
			e:    loop,
			src:  strings.Replace(loop.Starter, "MaxAttempts int ", "MaxAttempts uint", 1),
			want: []string{"field Policy.MaxAttempts has the wrong type\nwant: MaxAttempts int\ngot:  MaxAttempts uint"},
			line: 14,
		},
		{
			name: "missing constant",
			e:    store,
			src:  strings.Replace(store.Starter, "\tInFlight                // same request, still running: try later (409)\n", "", 1),
			want: []string{"missing constant InFlight"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ds := tc.e.Validate(tc.src)
			require.Len(t, ds, len(tc.want), "diagnostics: %v", ds)
			for i, phrase := range tc.want {
				assert.Contains(t, ds[i].Message, phrase, "diagnostic %d", i)
			}
			if tc.line > 0 {
				assert.Equal(t, tc.line, ds[0].Line, "line of %q", ds[0].Message)
			}
		})
	}
}

func TestHarnessIsTheChecksOnly(t *testing.T) {
	e := mustGet(t, "token-bucket")
	h, err := e.Harness("burst", 42)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(h, "package main\n"), "the harness is the program's main package")
	assert.Contains(t, h, `. "submission"`, "it imports the learner's file as a package")
	assert.Contains(t, h, `chkgrading "flakylab.internal/grading"`, "it reports through the grading channel")
	assert.Contains(t, h, `const chkSelected = "burst"`)
	assert.Contains(t, h, `const chkSeed uint64 = 42`)
	assert.NotContains(t, h, "func NewBucket", "the learner's code is not pasted into it")
	assert.Contains(t, h, "func chkBurst()", "the selected check is there")
	assert.NotContains(t, h, "func chkCapacityCap()", "the other checks are left out")
	assert.NotContains(t, h, `"capacity-cap"`, "and so is their entry in the table")

	_, err = e.Harness("no-such-check", 1)
	assert.ErrorContains(t, err, "no check \"no-such-check\"")

	fresh, err := e.Harness("burst", 0)
	require.NoError(t, err)
	assert.NotContains(t, fresh, "const chkSeed uint64 = 0\n", "seed 0 picks a fresh seed")
}
