//go:build !js

package browser

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Response is one answer of the test server, as it went on the wire.
type Response struct {
	Path     string // the request's URL path
	Status   int
	Encoding string // Content-Encoding, "" for none
	Bytes    int64  // status line, header fields and body
	// Start and End are when the handler began and returned (the body
	// handed to the connection; a throttling client may read it later).
	Start, End time.Time
}

// responses records every answer of a Server.
type responses struct {
	mu   sync.Mutex
	list []Response
}

func (rs *responses) record(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w}
		start := time.Now()
		h.ServeHTTP(cw, r)
		if cw.status == 0 {
			cw.WriteHeader(http.StatusOK)
		}
		rs.mu.Lock()
		defer rs.mu.Unlock()
		rs.list = append(rs.list, Response{Path: r.URL.Path, Status: cw.status, Encoding: w.Header().Get("Content-Encoding"), Bytes: cw.bytes, Start: start, End: time.Now()})
	})
}

// countingWriter counts what a handler sends: the header block when it is
// written, then the body.
type countingWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (c *countingWriter) WriteHeader(code int) {
	if c.status != 0 {
		return
	}
	c.status = code
	n := len("HTTP/1.1 ") + len(strconv.Itoa(code)) + 1 + len(http.StatusText(code)) + 2
	n += len("Date: Mon, 02 Jan 2006 15:04:05 GMT\r\n") + 2 // the server adds Date; then the blank line
	for k, vs := range c.Header() {
		for _, v := range vs {
			n += len(k) + 2 + len(v) + 2
		}
	}
	c.bytes += int64(n)
	c.ResponseWriter.WriteHeader(code)
}

func (c *countingWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	n, err := c.ResponseWriter.Write(b)
	c.bytes += int64(n)
	return n, err
}

// Responses returns the server's answers so far, oldest first.
func (s *Server) Responses() []Response {
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	return append([]Response(nil), s.log.list...)
}

// BytesSent is the sum of the Bytes of the server's answers so far.
func (s *Server) BytesSent() int64 {
	var n int64
	for _, r := range s.Responses() {
		n += r.Bytes
	}
	return n
}
