//go:build ignore

package main

import (
	chkcontext "context"
	chkerrors "errors"
	chkfmt "fmt"
	chkstrconv "strconv"
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
	return chkStatuses([]int{100, 200, 201, 204, 301, 304, 600, 99})
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

func chkTransportErrors() chkResult {
	return chkErrorCases([]chkErrorCase{
		{"provider.ErrTimeout", chkprovider.ErrTimeout},
		{"provider.ErrConnectionReset", chkprovider.ErrConnectionReset},
		{"context.DeadlineExceeded", chkcontext.DeadlineExceeded},
		{"an i/o timeout", chkTimeoutError{}},
		{`fmt.Errorf("charge: %w", provider.ErrTimeout)`, chkfmt.Errorf("charge: %w", chkprovider.ErrTimeout)},
		{`errors.New("connection refused")`, chkerrors.New("connection refused")},
		{`errors.New("tls: handshake failure")`, chkerrors.New("tls: handshake failure")},
	})
}

func chkCancellation() chkResult {
	return chkErrorCases([]chkErrorCase{
		{"context.Canceled", chkcontext.Canceled},
		{`fmt.Errorf("charge: %w", context.Canceled)`, chkfmt.Errorf("charge: %w", chkcontext.Canceled)},
		{`fmt.Errorf("attempt 2: %w", fmt.Errorf("charge: %w", context.Canceled))`, chkfmt.Errorf("attempt 2: %w", chkfmt.Errorf("charge: %w", chkcontext.Canceled))},
	})
}

var chkNow = chktime.Date(1994, 11, 6, 8, 49, 37, 0, chktime.UTC)

const chkDateLayout = "Mon, 02 Jan 2006 15:04:05 GMT"

func chkShowWait(d chktime.Duration, ok bool) string {
	if !ok {
		return "(0, false)"
	}
	return "(" + chkDur(d) + ", true)"
}

func chkRetryAfterValues(values []string) chkResult {
	for _, v := range values {
		input := "RetryAfter(" + chkstrconv.Quote(v) + ", now) with now = " + chkNow.Format(chkDateLayout)
		chkInput(input)
		want, wantOK := chkclassify.ParseRetryAfter(v, chkNow)
		got, gotOK := RetryAfter(v, chkNow)
		if gotOK != wantOK || (wantOK && got != want) {
			msg := "RetryAfter(" + chkstrconv.Quote(v) + ") = " + chkShowWait(got, gotOK) + ", want " + chkShowWait(want, wantOK)
			if wantOK && !gotOK {
				msg += ": the value is valid"
			}
			if !wantOK && gotOK {
				msg += ": the value is not a valid Retry-After, so the caller should use its own backoff"
			}
			return chkFail(msg, input, chkShowWait(want, wantOK), chkShowWait(got, gotOK))
		}
	}
	return chkPass()
}

func chkRetryAfterSeconds() chkResult {
	return chkRetryAfterValues([]string{"0", "2", "120", " 7 ", "3600"})
}

func chkRetryAfterDate() chkResult {
	return chkRetryAfterValues([]string{
		chkNow.Add(90 * chktime.Second).Format(chkDateLayout),
		chkNow.Add(chktime.Hour).Format(chkDateLayout),
		chkNow.Add(-10 * chktime.Minute).Format(chkDateLayout),
		chkNow.Format(chkDateLayout),
	})
}

func chkRetryAfterInvalid() chkResult {
	return chkRetryAfterValues([]string{"", "-1", "1.5", "soon", "+5", "1e3", "Sun, 06 Nov 1994 25:49:37 GMT"})
}
