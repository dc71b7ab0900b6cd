package classify_test

import (
	"math"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/classify"
)

const maxDuration = time.Duration(math.MaxInt64)

// t0 is 37 seconds before the date RFC 9110 uses in its examples.
var t0 = time.Date(1994, time.November, 6, 8, 49, 0, 0, time.UTC)

func TestParseRetryAfter(t *testing.T) {
	tests := []struct {
		value  string
		want   time.Duration
		wantOK bool
	}{
		// delay-seconds
		{"120", 2 * time.Minute, true},
		{"0", 0, true},
		{"007", 7 * time.Second, true},
		{" 5 ", 5 * time.Second, true},
		{"\t5\r\n", 5 * time.Second, true},
		{"9223372036", 9223372036 * time.Second, true},
		{"9223372037", maxDuration, true},
		{"99999999999999999999", maxDuration, true},
		{"999999999999999999999999999999999999999", maxDuration, true},
		// HTTP-date, all three forms, 37 s after t0.
		{"Sun, 06 Nov 1994 08:49:37 GMT", 37 * time.Second, true},
		{"Sunday, 06-Nov-94 08:49:37 GMT", 37 * time.Second, true},
		{"Sun Nov  6 08:49:37 1994", 37 * time.Second, true},
		{"Sun Nov 6 08:49:37 1994", 37 * time.Second, true},
		{"  Sun, 06 Nov 1994 08:49:37 GMT  ", 37 * time.Second, true},
		// The weekday is not checked against the date.
		{"Mon, 06 Nov 1994 08:49:37 GMT", 37 * time.Second, true},
		// Past and present dates: retry at once.
		{"Sun, 06 Nov 1994 08:49:00 GMT", 0, true},
		{"Sun, 06 Nov 1994 08:48:00 GMT", 0, true},
		{"Thu, 01 Jan 1970 00:00:00 GMT", 0, true},
		// Far future: the subtraction saturates.
		{"Fri, 31 Dec 9999 23:59:59 GMT", maxDuration, true},
		// Invalid: ignored, never an error.
		{"", 0, false},
		{"   ", 0, false},
		{"-1", 0, false},
		{"+5", 0, false},
		{"1.5", 0, false},
		{"1e3", 0, false},
		{"0x10", 0, false},
		{"NaN", 0, false},
		{"Inf", 0, false},
		{"5 s", 0, false},
		{"١٢", 0, false}, // non-ASCII digits
		{"soon", 0, false},
		{"Sun, 06 Nov 1994 08:49:37 PST", 0, false},
		{"Sun, 06 Nov 1994 08:49:37", 0, false},
		{"Sun, 31 Nov 1994 08:49:37 GMT", 0, false},
		{"Sun, 06 Nov 1994 25:49:37 GMT", 0, false},
		{"1994-11-06T08:49:37Z", 0, false},
	}
	for _, tt := range tests {
		got, ok := classify.ParseRetryAfter(tt.value, t0)
		assert.Equal(t, tt.wantOK, ok, "ParseRetryAfter(%q): want ok %v, got %v (delay %v)", tt.value, tt.wantOK, ok, got)
		assert.Equal(t, tt.want, got, "ParseRetryAfter(%q): want %v, got %v", tt.value, tt.want, got)
	}
}

// TestParseRetryAfterTwoDigitYear checks the RFC 9110 rule for RFC 850
// dates: a year more than 50 years ahead means the most recent past year
// with the same last two digits.
func TestParseRetryAfterTwoDigitYear(t *testing.T) {
	tests := []struct {
		now   time.Time
		value string
		want  time.Time
	}{
		{
			time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), "Wednesday, 01-Jan-30 00:00:00 GMT",
			time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC),
		},
		{
			// time.Parse alone would say 1970; 2070 is only 44 years ahead.
			time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), "Tuesday, 01-Jan-70 00:00:00 GMT",
			time.Date(2070, 1, 1, 0, 0, 0, 0, time.UTC),
		},
		{
			// Exactly 50 years ahead is not "more than 50 years".
			time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), "Wednesday, 01-Jan-76 00:00:00 GMT",
			time.Date(2076, 1, 1, 0, 0, 0, 0, time.UTC),
		},
		{
			// time.Parse alone would say 2005; 2105 is only 15 years ahead.
			time.Date(2090, 1, 1, 0, 0, 0, 0, time.UTC), "Thursday, 01-Jan-05 00:00:00 GMT",
			time.Date(2105, 1, 1, 0, 0, 0, 0, time.UTC),
		},
	}
	for _, tt := range tests {
		got, ok := classify.ParseRetryAfter(tt.value, tt.now)
		want := tt.want.Sub(tt.now)
		assert.True(t, ok, "ParseRetryAfter(%q, now %v): want ok", tt.value, tt.now)
		assert.Equal(t, want, got, "ParseRetryAfter(%q, now %v): want %v (until %v), got %v", tt.value, tt.now, want, tt.want, got)
	}

	// Dates in the past give 0 whatever century they land in.
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, v := range []string{"Sunday, 06-Nov-94 08:49:37 GMT", "Friday, 01-Jan-10 00:00:00 GMT", "Monday, 01-Jan-77 00:00:00 GMT"} {
		got, ok := classify.ParseRetryAfter(v, now)
		assert.True(t, ok, "ParseRetryAfter(%q, now %v): want ok", v, now)
		assert.Zero(t, got, "ParseRetryAfter(%q, now %v): a past date", v, now)
	}
}

