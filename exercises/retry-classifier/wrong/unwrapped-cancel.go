//go:build ignore

package main

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Cancellation is compared with ==, which misses it as soon as a layer
// wraps it with fmt.Errorf("...: %w", err).
func ShouldRetry(status int, err error) bool {
	if err != nil {
		return err != context.Canceled
	}
	switch status {
	case 408, 409, 429:
		return true
	case 501, 505, 506, 508, 510, 511:
		return false
	}
	return status >= 500 && status <= 599
}

func RetryAfter(value string, now time.Time) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	if secs, err := strconv.ParseUint(value, 10, 32); err == nil {
		return time.Duration(secs) * time.Second, true
	}
	at, err := time.Parse(time.RFC1123, value)
	if err != nil {
		return 0, false
	}
	if d := at.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}
