//go:build ignore

// The rules as lookup tables, the date read with time.RFC1123 and the
// seconds with Atoi after checking for digits only.
package main

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
)

var retryable = map[int]bool{408: true, 409: true, 429: true}
var permanent5xx = map[int]bool{501: true, 505: true, 506: true, 508: true, 510: true, 511: true}

func ShouldRetry(status int, err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled)
	}
	if retryable[status] {
		return true
	}
	return status/100 == 5 && !permanent5xx[status]
}

func RetryAfter(value string, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(value)
	if v != "" && strings.Trim(v, "0123456789") == "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, false
		}
		return time.Duration(n) * time.Second, true
	}
	at, err := time.Parse(time.RFC1123, v)
	if err != nil {
		return 0, false
	}
	if at.Before(now) {
		return 0, true
	}
	return at.Sub(now), true
}
