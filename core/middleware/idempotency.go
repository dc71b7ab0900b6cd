package middleware

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/store"
)

// Header field names the idempotency handler reads and writes.
const (
	// HeaderIdempotencyKey carries the client's key.
	HeaderIdempotencyKey = "Idempotency-Key"
	// HeaderReplayed is set to "true" on a replayed response, so a client
	// (and a test) can tell a replay from a first answer.
	HeaderReplayed = "Idempotent-Replayed"
)

// DefaultMaxBody is the largest request body the idempotency handler reads
// to fingerprint a request when IdempotencySettings.MaxBody is zero.
const DefaultMaxBody = 1 << 20

// IdempotencySettings configures Idempotency. Store is required; the zero
// value of every other field means its documented default.
type IdempotencySettings struct {
	// Store remembers keys and responses: store.NewMemoryIdempotency for
	// one process, a redisstore.Idempotency for a fleet.
	Store store.Idempotency
	// Methods are the request methods the handler protects. Nil means POST
	// and PATCH, the methods that are not idempotent by definition; other
	// methods pass straight to the next handler.
	Methods []string
	// Required makes a protected request without Idempotency-Key an error
	// (400). By default such a request passes straight to the next
	// handler, unprotected.
	Required bool
	// MaxBody bounds the request body read for the fingerprint; a longer
	// body gets 413. Zero means DefaultMaxBody.
	MaxBody int64
	// Fingerprint identifies a request so that a key reused for another
	// request is caught. Nil means idempotency.Fingerprint of the method,
	// the request URI (path and query) and the body.
	Fingerprint func(r *http.Request, body []byte) string
	// OnError, if set, is called with every error the Store returns other
	// than an invalid key: an unavailable store (the request is answered
	// 503) and a completion that could not be stored (the response is
	// still sent).
	OnError func(*http.Request, error)
	// RetryOnError is the Retry-After sent with a 503. Zero means
	// DefaultRetryOnError.
	RetryOnError time.Duration
}

// Idempotency returns a handler that runs next at most once per
// idempotency key, as the package documentation describes. The response
// of a protected request is buffered until next returns, then stored and
// sent; a handler that panics has its key released (a retry runs it
// again) and the panic continues. Idempotency fails if s.Store is nil or
// s.MaxBody is negative.
func Idempotency(next http.Handler, s IdempotencySettings) (http.Handler, error) {
	switch {
	case s.Store == nil:
		return nil, errors.New("middleware: IdempotencySettings.Store is nil")
	case next == nil:
		return nil, errors.New("middleware: Idempotency needs a handler, got nil")
	case s.MaxBody < 0:
		return nil, fmt.Errorf("middleware: MaxBody must be >= 0, got %d", s.MaxBody)
	}
	if s.Methods == nil {
		s.Methods = []string{http.MethodPost, http.MethodPatch}
	}
	if s.MaxBody == 0 {
		s.MaxBody = DefaultMaxBody
	}
	if s.Fingerprint == nil {
		s.Fingerprint = func(r *http.Request, body []byte) string {
			return idempotency.Fingerprint(r.Method, r.URL.RequestURI(), body)
		}
	}
	return &idempotent{next: next, s: s}, nil
}

type idempotent struct {
	next http.Handler
	s    IdempotencySettings
}

func (h *idempotent) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !slices.Contains(h.s.Methods, r.Method) {
		h.next.ServeHTTP(w, r)
		return
	}
	header := r.Header.Get(HeaderIdempotencyKey)
	if header == "" && !h.s.Required {
		h.next.ServeHTTP(w, r)
		return
	}
	key, err := idempotency.ParseKey(header)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, h.s.MaxBody+1))
	if err != nil {
		http.Error(w, "middleware: reading the request body: "+err.Error(), http.StatusBadRequest)
		return
	}
	if int64(len(body)) > h.s.MaxBody {
		http.Error(w, fmt.Sprintf("the request body is longer than %d bytes", h.s.MaxBody), http.StatusRequestEntityTooLarge)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))

	c, err := h.s.Store.Begin(r.Context(), key, h.s.Fingerprint(r, body))
	if err != nil && !errors.Is(err, idempotency.ErrInvalidKey) && !errors.Is(err, idempotency.ErrFull) {
		h.report(r, err)
		unavailable(w, h.s.RetryOnError, "the idempotency store")
		return
	}
	switch c.Outcome {
	case idempotency.Fresh:
		h.run(w, r, c)
	case idempotency.Replay:
		w.Header().Set(HeaderReplayed, "true")
		send(w, c.Response)
	case idempotency.InFlight:
		w.Header().Set("Retry-After", "1")
		http.Error(w, "a request with this idempotency key is still in progress; retry later", c.Outcome.HTTPStatus())
	case idempotency.Mismatch:
		http.Error(w, "this idempotency key was used with a different request", c.Outcome.HTTPStatus())
	case idempotency.Full:
		unavailable(w, h.s.RetryOnError, "the idempotency store")
	default: // Invalid, and any outcome this package does not know
		msg := "invalid idempotency key"
		if err != nil {
			msg = err.Error()
		}
		http.Error(w, msg, http.StatusBadRequest)
	}
}

func (h *idempotent) report(r *http.Request, err error) {
	if h.s.OnError != nil {
		h.s.OnError(r, err)
	}
}

// run calls next for a fresh claim, stores what it answered and sends it.
func (h *idempotent) run(w http.ResponseWriter, r *http.Request, c store.Claim) {
	// The client may hang up; storing the answer must not depend on it.
	ctx := context.WithoutCancel(r.Context())
	rec := &recorder{header: http.Header{}}
	done := false
	defer func() {
		if !done {
			if err := h.s.Store.Release(ctx, c); err != nil {
				h.report(r, err)
			}
		}
	}()
	h.next.ServeHTTP(rec, r)
	done = true
	resp := rec.response()
	if err := h.s.Store.Complete(ctx, c, resp); err != nil {
		h.report(r, err)
	}
	for name, values := range rec.header {
		w.Header()[name] = values
	}
	w.WriteHeader(resp.Status)
	_, _ = w.Write(resp.Body)
}

// send writes a stored response.
func send(w http.ResponseWriter, resp idempotency.Response) {
	for name, value := range resp.Header {
		w.Header().Set(name, value)
	}
	w.WriteHeader(resp.Status)
	_, _ = w.Write(resp.Body)
}

// recorder buffers a handler's response so that it can be stored before it
// is sent.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (rec *recorder) Header() http.Header { return rec.header }

func (rec *recorder) WriteHeader(status int) {
	if rec.status == 0 {
		rec.status = status
	}
}

func (rec *recorder) Write(p []byte) (int, error) {
	rec.WriteHeader(http.StatusOK)
	return rec.body.Write(p)
}

// unstored are header fields a replay must not repeat: net/http computes
// them for each response.
var unstored = []string{"Content-Length", "Connection", "Date", "Transfer-Encoding", "Trailer"}

// response is what the handler answered, as a stored Response. A field
// with several values is stored joined with ", ", except Set-Cookie, which
// cannot be joined and keeps its first value.
func (rec *recorder) response() idempotency.Response {
	resp := idempotency.Response{Status: rec.status, Header: map[string]string{}, Body: bytes.Clone(rec.body.Bytes())}
	if resp.Status == 0 {
		resp.Status = http.StatusOK
	}
	for name, values := range rec.header {
		if len(values) == 0 || slices.Contains(unstored, name) {
			continue
		}
		if name == "Set-Cookie" {
			resp.Header[name] = values[0]
			continue
		}
		resp.Header[name] = strings.Join(values, ", ")
	}
	return resp
}
