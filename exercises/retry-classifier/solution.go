//go:build ignore

package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ShouldRetry reports whether a call that ended with this status code (err
// nil) or this transport error (status 0) is worth trying again.
func ShouldRetry(status int, err error) bool {
	if err != nil {
		// errors.Is sees through wrapping: fmt.Errorf("call: %w", ctx.Err()).
		return !errors.Is(err, context.Canceled)
	}
	switch status {
	case 408, 409, 429:
		return true
	case 501, 505, 506, 508, 510, 511:
		return false
	}
	return status >= 500 && status <= 599
}

// httpDate is the IMF-fixdate layout of an HTTP date.
const httpDate = "Mon, 02 Jan 2006 15:04:05 GMT"

// RetryAfter reads a Retry-After value and returns how long to wait from
// now. ok is false when the value cannot be read.
func RetryAfter(value string, now time.Time) (wait time.Duration, ok bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0, false
	}
	if value[0] >= '0' && value[0] <= '9' {
		secs, err := strconv.ParseUint(value, 10, 32)
		if err != nil {
			return 0, false
		}
		return time.Duration(secs) * time.Second, true
	}
	at, err := time.Parse(httpDate, value)
	if err != nil {
		return 0, false
	}
	if d := at.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}

func main() {
	for _, code := range []int{200, 400, 429, 500, 501, 503} {
		fmt.Println(code, ShouldRetry(code, nil))
	}
	fmt.Println(RetryAfter("120", time.Now()))
}
