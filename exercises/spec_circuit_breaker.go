package exercises

var circuitBreaker = &Exercise{
	Slug:    "circuit-breaker",
	Title:   "A circuit breaker with a half-open probe",
	Section: "6. When a dependency is down",
	Forbid:  []string{"github.com/flakylab/flakylab/core/breaker"},
	Mistakes: map[string]string{
		"wall-clock": "Your breaker's answers change with the clock of the program, not only with the instants it is given: use the now passed to Allow, Record and State, never time.Now() or time.Since.",
	},
	Checks: []Check{
		{
			Name:  "closed-allows",
			Title: "A new breaker is closed and lets every call through while failures stay below the threshold.",
			Hints: []string{
				"Start in the closed state with a failure count of zero; Allow says yes while closed.",
			},
		},
		{
			Name:  "opens-at-threshold",
			Title: "The circuit opens when consecutive failures reach the threshold, not one later.",
			Hints: []string{
				"Count failures in Record; when the count reaches the threshold (>=, not >), open the circuit.",
				"Remember when it opened: the cooldown is measured from that instant.",
			},
		},
		{
			Name:  "success-resets",
			Title: "A success resets the failure count: only consecutive failures open the circuit.",
			Hints: []string{
				"In the closed state, a successful Record sets the failure count back to zero.",
			},
		},
		{
			Name:  "fails-fast",
			Title: "While open and before the cooldown ends, every call is refused.",
			Hints: []string{
				"Allow says no while the state is open and now - opened < cooldown.",
			},
		},
		{
			Name:  "half-open-probe",
			Title: "After the cooldown the breaker is half-open and lets exactly one probe through.",
			Hints: []string{
				"Compute the state lazily: in State (and Allow), an open circuit whose cooldown has passed becomes half-open.",
				"Keep a flag for the probe: the first Allow in half-open sets it and says yes; later ones say no until Record.",
			},
		},
		{
			Name:  "probe-success-closes",
			Title: "A successful probe closes the circuit with a fresh failure count.",
			Hints: []string{
				"In Record, a success while half-open moves to closed, resets the failure count and clears the probe flag.",
			},
		},
		{
			Name:  "probe-failure-reopens",
			Title: "A failed probe opens the circuit again for a whole new cooldown from the failure.",
			Hints: []string{
				"A failure while half-open opens the circuit again, right away, whatever the count.",
				"Set the opening time to the failed probe's now, so the next probe waits a full cooldown.",
			},
		},
		{
			Name:  "random-trace",
			Title: "Healthy and failing spells of a dependency get the reference breaker's answers.",
			Hints: []string{
				"This check replays seeded random traffic; the message names the first answer that differs and the steps before it.",
				"Check the transitions in Record: closed counts failures, half-open decides on the first outcome, and the state is refreshed from now before Allow decides.",
			},
		},
	},
}
