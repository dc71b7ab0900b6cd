//go:build ignore

package main

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Every 5xx is retried, 501 Not Implemented included: the server has said
// it will never support the request, and the client asks again anyway.
func ShouldRetry(status int, err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled)
	}
	switch status {
	case 408, 409, 429:
		return true
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
