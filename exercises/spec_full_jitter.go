package exercises

var fullJitter = &Exercise{
	Slug:    "full-jitter",
	Title:   "A backoff schedule with full jitter",
	Section: "4. Backoff and jitter",
	// core/retry computes the same delays through Policy.Backoff.
	Forbid: []string{"github.com/flakylab/flakylab/core/backoff", "github.com/flakylab/flakylab/core/retry"},
	Mistakes: map[string]string{
		"global-rand": "Your delays come from the package-level math/rand functions (rand.Int64N, rand.Float64), whose hidden source nobody can seed. Draw from the r you are given: r.Int64N(int64(d)).",
	},
	Checks: []Check{
		{
			Name:  "doubling",
			Title: "The backoff starts at base and doubles with each attempt.",
			Hints: []string{
				"Attempt 1 waits base, attempt 2 twice that: base times 2 to the power attempt-1.",
				"A loop from 1 to attempt-1 that doubles d is the simplest way; it also makes the limit easy to add.",
			},
		},
		{
			Name:  "limit",
			Title: "The backoff never goes above the limit, even when the limit is not a doubling of base.",
			Hints: []string{
				"Doubling 300ms gives 600ms, then 1.2s: with a limit of 1s the third attempt waits exactly 1s.",
				"Clamp at the end: if d > limit { return limit }.",
			},
		},
		{
			Name:  "large-attempts",
			Title: "Attempt numbers such as 64 or 1000, and limits near the largest Duration, still give the right backoff, without overflow.",
			Hints: []string{
				"A time.Duration is an int64 of nanoseconds: 1s doubled 34 times no longer fits, and a shift wraps around to zero or a negative number.",
				"Stop doubling as soon as d reaches the limit (for i := 1; i < attempt && d < limit; i++), so d never grows past twice the limit.",
			},
		},
		{
			Name:  "jitter-range",
			Title: "Every jittered delay lies in [0, d): zero allowed, d itself not.",
			Hints: []string{
				"r.Int64N(n) returns a number in [0, n): pass int64(d) and convert back with time.Duration.",
				"r.Float64() * float64(d) works too: Float64 is in [0, 1).",
			},
		},
		{
			Name:  "jitter-spread",
			Title: "The delays are spread evenly over [0, d): not constant, not equal jitter.",
			Hints: []string{
				"Full jitter draws the whole delay at random: anything from 0 up to d, with every value equally likely.",
				"d/2 + random(d/2) is equal jitter: every client still waits at least d/2. Draw from the whole range instead.",
			},
		},
		{
			Name:  "schedule",
			Title: "Schedule returns one jittered delay per attempt, each spread over [0, Backoff(i)).",
			Hints: []string{
				"Loop i from 1 to attempts, appending FullJitter(Backoff(i, base, limit), r).",
				"Zero attempts give an empty slice; the jitter applies to each attempt's own backoff, not to base.",
			},
		},
		{
			Name:  "seeded",
			Title: "Two sources with the same seed give the same schedule: every draw comes from r.",
			Hints: []string{
				"Reproducible jitter means the only randomness is r: use its methods (r.Int64N, r.Float64).",
				"rand.Int64N (the package function) draws from a hidden global source; replace it with r.Int64N.",
			},
		},
	},
}
