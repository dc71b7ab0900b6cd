package idempotency

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxKeyLen is the longest key the store accepts, in characters (bytes: a
// key is printable ASCII). Stripe documents the same limit.
const MaxKeyLen = 255

// ErrInvalidKey is the error every key-validation failure wraps; test for it
// with errors.Is.
var ErrInvalidKey = errors.New("idempotency: invalid key")

// ParseKey returns the key carried by an Idempotency-Key header value.
//
// It accepts two forms, after trimming surrounding spaces and tabs:
//
//   - the structured-field string the IETF Idempotency-Key draft specifies
//     (RFC 9651): the key between double quotes, where \" stands for a
//     quote and \\ for a backslash, any other backslash is an error, and
//     every character is printable ASCII (space through tilde);
//   - the bare form many APIs accept in practice: the key itself, made of
//     visible ASCII characters (no spaces, quotes or backslashes).
//
// The key must be 1 to [MaxKeyLen] characters long once unquoted. Anything
// after the closing quote is an error (structured-field parameters are not
// accepted). Every error wraps [ErrInvalidKey].
func ParseKey(header string) (string, error) {
	v := strings.Trim(header, " \t")
	if v == "" {
		return "", fmt.Errorf("%w: key is empty", ErrInvalidKey)
	}
	if v[0] == '"' {
		return parseQuoted(v)
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
			return "", fmt.Errorf("%w: key has %s at offset %d (use the quoted form for spaces, quotes and backslashes)", ErrInvalidKey, strconv.QuoteRune(rune(c)), i)
		}
	}
	if err := checkLen(len(v)); err != nil {
		return "", err
	}
	return v, nil
}

// parseQuoted decodes a structured-field string; v starts with a quote.
// Without escapes the key is a substring of v and nothing is allocated.
func parseQuoted(v string) (string, error) {
	var esc []byte // the key so far, once an escape has been seen
	for i := 1; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\':
			if esc == nil {
				esc = append(make([]byte, 0, len(v)), v[1:i]...)
			}
			i++
			if i == len(v) || (v[i] != '"' && v[i] != '\\') {
				return "", fmt.Errorf("%w: key has a backslash at offset %d not followed by a quote or backslash", ErrInvalidKey, i-1)
			}
			esc = append(esc, v[i])
		case c == '"':
			if i != len(v)-1 {
				return "", fmt.Errorf("%w: key has %q after its closing quote", ErrInvalidKey, v[i+1:])
			}
			key := v[1:i]
			if esc != nil {
				key = string(esc)
			}
			if err := checkLen(len(key)); err != nil {
				return "", err
			}
			return key, nil
		case c < ' ' || c >= 0x7f:
			return "", fmt.Errorf("%w: key has %s at offset %d, want printable ASCII", ErrInvalidKey, strconv.QuoteRune(rune(c)), i)
		case esc != nil:
			esc = append(esc, c)
		}
	}
	return "", fmt.Errorf("%w: key has no closing quote", ErrInvalidKey)
}

func checkLen(n int) error {
	switch {
	case n == 0:
		return fmt.Errorf("%w: key is empty", ErrInvalidKey)
	case n > MaxKeyLen:
		return fmt.Errorf("%w: key must be at most %d characters, got %d", ErrInvalidKey, MaxKeyLen, n)
	}
	return nil
}

// checkKey validates a key handed to the store: 1 to MaxKeyLen characters of
// printable ASCII, space included (a quoted header may carry spaces).
func checkKey(key string) error {
	if err := checkLen(len(key)); err != nil {
		return err
	}
	for i := 0; i < len(key); i++ {
		if c := key[i]; c < ' ' || c >= 0x7f {
			return fmt.Errorf("%w: key has %s at offset %d, want printable ASCII", ErrInvalidKey, strconv.QuoteRune(rune(c)), i)
		}
	}
	return nil
}

// Fingerprint returns a 64-character lower-case hex SHA-256 digest that
// identifies a request, for the store to tell a retry of the same request
// from a different request reusing the key.
//
// The digest covers a canonical form in which each of method, path and body
// is preceded by its length in decimal and a colon ("4:POST8:/charges...").
// The length prefixes make the encoding unambiguous: no two different
// (method, path, body) triples share a canonical form, whatever bytes they
// contain. The parts are compared exactly as given: method case, the query
// string if the path carries one, and every byte of the body count, so the
// same JSON object serialized with its fields in another order is a
// different request. That is the conservative choice: a false mismatch
// costs a 422, a false match would replay the wrong response.
func Fingerprint(method, path string, body []byte) string {
	h := sha256.New()
	var buf [24]byte
	for _, part := range [...][]byte{[]byte(method), []byte(path), body} {
		h.Write(strconv.AppendInt(buf[:0], int64(len(part)), 10))
		h.Write([]byte{':'})
		h.Write(part)
	}
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0]))
}
