package exercises

var retryClassifier = &Exercise{
	Slug:    "retry-classifier",
	Title:   "Retry only what can succeed",
	Section: "3. Retry only what can succeed",
	// core/retry classifies with it: its Do would answer for it.
	Forbid: []string{"github.com/flakylab/flakylab/core/classify", "github.com/flakylab/flakylab/core/retry"},
	Checks: []Check{
		{
			Name:  "client-errors",
			Title: "4xx answers such as 400, 401, 403, 404 and 422 are never retried.",
			Hints: []string{
				"The same malformed or unauthorized request fails the same way every time: retrying only adds load.",
				"Start from false and list the few statuses worth retrying, rather than retrying every code >= 400.",
			},
		},
		{
			Name:  "transient-statuses",
			Title: "408, 409, 429, 502, 503, 504 and 529 are retried.",
			Hints: []string{
				"These answers say \"not now\": a timeout, a key still in flight, a rate limit, a gateway or an overloaded server.",
				"A switch with case 408, 409, 429: return true covers the 4xx ones; the rest are 5xx.",
			},
		},
		{
			Name:  "server-errors",
			Title: "Other 5xx codes are retried, except 501, 505 and the other permanent ones.",
			Hints: []string{
				"A 500 may be transient, so it is worth a few tries; a 501 Not Implemented will never change.",
				"Handle the exceptions first (case 501, 505, 506, 508, 510, 511: return false), then return status >= 500 && status <= 599.",
			},
		},
		{
			Name:  "not-failures",
			Title: "Success, redirects, informational and out-of-range codes are not retried.",
			Hints: []string{
				"Nothing failed on a 200 or a 304: there is nothing to retry.",
				"Make sure your range test has an upper bound too: 600 is not a 5xx.",
			},
		},
		{
			Name:  "every-status",
			Title: "Every code from 100 to 599 gets the reference answer.",
			Hints: []string{
				"This check walks all 500 codes; the message names the first one that differs and says why it should (or should not) be retried.",
			},
		},
		{
			Name:  "transport-errors",
			Title: "Timeouts, resets and unknown transport errors are retried, wrapped or not.",
			Hints: []string{
				"When err is not nil there is no status to look at: the network failed, and trying again may well work.",
				"Only cancellation is final; return true for every other error.",
			},
		},
		{
			Name:  "cancellation",
			Title: "The caller's own cancellation is never retried, even when wrapped.",
			Hints: []string{
				"context.Canceled means the caller gave up; nobody is waiting for a retry.",
				"Errors get wrapped on their way up (fmt.Errorf with %w): compare with errors.Is(err, context.Canceled), not ==.",
			},
		},
		{
			Name:  "retry-after-seconds",
			Title: "Retry-After in whole seconds is read exactly, surrounding spaces allowed.",
			Hints: []string{
				"Trim the value with strings.TrimSpace, then parse it with strconv.",
				"Multiply by time.Second: time.Duration(n) * time.Second.",
			},
		},
		{
			Name:  "retry-after-date",
			Title: "Retry-After as an HTTP date gives the time from now until then, or 0 once it has passed.",
			Hints: []string{
				"When the value is not a number, try time.Parse with the layout \"Mon, 02 Jan 2006 15:04:05 GMT\".",
				"The wait is at.Sub(now); a date in the past means retry at once: (0, true), never a negative wait.",
			},
		},
		{
			Name:  "retry-after-invalid",
			Title: "Values that are neither whole seconds nor a date give ok == false.",
			Hints: []string{
				"The seconds form is digits only: no sign, no fraction, no exponent.",
				"strconv.ParseFloat accepts \"-1\", \"+5\" and \"1e3\"; check that the first character is a digit, or use strconv.ParseUint.",
			},
		},
	},
}
