package classify_test

import (
	"strings"
	"testing"
	"time"

	"github.com/flakylab/flakylab/core/classify"
)

// FuzzParseRetryAfter checks that ParseRetryAfter never panics, never
// returns a negative delay, returns 0 whenever ok is false, and accepts
// every plain run of ASCII digits.
func FuzzParseRetryAfter(f *testing.F) {
	now := t0.Unix()
	for _, v := range []string{
		"120", "0", " 5 ", "-1", "+5", "1.5", "1e3", "NaN", "", "99999999999999999999",
		"Sun, 06 Nov 1994 08:49:37 GMT",
		"Sunday, 06-Nov-94 08:49:37 GMT",
		"Sun Nov  6 08:49:37 1994",
		"Fri, 31 Dec 9999 23:59:59 GMT",
		"Sun, 31 Nov 1994 08:49:37 GMT",
		"Tuesday, 01-Jan-70 00:00:00 GMT",
	} {
		f.Add(v, now)
	}
	f.Add("Thursday, 01-Jan-05 00:00:00 GMT", time.Date(2090, 1, 1, 0, 0, 0, 0, time.UTC).Unix())
	f.Add("Sun, 06 Nov 1994 08:49:37 GMT", int64(-1<<62))
	f.Fuzz(func(t *testing.T, value string, nowUnix int64) {
		got, ok := classify.ParseRetryAfter(value, time.Unix(nowUnix, 0).UTC())
		if got < 0 {
			t.Fatalf("ParseRetryAfter(%q, unix %d) = %v, want >= 0", value, nowUnix, got)
		}
		if !ok && got != 0 {
			t.Fatalf("ParseRetryAfter(%q, unix %d) = %v, false; want 0 when not ok", value, nowUnix, got)
		}
		if v := strings.TrimSpace(value); v != "" && strings.Trim(v, "0123456789") == "" && !ok {
			t.Fatalf("ParseRetryAfter(%q, unix %d): digits only, want ok", value, nowUnix)
		}
	})
}

// FuzzParseRetryAfterMs checks the same promises for retry-after-ms.
func FuzzParseRetryAfterMs(f *testing.F) {
	for _, v := range []string{"1500", "1500.5", ".5", "5.", ".", "-5", "1e3", "NaN", "Inf", "", "9223372036854.775808", "1.2.3"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, value string) {
		got, ok := classify.ParseRetryAfterMs(value)
		if got < 0 {
			t.Fatalf("ParseRetryAfterMs(%q) = %v, want >= 0", value, got)
		}
		if !ok && got != 0 {
			t.Fatalf("ParseRetryAfterMs(%q) = %v, false; want 0 when not ok", value, got)
		}
	})
}
