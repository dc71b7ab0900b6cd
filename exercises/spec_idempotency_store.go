package exercises

var idempotencyStore = &Exercise{
	Slug:    "idempotency-store",
	Title:   "An idempotency-key store",
	Section: "5. Idempotency keys",
	Forbid:  []string{"github.com/flakylab/flakylab/core/idempotency"},
	Mistakes: map[string]string{
		"wall-clock":     "Your store's answers change with the clock of the program, not only with the instants it is given: use the now passed to Begin, never time.Now() or time.Since.",
		"leaks-response": "Your Begin returns a stored response with an outcome other than Replay. A Mismatch is another request that reused the key: handing it the stored response gives one client another's answer. Return Response{} unless the outcome is Replay.",
	},
	Checks: []Check{
		{
			Name:  "fresh-then-replay",
			Title: "A new key is Fresh; once completed, the same request replays the stored response.",
			Hints: []string{
				"Keep a map from key to an entry holding the fingerprint, whether it completed, and the response.",
				"Begin adds the entry for an unknown key; Complete marks it done and stores the response; a later Begin returns Replay and that response.",
			},
		},
		{
			Name:  "separate-keys",
			Title: "Different keys are independent: k1, k1, k2 does the work twice.",
			Hints: []string{
				"Look entries up by key only; two keys never share an entry, even for identical requests.",
			},
		},
		{
			Name:  "mismatch",
			Title: "The same key with a different fingerprint is a Mismatch and changes nothing.",
			Hints: []string{
				"A key reused for another request is a client bug: the server answers 422 and does nothing.",
				"Compare the fingerprints before looking at the entry's state, and return without touching the entry.",
			},
		},
		{
			Name:  "in-flight",
			Title: "A retry while the first request still runs is InFlight, not Fresh; after Complete it replays.",
			Hints: []string{
				"Record the key in Begin, before the work starts, not in Complete.",
				"An entry that exists but has no response yet is in flight: answer InFlight (the server sends 409).",
			},
		},
		{
			Name:  "replay-failures",
			Title: "Stored failures (500, 402) replay like successes.",
			Hints: []string{
				"The server already answered that request; repeating the work could charge the card after all.",
				"Store whatever response Complete receives, whatever its status.",
			},
		},
		{
			Name:  "expiry",
			Title: "A key is forgotten ttl after its first Begin: from then on the next Begin is Fresh again.",
			Hints: []string{
				"Store the expiry instant (now + ttl) when the key is created.",
				"In Begin, treat an entry with !now.Before(expires) as missing: delete it and start over. At exactly created+ttl the key is gone.",
			},
		},
		{
			Name:  "expiry-in-flight",
			Title: "A key that never completes also expires, so a crashed worker cannot lock it forever.",
			Hints: []string{
				"Check the expiry before the state: an expired in-flight entry is as gone as an expired completed one.",
			},
		},
		{
			Name:  "ttl-from-first-begin",
			Title: "Replays do not extend a key's life: the ttl runs from the Begin that created it.",
			Hints: []string{
				"Set the expiry once, when the entry is created; never move it on a replay.",
			},
		},
		{
			Name:  "random-trace",
			Title: "A long random mix of keys, fingerprints, completions and time gets the reference answers.",
			Hints: []string{
				"This check replays seeded random traffic; the message names the first Begin that differs and the steps just before it.",
				"Check the order: expiry first, then the fingerprint, then whether the entry is done.",
			},
		},
	},
}
