package main

import (
	"fmt"
	"time"
)

// ShouldRetry reports whether a call that ended with this status code (err
// nil) or this transport error (status 0) is worth trying again.
func ShouldRetry(status int, err error) bool {
	return false
}

// RetryAfter reads a Retry-After value and returns how long to wait from
// now. ok is false when the value cannot be read.
func RetryAfter(value string, now time.Time) (wait time.Duration, ok bool) {
	return 0, false
}

func main() {
	for _, code := range []int{200, 400, 429, 500, 501, 503} {
		fmt.Println(code, ShouldRetry(code, nil))
	}
	fmt.Println(RetryAfter("120", time.Now()))
}
