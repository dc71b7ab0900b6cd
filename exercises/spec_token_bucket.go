package exercises

var tokenBucket = &Exercise{
	Slug:    "token-bucket",
	Title:   "A token bucket that says when to come back",
	Section: "1. Rate limiting with a token bucket",
	Forbid:  []string{"github.com/flakylab/flakylab/core/bucket"},
	Mistakes: map[string]string{
		"truncated-wait":    "Your waits are cut to whole seconds. The bucket's wait is exact, (1 - tokens) / rate seconds, fractions included: time.Duration(seconds * float64(time.Second)). Rounding is for the Retry-After header, later.",
		"rounded-up-wait":   "Your waits are rounded up to whole seconds. The bucket's wait is exact, (1 - tokens) / rate seconds, fractions included: time.Duration(seconds * float64(time.Second)). Rounding is for the Retry-After header, later.",
		"full-token-wait":   "Your waits are always the time of a whole token, 1 / rate. Part of a token is usually there already: the wait is (1 - tokens) / rate.",
		"no-cap":            "Your bucket keeps every token it earns while idle. It holds at most capacity: after adding the refill, clamp it (if tokens > capacity { tokens = capacity }).",
		"whole-tokens":      "Your bucket counts whole tokens only, so fractions of a token are lost between calls. Keep the tokens as a float64 and add elapsed.Seconds() * rate on every call.",
		"refusal-spends":    "Your bucket spends a token on refused requests too, so hammering it pushes the next token away. Subtract only when you allow.",
		"starts-empty":      "Your bucket starts empty. A new bucket is full: NewBucket sets the tokens to the capacity.",
		"fixed-tick":        "Your bucket refills in whole ticks of a second. Refill from the exact time elapsed since the last call, fractions included.",
		"wait-when-allowed": "Your bucket tells allowed requests to wait. An allowed request gets retryAfter 0: only a refused one needs a wait.",
		"wall-clock":        "Your bucket's answers change with the clock of the program, not only with the instants it is given: use the now passed to NewBucket and Allow, never time.Now() or time.Since.",
	},
	Checks: []Check{
		{
			Name:  "burst",
			Title: "A full bucket lets a burst of up to capacity requests through at one instant, and no more.",
			Hints: []string{
				"The bucket starts full: NewBucket should set the tokens to the capacity.",
				"Each allowed request spends exactly one token; when fewer than one token is left, refuse.",
			},
		},
		{
			Name:  "retry-after",
			Title: "A refused request is told exactly how long until the next token: (1 - tokens) / rate.",
			Hints: []string{
				"Refill first, then decide: the wait depends on the tokens the bucket holds at now, fractions included.",
				"The missing part of a token is 1 - tokens; at rate tokens per second it takes (1 - tokens) / rate seconds to arrive.",
				"Convert seconds to a Duration with time.Duration(seconds * float64(time.Second)). Do not round to whole seconds: that is the header's job, not the bucket's.",
			},
		},
		{
			Name:  "continuous-refill",
			Title: "Tokens come back continuously from the time elapsed, fractions included, not in whole ticks.",
			Hints: []string{
				"Keep the tokens as a float64 and remember when you last updated them.",
				"On every call add elapsed.Seconds() * rate, then set the last-update time to now, so no fraction of a second is lost or counted twice.",
			},
		},
		{
			Name:  "capacity-cap",
			Title: "However long the bucket sits idle, it never holds more than its capacity.",
			Hints: []string{
				"After a minute of idling at 2 tokens per second the refill would be 120 tokens; the bucket keeps only capacity of them.",
				"After adding the refill, clamp: if tokens > capacity { tokens = capacity }.",
			},
		},
		{
			Name:  "refusal-is-free",
			Title: "A refused request spends nothing, so hammering an empty bucket does not push the next token further away.",
			Hints: []string{
				"Only an allowed request spends a token: check tokens >= 1 before subtracting.",
				"A refused request may still update the refill (tokens and last-update time); it must not take anything away.",
			},
		},
		{
			Name:  "random-traffic",
			Title: "Irregular traffic with bursts and pauses gets the same answers as the reference bucket.",
			Hints: []string{
				"This check replays seeded random traffic; when the other checks pass, look at the request it names and at the tokens it says the bucket held.",
				"Common causes: a refill that only happens on allowed requests, or a last-update time that is not moved forward on every call.",
			},
		},
	},
}
