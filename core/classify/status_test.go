package classify_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/classify"
)

func TestStatus(t *testing.T) {
	tests := []struct {
		code        int
		want        classify.Verdict
		reasonStart string
	}{
		// The course table: retry.
		{408, classify.Retry, "408 Request Timeout: "},
		{409, classify.Retry, "409 Conflict: a request with the same idempotency key is still in flight"},
		{429, classify.Retry, "429 Too Many Requests: the server asked us to slow down; retry after waiting"},
		{502, classify.Retry, "502 Bad Gateway: "},
		{503, classify.Retry, "503 Service Unavailable: "},
		{504, classify.Retry, "504 Gateway Timeout: "},
		{529, classify.Retry, "529 Overloaded: "},
		// Usually.
		{500, classify.Caution, "500 Internal Server Error: "},
		// Never: the same request fails the same way.
		{400, classify.Never, "400 Bad Request: "},
		{401, classify.Never, "401 Unauthorized: "},
		{403, classify.Never, "403 Forbidden: "},
		{404, classify.Never, "404 Not Found: "},
		{422, classify.Never, "422 Unprocessable Content: "},
		{501, classify.Never, "501 Not Implemented: "},
		// Other 4xx, named and unnamed.
		{402, classify.Never, "402 Payment Required: a client error"},
		{410, classify.Never, "410 Gone: a client error"},
		{425, classify.Never, "425 Too Early: a client error"},
		{451, classify.Never, "451 Unavailable For Legal Reasons: a client error"},
		{418, classify.Never, "418 client error: a client error"},
		{499, classify.Never, "499 client error: a client error"},
		// Other 5xx.
		{505, classify.Never, "505 HTTP Version Not Supported: "},
		{506, classify.Never, "506 Variant Also Negotiates: "},
		{508, classify.Never, "508 Loop Detected: "},
		{510, classify.Never, "510 Not Extended: "},
		{511, classify.Never, "511 Network Authentication Required: "},
		{507, classify.Caution, "507 Insufficient Storage: "},
		{520, classify.Caution, "520 server error: an unrecognized server error"},
		{599, classify.Caution, "599 server error: "},
		// Not errors.
		{100, classify.Never, "100 Continue: not an error"},
		{103, classify.Never, "103 informational: not an error"},
		{200, classify.Never, "200 OK: success"},
		{204, classify.Never, "204 No Content: success"},
		{299, classify.Never, "299 success: success"},
		{304, classify.Never, "304 Not Modified: not an error"},
		{399, classify.Never, "399 redirect: not an error"},
		// Not status codes.
		{0, classify.Never, "invalid status 0: "},
		{-1, classify.Never, "invalid status -1: "},
		{99, classify.Never, "invalid status 99: "},
		{600, classify.Never, "invalid status 600: "},
		{1 << 40, classify.Never, "invalid status 1099511627776: "},
	}
	for _, tt := range tests {
		got := classify.Status(tt.code)
		assert.Equal(t, tt.want, got.Verdict, "Status(%d): want %v, got %v", tt.code, tt.want, got)
		assert.True(t, strings.HasPrefix(got.Reason, tt.reasonStart),
			"Status(%d): reason should start %q, got %q", tt.code, tt.reasonStart, got.Reason)
	}
}

// TestStatusEveryCode checks rules that hold across the whole range: every
// valid code gets a reason that starts with the code and a well-formed
// label, and no 4xx but 408, 409 and 429 is ever retried.
func TestStatusEveryCode(t *testing.T) {
	for code := 100; code <= 599; code++ {
		got := classify.Status(code)
		label, _, found := strings.Cut(got.Reason, ": ")
		assert.True(t, found, "Status(%d): reason %q lacks a label", code, got.Reason)
		assert.True(t, strings.HasPrefix(label, strconv.Itoa(code)+" "), "Status(%d): label %q should start with the code", code, label)
		assert.NotContains(t, got.Reason, "  ", "Status(%d): reason %q", code, got.Reason)
		switch {
		case code < 400:
			assert.Equal(t, classify.Never, got.Verdict, "Status(%d): %v", code, got)
		case code < 500 && code != 408 && code != 409 && code != 429:
			assert.Equal(t, classify.Never, got.Verdict, "Status(%d): %v", code, got)
		case code >= 500:
			assert.NotEqual(t, "", got.Reason, "Status(%d)", code)
		}
	}
}

func TestVerdictString(t *testing.T) {
	tests := []struct {
		v    classify.Verdict
		want string
	}{
		{classify.Never, "never"},
		{classify.Caution, "caution"},
		{classify.Retry, "retry"},
		{classify.Verdict(7), "Verdict(7)"},
		{classify.Verdict(-1), "Verdict(-1)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.v.String(), "Verdict(%d).String()", int(tt.v))
	}
	var zero classify.Decision
	assert.Equal(t, classify.Never, zero.Verdict, "the zero Decision must never retry")
	assert.Equal(t, "retry: because", classify.Decision{Verdict: classify.Retry, Reason: "because"}.String(), "Decision.String()")
}
