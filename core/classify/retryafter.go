package classify

import (
	"math"
	"strings"
	"time"
)

// maxDuration is the largest time.Duration, about 292 years. Values too large
// to represent saturate here instead of overflowing.
const maxDuration = time.Duration(math.MaxInt64)

// HTTP-date layouts (RFC 9110 §5.6.7). "GMT" is literal text in a layout, so
// each parses to UTC; asctime carries no zone and is UTC by definition.
const (
	imfFixdate = "Mon, 02 Jan 2006 15:04:05 GMT"
	rfc850Date = "Monday, 02-Jan-06 15:04:05 GMT"
	asctime    = "Mon Jan _2 15:04:05 2006"
)

// ParseRetryAfter reads a Retry-After field value (RFC 9110 §10.2.3) and
// returns how long to wait from now. The value is either
//
//   - delay-seconds, a non-negative whole number of seconds ("120"); or
//   - an HTTP-date in any of the three forms a recipient must accept:
//     IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT", the obsolete RFC 850
//     form "Sunday, 06-Nov-94 08:49:37 GMT", or asctime
//     "Sun Nov  6 08:49:37 1994".
//
// Surrounding whitespace is ignored. A date in the past (or now) gives
// (0, true): retry at once. The two-digit year of an RFC 850 date is read
// as RFC 9110 requires: within 50 years of now, preferring the past.
//
// Anything else gives (0, false), and the caller should fall back to its own
// backoff: an empty value, a sign ("-1", "+5"), a fraction ("1.5"; the
// grammar is 1*DIGIT, and a server wanting sub-second precision can send
// retry-after-ms), an exponent, "NaN", or a malformed date. A number of
// seconds too large for time.Duration saturates at about 292 years rather
// than overflowing; cap the result (RetryAfter takes a maximum).
//
// Pass the time the response arrived as now. A server's clock may differ
// from the client's; passing the response's own Date header as now instead
// measures an HTTP-date on the server's clock.
func ParseRetryAfter(value string, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(value)
	if v == "" {
		return 0, false
	}
	if secs, ok := parseDigits(v); ok {
		if secs > int64(maxDuration/time.Second) {
			return maxDuration, true
		}
		return time.Duration(secs) * time.Second, true
	}
	t, ok := parseHTTPDate(v, now)
	if !ok {
		return 0, false
	}
	if d := t.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}

// parseDigits reads a non-empty run of ASCII digits, saturating at
// math.MaxInt64. ok is false if s holds anything else.
func parseDigits(s string) (n int64, ok bool) {
	if s == "" {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		d := int64(c - '0')
		if n > (math.MaxInt64-d)/10 {
			n = math.MaxInt64 // keep scanning: the rest must still be digits
			continue
		}
		n = n*10 + d
	}
	return n, true
}

func parseHTTPDate(v string, now time.Time) (time.Time, bool) {
	if t, err := time.Parse(imfFixdate, v); err == nil {
		return t, true
	}
	if t, err := time.Parse(asctime, v); err == nil {
		return t, true
	}
	if t, err := time.Parse(rfc850Date, v); err == nil {
		return fixTwoDigitYear(t, now), true
	}
	return time.Time{}, false
}

// fixTwoDigitYear replaces the century time.Parse guessed for a two-digit
// year with the one RFC 9110 §5.6.7 asks for: a date that would be more
// than 50 years in the future is in the most recent matching past year. In
// other words the year lands within (now − 50 years, now + 50 years].
func fixTwoDigitYear(t, now time.Time) time.Time {
	year := now.Year() - now.Year()%100 + t.Year()%100
	at := func(y int) time.Time {
		return time.Date(y, t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)
	}
	c := at(year)
	switch {
	case c.After(now.AddDate(50, 0, 0)):
		c = at(year - 100)
	case !c.After(now.AddDate(-50, 0, 0)):
		c = at(year + 100)
	}
	return c
}

// ParseRetryAfterMs reads a retry-after-ms field value, the wait in
// milliseconds that some model APIs send next to Retry-After. It may be
// fractional ("1500", "1500.25", ".5"); precision below a nanosecond is
// dropped. Surrounding whitespace is ignored.
//
// An empty value, a sign, an exponent, "NaN", "Inf" or any other text gives
// (0, false). A value too large for time.Duration saturates at about 292
// years.
func ParseRetryAfterMs(value string) (time.Duration, bool) {
	v := strings.TrimSpace(value)
	whole, frac, hasDot := strings.Cut(v, ".")
	if whole == "" && frac == "" {
		return 0, false
	}
	var ms int64
	if whole != "" {
		n, ok := parseDigits(whole)
		if !ok {
			return 0, false
		}
		ms = n
	}
	// Up to six fractional digits are whole nanoseconds; the rest must be
	// digits but are dropped.
	var ns int64
	if hasDot && frac != "" {
		if _, ok := parseDigits(frac); !ok {
			return 0, false
		}
		for i := range 6 {
			ns *= 10
			if i < len(frac) {
				ns += int64(frac[i] - '0')
			}
		}
	}
	const nsPerMs = int64(time.Millisecond)
	if ms > (math.MaxInt64-ns)/nsPerMs {
		return maxDuration, true
	}
	return time.Duration(ms*nsPerMs + ns), true
}

// Header is what RetryAfter needs from a response header: http.Header
// satisfies it, and so does any type with a Get method.
type Header interface {
	// Get returns the first value of the named field, or "" if it is absent.
	Get(key string) string
}

// RetryAfter reads how long the server asked the client to wait from h: the
// Retry-After-Ms field (retry-after-ms) if it holds a valid value, otherwise
// Retry-After. It asks h for the fields under those canonical names;
// http.Header.Get canonicalizes the name anyway. now is passed to
// ParseRetryAfter for HTTP-dates.
//
// A wait longer than maxWait is cut to maxWait, so a server cannot park the
// client for hours; maxWait <= 0 means no cap. ok is false when h is nil or
// neither field holds a valid value; fall back to backoff then.
func RetryAfter(h Header, now time.Time, maxWait time.Duration) (time.Duration, bool) {
	if h == nil {
		return 0, false
	}
	d, ok := ParseRetryAfterMs(h.Get("Retry-After-Ms"))
	if !ok {
		d, ok = ParseRetryAfter(h.Get("Retry-After"), now)
	}
	if !ok {
		return 0, false
	}
	if maxWait > 0 && d > maxWait {
		d = maxWait
	}
	return d, true
}
