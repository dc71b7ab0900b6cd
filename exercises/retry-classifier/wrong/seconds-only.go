//go:build ignore

package main

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
)

func ShouldRetry(status int, err error) bool {
	if err != nil {
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

// Only the seconds form is read; a server that answers with a date is
// ignored and the client falls back to its own, possibly much shorter, wait.
func RetryAfter(value string, now time.Time) (time.Duration, bool) {
	secs, err := strconv.ParseUint(strings.TrimSpace(value), 10, 32)
	if err != nil {
		return 0, false
	}
	return time.Duration(secs) * time.Second, true
}
