package provider

import (
	"strings"

	"github.com/flakylab/flakylab/core/idempotency"
)

// Request is what a client sends.
type Request struct {
	// Method is the HTTP method, e.g. "POST".
	Method string
	// Path is the request target, e.g. "/charges".
	Path string
	// Body is the request body.
	Body []byte
	// IdempotencyKey is the Idempotency-Key header value, bare or as a
	// quoted structured-field string; empty means no header.
	IdempotencyKey string
}

// Response is what the provider answers. Its fields match
// [idempotency.Response], so either converts to the other.
type Response struct {
	// Status is the HTTP status code.
	Status int
	// Header holds response header fields, one value per name.
	Header map[string]string
	// Body is the response body.
	Body []byte
}

// Get returns the value of the header field name, matched without regard
// to case as HTTP field names are, or "" if there is none. If the map holds
// the name in several spellings, an exact match wins, then the spelling
// that sorts first.
func (r Response) Get(name string) string {
	if v, ok := r.Header[name]; ok {
		return v
	}
	found, value := "", ""
	for k, v := range r.Header {
		if strings.EqualFold(k, name) && (found == "" || k < found) {
			found, value = k, v
		}
	}
	return value
}

// Entry records one call, in the order calls ended.
type Entry struct {
	// Attempt is the call's position in arrival order, from 1; it is also
	// the script step the call played.
	Attempt int
	// Method, Path and Key are copied from the request (Key is the
	// IdempotencyKey header as sent).
	Method, Path, Key string
	// Status is what the server answered, even when the caller never saw
	// it (DropResponse, or a deadline that passed while the server
	// worked); 0 if the server answered nothing.
	Status int
	// Err is the error the caller got, or nil.
	Err error
	// Replayed reports that the server answered from its idempotency store.
	Replayed bool
	// SideEffect reports that the server did the work on this call.
	SideEffect bool
}

// toStore and fromStore convert between the provider's and the store's
// identical response types.
func toStore(r Response) idempotency.Response   { return idempotency.Response(r) }
func fromStore(r idempotency.Response) Response { return Response(r) }
