package idempotency_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
)

// TestParseKeyNamesWhatFollowsTheClosingQuote: the error quotes exactly
// the text after the closing quote.
func TestParseKeyNamesWhatFollowsTheClosingQuote(t *testing.T) {
	tests := []struct{ header, want string }{
		{`"abc"x`, `key has "x" after its closing quote`},
		{`"k1";p=1`, `key has ";p=1" after its closing quote`},
	}
	for _, tt := range tests {
		_, err := idempotency.ParseKey(tt.header)
		require.Error(t, err, "ParseKey(%s)", tt.header)
		assert.True(t, errors.Is(err, idempotency.ErrInvalidKey), "ParseKey(%s): %v", tt.header, err)
		assert.Contains(t, err.Error(), tt.want, "ParseKey(%s)", tt.header)
	}
}

// TestStoreKeysArePrintableASCII: the store takes keys of space through
// tilde; control characters and DEL (0x7f) are refused.
func TestStoreKeysArePrintableASCII(t *testing.T) {
	tests := []struct {
		key string
		ok  bool
	}{
		{"a b~", true},
		{" ", true},
		{"a\x7f", false},
		{"a\x1f", false},
		{"\x80", false},
	}
	for _, tt := range tests {
		s, err := idempotency.New(idempotency.Settings{})
		require.NoError(t, err)
		res, err := s.Begin(tt.key, "fp")
		if tt.ok {
			require.NoError(t, err, "Begin(%q)", tt.key)
			assert.Equal(t, idempotency.Fresh, res.Outcome, "Begin(%q)", tt.key)
			continue
		}
		require.Error(t, err, "Begin(%q)", tt.key)
		assert.True(t, errors.Is(err, idempotency.ErrInvalidKey), "Begin(%q): %v", tt.key, err)
	}
}
