package exercises

var retryLoop = &Exercise{
	Slug:    "retry-loop",
	Title:   "A retry loop that listens to the server",
	Section: "4. Backoff and jitter",
	Forbid:  []string{"github.com/flakylab/flakylab/core/retry"},
	Mistakes: map[string]string{
		"no-doubling-after-retry-after": "Your backoff does not double after a retry that followed Retry-After. Every retry counts: double the backoff after each wait, whichever kind it was.",
		"no-doubling":                   "Your backoff does not grow: retry n must back off from Base doubled n-1 times (at most Limit). Double it after every wait.",
		"global-rand":                   "Your jitter comes from the package-level math/rand functions, whose hidden source nobody can seed. Draw from p.Rand: p.Rand.Int64N(int64(backoff)).",
		"retries-cancel":                "Your loop retries after the caller cancelled. An error that wraps context.Canceled means nobody waits for the answer: errors.Is(err, context.Canceled) is not worth retrying.",
		"honours-invalid-retry-after":   "Your loop honours a Retry-After that is not a whole number of seconds (\"1.5\", \"+2\", \"1e1\"). Parse it with strconv.ParseUint(v, 10, 32), as in exercise 2, and fall back to the backoff when that fails.",
		"own-sleep":                     "Your loop waits with time.Sleep (the program's clock moved) instead of p.Sleep. Wait through p.Sleep(ctx, d): it is the policy's clock, and it tells you when the context ends.",
	},
	Checks: []Check{
		{
			Name:  "success",
			Title: "A success on the first call is returned at once, without sleeping.",
			Hints: []string{
				"Call first, then decide: a 200 is not worth retrying, so return it with a nil error.",
			},
		},
		{
			Name:  "retry-after-exact",
			Title: "When the server sends Retry-After, the loop waits exactly that long.",
			Hints: []string{
				"Read the header with resp.Get(\"Retry-After\") and parse it as whole seconds.",
				"When the header is valid, pass exactly that duration to p.Sleep: no jitter, no backoff on top.",
			},
		},
		{
			Name:  "backoff-range",
			Title: "Without Retry-After, retry n waits a full-jitter delay in [0, Base·2^(n-1)), capped at Limit.",
			Hints: []string{
				"Keep the current backoff in a variable: Base at first, doubled after every retry, never above Limit.",
				"The wait is random in [0, backoff): time.Duration(p.Rand.Int64N(int64(backoff))).",
			},
		},
		{
			Name:  "mixed-script",
			Title: "429 with Retry-After 2, then 500, then 200: exactly 2s, then a wait in [0, 2s).",
			Hints: []string{
				"A retry that followed Retry-After still counts: the next backoff is doubled all the same.",
				"Double the backoff after every retry, not only after the ones that used it.",
			},
		},
		{
			Name:  "jitter-spread",
			Title: "Over many runs the backoff waits are spread evenly over [0, backoff): not fixed, not equal jitter.",
			Hints: []string{
				"Sleeping the backoff itself keeps every client in step; the whole wait must be random.",
				"Draw from p.Rand over the full range [0, backoff), not from [backoff/2, backoff).",
			},
		},
		{
			Name:  "never-retry",
			Title: "400, 401, 404, 422 and 501 are returned after one call, with no wait.",
			Hints: []string{
				"These answers come back the same every time: retrying only adds load.",
				"Use exercise 2's rule before sleeping: if the answer is not worth retrying, return it.",
			},
		},
		{
			Name:  "attempt-limit",
			Title: "The loop makes at most MaxAttempts calls and returns the last answer.",
			Hints: []string{
				"MaxAttempts counts every call, the first one included: 4 means 1 call and 3 retries.",
				"Check the attempt number before sleeping: after the last attempt, return what it gave without waiting.",
			},
		},
		{
			Name:  "transport-errors",
			Title: "Timeouts and dropped connections are retried; if they last, the last error is returned.",
			Hints: []string{
				"A transport error has no status: retry it like a 503 (a timeout says nothing about the next attempt).",
				"When the attempts run out on an error, return that error itself so that errors.Is still recognizes it.",
			},
		},
		{
			Name:  "invalid-retry-after",
			Title: "A Retry-After that is not whole seconds (\"soon\", \"-3\", \"1.5\", \"+2\") is ignored in favour of the backoff.",
			Hints: []string{
				"\"soon\" and \"-3\" are not valid: fall back to the full-jitter backoff, as if there were no header.",
			},
		},
		{
			Name:  "doubling",
			Title: "Retry n backs off from Base·2^(n-1): the waits spread over that whole range, also after a retry that followed Retry-After.",
			Hints: []string{
				"Keep the backoff in a variable outside the loop and double it after every wait, Retry-After or not.",
				"A Retry-After wait replaces that retry's jitter, not the doubling: 429 (Retry-After: 2) then 503 with Base 100ms backs off from 200ms.",
			},
		},
		{
			Name:  "seeded",
			Title: "Two runs whose p.Rand have the same seed wait exactly the same: every jitter draw comes from p.Rand.",
			Hints: []string{
				"Reproducible jitter means one source of randomness, the policy's: p.Rand.Int64N, never rand.Int64N.",
			},
		},
		{
			Name:  "every-status",
			Title: "Every status from 100 to 599 is retried exactly when exercise 2's rule says so.",
			Hints: []string{
				"Retry 408, 409, 429 and 5xx except 501, 505, 506, 508, 510 and 511; nothing else.",
				"Your ShouldRetry from exercise 2 (or core/classify) decides: call it with the status and the error.",
			},
		},
		{
			Name:  "random-scripts",
			Title: "Random scripts of statuses, Retry-After values and transport errors get the calls, waits and result the rules say.",
			Hints: []string{
				"This check mixes everything with random limits; when the others pass, read the script it names and follow the rules by hand.",
				"Common causes: counting attempts from 0, sleeping after the last attempt, or a backoff that is not capped at Limit.",
			},
		},
		{
			Name:  "cancellation",
			Title: "When the wait fails because the context ended, or the caller cancelled during a call, Do returns that error at once.",
			Hints: []string{
				"p.Sleep returns an error when ctx ends during the wait: nobody is waiting for the answer any more.",
				"if err := p.Sleep(ctx, wait); err != nil { return provider.Response{}, err }",
			},
		},
	},
}
