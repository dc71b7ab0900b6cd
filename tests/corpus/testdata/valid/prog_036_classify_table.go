package main

import "fmt"

type Verdict int

const (
	Success Verdict = iota
	Retry
	RetryAfter
	Fail
)

var names = [...]string{"success", "retry", "retry-after", "fail"}

func (v Verdict) String() string { return names[v] }

func classify(status int) Verdict {
	switch {
	case status >= 200 && status < 300:
		return Success
	case status == 429 || status == 503:
		return RetryAfter
	case status == 408 || status >= 500:
		return Retry
	default:
		return Fail
	}
}

func main() {
	tests := []struct {
		status int
		want   Verdict
	}{
		{200, Success}, {204, Success}, {400, Fail}, {404, Fail},
		{408, Retry}, {429, RetryAfter}, {500, Retry}, {503, RetryAfter},
	}
	for _, tt := range tests {
		got := classify(tt.status)
		mark := "ok"
		if got != tt.want {
			mark = "MISMATCH"
		}
		fmt.Printf("%d -> %-11v %s\n", tt.status, got, mark)
	}
}
