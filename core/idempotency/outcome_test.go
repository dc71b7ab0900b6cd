package idempotency_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/idempotency"
)

func TestOutcomeStringAndHTTPStatus(t *testing.T) {
	tests := []struct {
		outcome    idempotency.Outcome
		wantString string
		wantStatus int
	}{
		{idempotency.Invalid, "invalid", 400},
		{idempotency.Fresh, "fresh", 0},
		{idempotency.Replay, "replay", 0},
		{idempotency.Mismatch, "mismatch", 422},
		{idempotency.InFlight, "in flight", 409},
		{idempotency.Full, "full", 503},
		{idempotency.Outcome(42), "Outcome(42)", 500},
		{idempotency.Outcome(-1), "Outcome(-1)", 500},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.wantString, tt.outcome.String(), "Outcome(%d).String()", int(tt.outcome))
		assert.Equal(t, tt.wantStatus, tt.outcome.HTTPStatus(), "Outcome(%d).HTTPStatus()", int(tt.outcome))
	}
}

func TestZeroOutcomeIsInvalid(t *testing.T) {
	var r idempotency.Result
	assert.Equal(t, idempotency.Invalid, r.Outcome, "zero Result.Outcome: want Invalid so it never means run the work")
}
