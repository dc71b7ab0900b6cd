package idempotency_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
)

const uuid = "8e03978e-40d5-43e8-bc93-6894a57f9324"

func TestParseKey(t *testing.T) {
	long := strings.Repeat("k", idempotency.MaxKeyLen)
	tests := []struct {
		name    string
		header  string
		want    string
		wantErr string // substring of the error; "" means success
	}{
		{"bare uuid", uuid, uuid, ""},
		{"quoted uuid", `"` + uuid + `"`, uuid, ""},
		{"surrounding whitespace", " \t" + uuid + " ", uuid, ""},
		{"quoted with whitespace outside", `  "abc"	`, "abc", ""},
		{"escaped quote and backslash", `"a\"b\\c"`, `a"b\c`, ""},
		{"quoted space inside", `"a b"`, "a b", ""},
		{"quoted punctuation", `"a;b=c,d"`, "a;b=c,d", ""},
		{"bare punctuation", `a;b=c`, `a;b=c`, ""},
		{"one character", "x", "x", ""},
		{"255 bare", long, long, ""},
		{"255 quoted", `"` + long + `"`, long, ""},
		{"255 after unescaping", `"\\` + long[1:] + `"`, `\` + long[1:], ""},
		{"empty", "", "", "key is empty"},
		{"whitespace only", " \t ", "", "key is empty"},
		{"empty quoted", `""`, "", "key is empty"},
		{"256 bare", long + "k", "", "at most 255 characters, got 256"},
		{"256 quoted", `"` + long + `k"`, "", "at most 255 characters, got 256"},
		{"bare inner space", "a b", "", "' ' at offset 1"},
		{"bare quote", `a"b`, "", `'"' at offset 1`},
		{"bare backslash", `a\b`, "", `'\\' at offset 1`},
		{"bare control", "a\x01", "", `'\x01' at offset 1`},
		{"bare DEL", "a\x7f", "", `'\x7f' at offset 1`},
		{"bare non-ASCII", "caf\xc3\xa9", "", "at offset 3"},
		{"quoted tab", "\"a\tb\"", "", `'\t' at offset 2`},
		{"quoted non-ASCII", "\"\xc3\xa9\"", "", "at offset 1"},
		{"quoted DEL", "\"\x7f\"", "", `'\x7f' at offset 1`},
		{"unterminated", `"abc`, "", "no closing quote"},
		{"escaped closing quote", `"abc\"`, "", "no closing quote"},
		{"bad escape", `"a\x"`, "", "backslash at offset 2"},
		{"trailing backslash", `"abc\`, "", "backslash at offset 4"},
		{"parameters after", `"abc";x=1`, "", `";x=1" after its closing quote`},
		{"two strings", `"a" "b"`, "", `" \"b\"" after its closing quote`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := idempotency.ParseKey(tt.header)
			if tt.wantErr == "" {
				require.NoError(t, err, "ParseKey(%q)", tt.header)
				assert.Equal(t, tt.want, got, "ParseKey(%q)", tt.header)
				return
			}
			require.Error(t, err, "ParseKey(%q): want error containing %q, got key %q", tt.header, tt.wantErr, got)
			assert.ErrorIs(t, err, idempotency.ErrInvalidKey, "ParseKey(%q)", tt.header)
			assert.Contains(t, err.Error(), tt.wantErr, "ParseKey(%q)", tt.header)
			assert.True(t, strings.HasPrefix(err.Error(), "idempotency: invalid key: "), "ParseKey(%q) error %q: want package prefix", tt.header, err)
			assert.Empty(t, got, "ParseKey(%q) key on error", tt.header)
		})
	}
}

// quote renders key as a structured-field string.
func quote(key string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(key) + `"`
}

func FuzzParseKey(f *testing.F) {
	for _, s := range []string{uuid, `"` + uuid + `"`, `"a\"b\\c"`, `"a b"`, "", `"`, `"\`, " x ", "a\x00", strings.Repeat("z", 256)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		key, err := idempotency.ParseKey(header)
		if err != nil {
			if !errors.Is(err, idempotency.ErrInvalidKey) {
				t.Fatalf("ParseKey(%q) error %v does not wrap ErrInvalidKey", header, err)
			}
			return
		}
		if n := len(key); n < 1 || n > idempotency.MaxKeyLen {
			t.Fatalf("ParseKey(%q) = %q: length %d outside 1..%d", header, key, n, idempotency.MaxKeyLen)
		}
		for i := 0; i < len(key); i++ {
			if key[i] < ' ' || key[i] > '~' {
				t.Fatalf("ParseKey(%q) = %q: byte %#x at %d is not printable ASCII", header, key, key[i], i)
			}
		}
		again, err := idempotency.ParseKey(quote(key))
		if err != nil || again != key {
			t.Fatalf("ParseKey(quote(%q)) = %q, %v: want the key back", key, again, err)
		}
		var s idempotency.Store
		if res, err := s.Begin(key, ""); err != nil || res.Outcome != idempotency.Fresh {
			t.Fatalf("Begin(%q) = %v, %v: a parsed key must be accepted", key, res.Outcome, err)
		}
	})
}

func TestFingerprint(t *testing.T) {
	sum := sha256.Sum256([]byte("4:POST8:/charges15:{\"amount\":5000}"))
	want := hex.EncodeToString(sum[:])
	got := idempotency.Fingerprint("POST", "/charges", []byte(`{"amount":5000}`))
	assert.Equal(t, want, got, "Fingerprint(POST, /charges, body): want sha256 of the documented canonical form")
	assert.Len(t, got, 64)
	assert.Equal(t, strings.ToLower(got), got, "lower-case hex")

	type req struct {
		method, path string
		body         []byte
	}
	differ := []struct {
		name string
		a, b req
	}{
		{"method", req{"POST", "/c", nil}, req{"PUT", "/c", nil}},
		{"method case", req{"POST", "/c", nil}, req{"post", "/c", nil}},
		{"path", req{"POST", "/c", nil}, req{"POST", "/d", nil}},
		{"query", req{"POST", "/c", nil}, req{"POST", "/c?x=1", nil}},
		{"body", req{"POST", "/c", []byte("1")}, req{"POST", "/c", []byte("2")}},
		{"field order", req{"POST", "/c", []byte(`{"a":1,"b":2}`)}, req{"POST", "/c", []byte(`{"b":2,"a":1}`)}},
		{"method/path split", req{"PO", "ST/c", nil}, req{"POST", "/c", nil}},
		{"path/body split", req{"POST", "/c1", []byte("2")}, req{"POST", "/c", []byte("12")}},
		{"digits in parts", req{"1:", "", nil}, req{"", "1:", nil}},
	}
	for _, tt := range differ {
		fa := idempotency.Fingerprint(tt.a.method, tt.a.path, tt.a.body)
		fb := idempotency.Fingerprint(tt.b.method, tt.b.path, tt.b.body)
		assert.NotEqual(t, fa, fb, "%s: %+v and %+v must differ", tt.name, tt.a, tt.b)
	}
	assert.Equal(t, idempotency.Fingerprint("POST", "/c", nil), idempotency.Fingerprint("POST", "/c", []byte{}),
		"nil and empty body are the same request")
}
