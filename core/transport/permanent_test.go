//go:build !(js && wasm)

package transport_test

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/classify"
	"github.com/flakylab/flakylab/core/retry"
	"github.com/flakylab/flakylab/core/transport"
)

// countingBase counts the attempts it passes on to next.
type countingBase struct {
	next  http.RoundTripper
	calls atomic.Int32
}

func (c *countingBase) RoundTrip(r *http.Request) (*http.Response, error) {
	c.calls.Add(1)
	return c.next.RoundTrip(r)
}

// trusting returns a fresh http.Transport that trusts srv's certificate,
// with cfg applied to its TLS settings.
func trusting(srv *httptest.Server, cfg func(*tls.Config)) *http.Transport {
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	c := &tls.Config{RootCAs: pool}
	if cfg != nil {
		cfg(c)
	}
	return &http.Transport{TLSClientConfig: c}
}

// TestTransportDoesNotRetryRejectedCertificates: a certificate the client
// rejects is the same on every attempt, so a GET stops after one, and the
// caller still finds the x509 error.
func TestTransportDoesNotRetryRejectedCertificates(t *testing.T) {
	var served atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { served.Add(1) }))
	t.Cleanup(srv.Close)
	cases := []struct {
		name string
		base *http.Transport
		as   any // a pointer to the error type the caller must find
	}{
		{"unknown authority", &http.Transport{}, new(x509.UnknownAuthorityError)},
		{"issued for another host", trusting(srv, func(c *tls.Config) { c.ServerName = "other.test" }), new(x509.HostnameError)},
		{"expired", trusting(srv, func(c *tls.Config) {
			c.Time = func() time.Time { return time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC) }
		}), new(x509.CertificateInvalidError)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer tc.base.CloseIdleConnections()
			base := &countingBase{next: tc.base}
			w := &waits{}
			tr, err := transport.New(transport.Settings{Base: base, Policy: noJitter(w)})
			require.NoError(t, err)
			req, err := http.NewRequest("GET", srv.URL, nil)
			require.NoError(t, err)
			resp, err := tr.RoundTrip(req)
			require.Error(t, err)
			assert.Nil(t, resp)
			assert.Equal(t, int32(1), base.calls.Load(), "attempts for %v", err)
			assert.Empty(t, w.all(), "waits")
			var re *retry.Error
			require.ErrorAs(t, err, &re)
			assert.Equal(t, retry.NotRetryable, re.Reason, "reason for %v", err)
			assert.ErrorAs(t, err, tc.as, "the x509 error is kept: %v", err)
			var verification *tls.CertificateVerificationError
			assert.ErrorAs(t, err, &verification, "and the tls one: %v", err)
			var perm *classify.PermanentError
			require.ErrorAs(t, err, &perm)
			assert.Regexp(t, "^certificate rejected: ", perm.Reason)
		})
	}
	assert.Zero(t, served.Load(), "no request reached the handler")

	// The control: the same server, trusted, answers the first attempt.
	base := trusting(srv, nil)
	defer base.CloseIdleConnections()
	tr, err := transport.New(transport.Settings{Base: base})
	require.NoError(t, err)
	req, err := http.NewRequest("GET", srv.URL, nil)
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, int32(1), served.Load())
}

// TestTransportDoesNotRetryRequestsThatCannotBeSent: URLs and requests
// that net/http (or any base) refuses fail the same way on every attempt.
// The requests go through a real http.Transport, so that these tests fail
// if net/http words its refusals differently.
func TestTransportDoesNotRetryRequestsThatCannotBeSent(t *testing.T) {
	newReq := func(method, target string, edit func(*http.Request)) *http.Request {
		req, err := http.NewRequest(method, target, nil)
		require.NoError(t, err, "NewRequest(%q, %q)", method, target)
		if edit != nil {
			edit(req)
		}
		return req
	}
	// What url.Parse returns for "http://[::1", as a base that builds
	// URLs would pass it on.
	parseErr := &url.Error{Op: "parse", URL: "http://[::1", Err: errors.New("missing ']' in host")}
	cases := []struct {
		name    string
		req     *http.Request
		base    http.RoundTripper // nil: a real http.Transport
		wantMsg string
		reason  string // how the classifier's reason starts
	}{
		{"unsupported scheme", newReq("GET", "ftp://files.example/report.csv", nil), nil, `unsupported protocol scheme "ftp"`, "bad URL: "},
		{"no host", newReq("GET", "http://api.example/v1", func(r *http.Request) { r.URL.Host = "" }), nil, "no Host in request URL", "bad URL: "},
		{"a port out of range", newReq("GET", "http://127.0.0.1:99999/", nil), nil, "invalid port", "bad URL: "},
		{"invalid method", newReq("GET", "http://api.example/v1", func(r *http.Request) { r.Method = "BAD METHOD" }), nil, "invalid method", "bad request: "},
		{"invalid header value", newReq("GET", "http://api.example/v1", func(r *http.Request) { r.Header.Set("X-Note", "a\nb") }), nil, "invalid header", "bad request: "},
		{"invalid trailer name", newReq("PUT", "http://api.example/v1", func(r *http.Request) { r.Trailer = http.Header{"Bad Name": {"x"}} }), nil, "invalid trailer", "bad request: "},
		{"malformed URL from a base that parses", newReq("GET", "http://api.example/v1", nil),
			roundTripFunc(func(*http.Request) (*http.Response, error) { return nil, parseErr }), "missing ']' in host", "bad URL: "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			next := tc.base
			if next == nil {
				next = &http.Transport{}
			}
			base := &countingBase{next: next}
			w := &waits{}
			tr, err := transport.New(transport.Settings{Base: base, Policy: noJitter(w)})
			require.NoError(t, err)
			resp, err := tr.RoundTrip(tc.req)
			require.Error(t, err)
			assert.Nil(t, resp)
			assert.Contains(t, err.Error(), tc.wantMsg, "the base's error is kept")
			assert.Equal(t, int32(1), base.calls.Load(), "attempts for %v", err)
			assert.Empty(t, w.all(), "waits")
			var re *retry.Error
			require.ErrorAs(t, err, &re)
			assert.Equal(t, retry.NotRetryable, re.Reason, "reason for %v", err)
			var perm *classify.PermanentError
			require.ErrorAs(t, err, &perm)
			assert.Regexp(t, "^"+tc.reason, perm.Reason)
		})
	}
}

// TestTransportStillRetriesUnrecognizedErrors: the recognition is narrow;
// an error the base invents is a caution and retried as before.
func TestTransportStillRetriesUnrecognizedErrors(t *testing.T) {
	odd := errors.New("proxy said something odd")
	base := &countingBase{next: roundTripFunc(func(*http.Request) (*http.Response, error) { return nil, odd })}
	w := &waits{}
	tr, err := transport.New(transport.Settings{Base: base, Policy: noJitter(w)})
	require.NoError(t, err)
	req, err := http.NewRequest("GET", "http://api.example/v1", nil)
	require.NoError(t, err)
	_, err = tr.RoundTrip(req)
	var re *retry.Error
	require.ErrorAs(t, err, &re)
	assert.Equal(t, retry.AttemptsExhausted, re.Reason, "reason for %v", err)
	assert.Equal(t, int32(3), base.calls.Load())
	assert.ErrorIs(t, err, odd)
}
