package exercises

var tokenBucket = &Exercise{
	Slug:    "token-bucket",
	Title:   "A token bucket that says when to come back",
	Section: "1. Rate limiting with a token bucket",
	Forbid:  []string{"github.com/flakylab/flakylab/core/bucket"},
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
