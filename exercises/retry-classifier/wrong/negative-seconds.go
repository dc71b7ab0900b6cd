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

// Any number strconv accepts is taken as seconds: "-1", "+5" and "1e3" are
// not Retry-After values, yet they come back as waits.
func RetryAfter(value string, now time.Time) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	if secs, err := strconv.ParseFloat(value, 64); err == nil {
		return time.Duration(secs * float64(time.Second)), true
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