func TestParseRetryAfterMs(t *testing.T) {
	tests := []struct {
		value  string
		want   time.Duration
		wantOK bool
	}{
		{"1500", 1500 * time.Millisecond, true},
		{"0", 0, true},
		{" 250 ", 250 * time.Millisecond, true},
		{"1500.5", 1500500 * time.Microsecond, true},
		{"0.000001", time.Nanosecond, true},
		{"1.0000009", time.Millisecond, true}, // below a nanosecond: dropped
		{".5", 500 * time.Microsecond, true},
		{"5.", 5 * time.Millisecond, true},
		{"9223372036854.775807", maxDuration, true},
		{"9223372036854.775806", maxDuration - 1, true},
		{"9223372036854.775808", maxDuration, true},
		{"99999999999999999999", maxDuration, true},
		{"", 0, false},
		{" ", 0, false},
		{".", 0, false},
		{"-5", 0, false},
		{"+5", 0, false},
		{"1e3", 0, false},
		{"NaN", 0, false},
		{"Inf", 0, false},
		{"1.2.3", 0, false},
		{"1.x", 0, false},
		{"1_000", 0, false},
		{"1 000", 0, false},
	}
	for _, tt := range tests {
		got, ok := classify.ParseRetryAfterMs(tt.value)
		assert.Equal(t, tt.wantOK, ok, "ParseRetryAfterMs(%q): want ok %v, got %v (delay %v)", tt.value, tt.wantOK, ok, got)
		assert.Equal(t, tt.want, got, "ParseRetryAfterMs(%q): want %v, got %v", tt.value, tt.want, got)
	}
}

// fields is a minimal Header: exact names, no canonicalization.
type fields map[string]string

func (f fields) Get(key string) string { return f[key] }

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		name    string
		h       classify.Header
		maxWait time.Duration
		want    time.Duration
		wantOK  bool
	}{
		{"nil header", nil, 0, 0, false},
		{"no fields", fields{}, 0, 0, false},
		{"seconds", fields{"Retry-After": "2"}, 0, 2 * time.Second, true},
		{"date", fields{"Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"}, 0, 37 * time.Second, true},
		{"milliseconds", fields{"Retry-After-Ms": "1500"}, 0, 1500 * time.Millisecond, true},
		{"milliseconds preferred", fields{"Retry-After-Ms": "1500", "Retry-After": "2"}, 0, 1500 * time.Millisecond, true},
		{"bad milliseconds fall back", fields{"Retry-After-Ms": "soon", "Retry-After": "2"}, 0, 2 * time.Second, true},
		{"both bad", fields{"Retry-After-Ms": "-1", "Retry-After": "later"}, 0, 0, false},
		{"capped", fields{"Retry-After": "3600"}, time.Minute, time.Minute, true},
		{"under the cap", fields{"Retry-After": "30"}, time.Minute, 30 * time.Second, true},
		{"huge value capped", fields{"Retry-After": "99999999999999999999"}, time.Minute, time.Minute, true},
		{"huge value uncapped", fields{"Retry-After": "99999999999999999999"}, 0, maxDuration, true},
		{"negative cap means none", fields{"Retry-After": "3600"}, -time.Second, time.Hour, true},
		{"http.Header prefers milliseconds", http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"1"}}, 0, 250 * time.Millisecond, true},
		{"http.Header, seconds", http.Header{"Retry-After": {"1"}}, 0, time.Second, true},
		{"nil http.Header", http.Header(nil), 0, 0, false},
	}
	for _, tt := range tests {
		got, ok := classify.RetryAfter(tt.h, t0, tt.maxWait)
		assert.Equal(t, tt.wantOK, ok, "%s: RetryAfter(%v, max %v): want ok %v, got %v", tt.name, tt.h, tt.maxWait, tt.wantOK, ok)
		assert.Equal(t, tt.want, got, "%s: RetryAfter(%v, max %v): want %v, got %v", tt.name, tt.h, tt.maxWait, tt.want, got)
	}

	// http.Header canonicalizes the names it is asked for.
	h := http.Header{}
	h.Set("retry-after-ms", "42")
	got, ok := classify.RetryAfter(h, t0, 0)
	assert.True(t, ok && got == 42*time.Millisecond, "http.Header set as retry-after-ms=42: got %v, %v", got, ok)
}
