//go:build ignore

package main

import (
	chkcontext "context"
	chkerrors "errors"
	chkfmt "fmt"
	chkrand "math/rand/v2"
	chkstrconv "strconv"
	chkstrings "strings"
	chktime "time"

	chkclassify "github.com/flakylab/flakylab/core/classify"
	chkprovider "github.com/flakylab/flakylab/core/provider"
)

var chkChecks = map[string]func() chkResult{
	"client-errors":       chkClientErrors,
	"transient-statuses":  chkTransientStatuses,
	"server-errors":       chkServerErrors,
	"not-failures":        chkNotFailures,
	"every-status":        chkEveryStatus,
	"transport-errors":    chkTransportErrors,
	"cancellation":        chkCancellation,
	"retry-after-seconds": chkRetryAfterSeconds,
	"retry-after-date":    chkRetryAfterDate,
	"retry-after-invalid": chkRetryAfterInvalid,
}

// chkStatuses asks ShouldRetry about each code and compares with the
// reference: retry unless the verdict is Never.
func chkStatuses(codes []int) chkResult {
	for _, code := range codes {
		input := chkfmt.Sprintf("ShouldRetry(%d, nil)", code)
		chkInput(input)
		d := chkclassify.Status(code)
		want := d.Verdict != chkclassify.Never
		got := ShouldRetry(code, nil)
		if got != want {
			return chkFail(chkfmt.Sprintf("%s = %v, want %v: %s", input, got, want, d.Reason), input, chkfmt.Sprint(want), chkfmt.Sprint(got))
		}
	}
	return chkPass()
}

func chkClientErrors() chkResult {
	return chkStatuses([]int{400, 401, 403, 404, 405, 410, 413, 418, 422, 451})
}

func chkTransientStatuses() chkResult {
	return chkStatuses([]int{408, 409, 429, 502, 503, 504, 529})
}

func chkServerErrors() chkResult {
	return chkStatuses([]int{500, 507, 520, 599, 501, 505, 511})
}

func chkNotFailures() chkResult {
	if r := chkStatuses([]int{100, 200, 201, 204, 301, 304, 600, 99, 0, -503}); !r.pass {
		return r
	}
	r := chkRand(1)
	var codes []int
	for i := 0; i < 20; i++ {
		codes = append(codes, 600+r.IntN(1000), -r.IntN(1000), r.IntN(100))
	}
	return chkStatuses(codes)
}

func chkEveryStatus() chkResult {
	codes := []int{}
	for c := 100; c <= 599; c++ {
		codes = append(codes, c)
	}
	return chkStatuses(codes)
}

// chkTimeoutError is a transport error that knows it is a timeout, as
// net.Error values do.
type chkTimeoutError struct{}

func (chkTimeoutError) Error() string { return "i/o timeout" }
func (chkTimeoutError) Timeout() bool { return true }

type chkErrorCase struct {
	label string
	err   error
}

func chkErrorCases(cases []chkErrorCase) chkResult {
	for _, c := range cases {
		input := "ShouldRetry(0, " + c.label + ")"
		chkInput(input)
		d := chkclassify.Error(c.err)
		want := d.Verdict != chkclassify.Never
		got := ShouldRetry(0, c.err)
		if got != want {
			return chkFail(chkfmt.Sprintf("%s = %v, want %v: %s", input, got, want, d.Reason), input, chkfmt.Sprint(want), chkfmt.Sprint(got))
		}
	}
	return chkPass()
}

// chkWrapped wraps err in n layers of fmt.Errorf with %w, as calls that
// add context do.
func chkWrapped(r *chkrand.Rand, label string, err error) chkErrorCase {
	n := 1 + r.IntN(4)
	for i := 0; i < n; i++ {
		step := []string{"charge", "attempt", "call", "POST /charges"}[r.IntN(4)]
		label = chkfmt.Sprintf("fmt.Errorf(%q, %s)", step+": %w", label)
		err = chkfmt.Errorf(step+": %w", err)
	}
	return chkErrorCase{label, err}
}

func chkTransportErrors() chkResult {
	if r := chkErrorCases([]chkErrorCase{
		{"provider.ErrTimeout", chkprovider.ErrTimeout},
		{"provider.ErrConnectionReset", chkprovider.ErrConnectionReset},
		{"context.DeadlineExceeded", chkcontext.DeadlineExceeded},
		{"an i/o timeout", chkTimeoutError{}},
		{`fmt.Errorf("charge: %w", provider.ErrTimeout)`, chkfmt.Errorf("charge: %w", chkprovider.ErrTimeout)},
		{`errors.New("connection refused")`, chkerrors.New("connection refused")},
		{`errors.New("tls: handshake failure")`, chkerrors.New("tls: handshake failure")},
	}); !r.pass {
		return r
	}
	r := chkRand(2)
	var cases []chkErrorCase
	for i := 0; i < 12; i++ {
		base := []chkErrorCase{
			{"provider.ErrTimeout", chkprovider.ErrTimeout},
			{"provider.ErrConnectionReset", chkprovider.ErrConnectionReset},
			{"context.DeadlineExceeded", chkcontext.DeadlineExceeded},
			{`errors.New("connection refused")`, chkerrors.New("connection refused")},
		}[r.IntN(4)]
		cases = append(cases, chkWrapped(r, base.label, base.err))
	}
	return chkErrorCases(cases)
}

