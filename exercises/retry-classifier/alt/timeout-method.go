//go:build ignore

// A transport error asked for its Timeout method through an interface
// type spelled out, as net.Error is checked.
package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

func ShouldRetry(status int, err error) bool {
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return false
		}
		// A timeout (net.Error's Timeout method, the provider's transport
		// errors, context.DeadlineExceeded) is worth another try; so is
		// any other transport error.
		if te, ok := err.(interface{ Timeout() bool }); ok && te.Timeout() {
			return true
		}
		return true
	}
	switch status {
	case 408, 409, 429:
		return true
	case 501, 505, 506, 508, 510, 511:
		return false
	}
	return status >= 500 && status <= 599
}

const httpDate = "Mon, 02 Jan 2006 15:04:05 GMT"

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
	fmt.Println(ShouldRetry(0, context.DeadlineExceeded))
}