func chkCancellation() chkResult {
	if r := chkErrorCases([]chkErrorCase{
		{"context.Canceled", chkcontext.Canceled},
		{`fmt.Errorf("charge: %w", context.Canceled)`, chkfmt.Errorf("charge: %w", chkcontext.Canceled)},
		{`fmt.Errorf("attempt 2: %w", fmt.Errorf("charge: %w", context.Canceled))`, chkfmt.Errorf("attempt 2: %w", chkfmt.Errorf("charge: %w", chkcontext.Canceled))},
	}); !r.pass {
		return r
	}
	r := chkRand(3)
	var cases []chkErrorCase
	for i := 0; i < 6; i++ {
		cases = append(cases, chkWrapped(r, "context.Canceled", chkcontext.Canceled))
	}
	return chkErrorCases(cases)
}

var chkNow = chktime.Date(1994, 11, 6, 8, 49, 37, 0, chktime.UTC)

const chkDateLayout = "Mon, 02 Jan 2006 15:04:05 GMT"

func chkShowWait(d chktime.Duration, ok bool) string {
	return "(" + chkDur(d) + ", " + chkfmt.Sprint(ok) + ")"
}

// chkRetryAfterValues asks RetryAfter about each value at now and compares
// with the reference.
func chkRetryAfterValues(now chktime.Time, values []string) chkResult {
	for _, v := range values {
		input := "RetryAfter(" + chkstrconv.Quote(v) + ", now) with now = " + now.Format("Mon, 02 Jan 2006 15:04:05.999999999 GMT")
		chkInput(input)
		want, wantOK := chkclassify.ParseRetryAfter(v, now)
		if !wantOK {
			want = 0
		}
		got, gotOK := RetryAfter(v, now)
		if gotOK != wantOK || got != want {
			msg := "RetryAfter(" + chkstrconv.Quote(v) + ", now) = " + chkShowWait(got, gotOK) + ", want " + chkShowWait(want, wantOK)
			if wantOK && !gotOK {
				msg += ": the value is valid"
			} else if !wantOK && gotOK {
				msg += ": the value is not a valid Retry-After, so the caller should use its own backoff"
			} else if !wantOK {
				msg += ": when ok is false, the wait is 0"
			} else if got < 0 {
				msg += ": a date in the past means no wait, 0"
			}
			return chkFail(msg, input, chkShowWait(want, wantOK), chkShowWait(got, gotOK))
		}
	}
	return chkPass()
}

func chkRetryAfterSeconds() chkResult {
	if res := chkRetryAfterValues(chkNow, []string{"0", "2", "120", " 7 ", "3600", "99"}); !res.pass {
		return res
	}
	r := chkRand(4)
	var values []string
	for i := 0; i < 20; i++ {
		v := chkstrconv.Itoa(r.IntN([]int{10, 1000, 100000, 1000000000}[r.IntN(4)]))
		values = append(values, chkstrings.Repeat(" ", r.IntN(3))+v+chkstrings.Repeat(" ", r.IntN(3)))
	}
	return chkRetryAfterValues(chkNow, values)
}

func chkRetryAfterDate() chkResult {
	if res := chkRetryAfterValues(chkNow, []string{
		chkNow.Add(90 * chktime.Second).Format(chkDateLayout),
		chkNow.Add(chktime.Hour).Format(chkDateLayout),
		chkNow.Add(-10 * chktime.Minute).Format(chkDateLayout),
		chkNow.Format(chkDateLayout),
	}); !res.pass {
		return res
	}
	// A now between two whole seconds: one nanosecond either side of the
	// date.
	at := chkNow.Add(chktime.Minute)
	if res := chkRetryAfterValues(at.Add(-chktime.Nanosecond), []string{at.Format(chkDateLayout)}); !res.pass {
		return res
	}
	if res := chkRetryAfterValues(at.Add(chktime.Nanosecond), []string{at.Format(chkDateLayout)}); !res.pass {
		return res
	}
	r := chkRand(5)
	for i := 0; i < 12; i++ {
		now := chkNow.Add(chktime.Duration(r.Int64N(int64(1000 * chktime.Hour))))
		off := chktime.Duration(r.Int64N(int64(6*chktime.Hour))) - 2*chktime.Hour
		if res := chkRetryAfterValues(now, []string{now.Add(off).Format(chkDateLayout)}); !res.pass {
			return res
		}
	}
	return chkPass()
}

func chkRetryAfterInvalid() chkResult {
	if res := chkRetryAfterValues(chkNow, []string{"", "-1", "1.5", "soon", "+5", "1e3", "Sun, 06 Nov 1994 25:49:37 GMT"}); !res.pass {
		return res
	}
	r := chkRand(6)
	var values []string
	for i := 0; i < 12; i++ {
		n := chkstrconv.Itoa(1 + r.IntN(500))
		values = append(values, []string{n + "." + chkstrconv.Itoa(r.IntN(10)), "-" + n, "+" + n, n + "s", "0x" + n, n + "e2", n + " " + n, "in " + n}[r.IntN(8)])
	}
	return chkRetryAfterValues(chkNow, values)
}
