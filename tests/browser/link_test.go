//go:build !js

package browser

import (
	"bytes"
	"crypto/rand"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The line is one departure-time schedule for every connection: bytes
// leave when it is free, back to back, and arrive half a round trip after
// their last bit left.
func TestLineSchedule(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ms := time.Millisecond
	l := newLine(Link{Mbps: 8, RTT: 60 * ms}) // 1000 bytes per ms
	steps := []struct {
		name        string
		at          time.Duration
		n           int
		start, done time.Duration // done: arrival at the client
	}{
		{"idle line: leaves at once", 0, 1000, 0, 1*ms + 30*ms},
		{"second writer at the same instant waits its turn", 0, 2000, 1 * ms, 3*ms + 30*ms},
		{"written while the line is busy", 2 * ms, 500, 3 * ms, 3500*time.Microsecond + 30*ms},
		{"after the line went idle: leaves at once", 10 * ms, 1000, 10 * ms, 11*ms + 30*ms},
	}
	for _, s := range steps {
		start, arrive := l.reserve(t0.Add(s.at), s.n)
		assert.Equal(t, s.start, start.Sub(t0), "%s: start of %d bytes written at %v", s.name, s.n, s.at)
		assert.Equal(t, s.done, arrive.Sub(t0), "%s: arrival of %d bytes written at %v", s.name, s.n, s.at)
	}
}

// A request reaches the server half a round trip after it was sent, and on
// a new connection not before the handshake's round trip.
func TestUpstreamWaitsForTheHandshake(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ms := time.Millisecond
	l := newLine(Link{Mbps: 8, RTT: 60 * ms})
	cases := []struct {
		name       string
		sent, want time.Duration // from the accept
	}{
		{"sent with the connect", 0, 90 * ms},
		{"sent during the handshake", 40 * ms, 90 * ms},
		{"sent later on a kept-alive connection", 5000 * ms, 5030 * ms},
	}
	for _, c := range cases {
		got := l.upstream(t0.Add(c.sent), t0)
		assert.Equal(t, c.want, got.Sub(t0), "%s: sent at %v", c.name, c.sent)
	}
}

// Through a shaped server, every byte arrives intact, and clients that
// download at once share the one line: together they cannot finish sooner
// than their total over the bandwidth (a lower bound, which a machine's
// load cannot break).
func TestShapedServerSharesOneLine(t *testing.T) {
	dir := t.TempDir()
	body := make([]byte, 150<<10)
	_, err := rand.Read(body)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "big.bin"), body, 0o644))
	link := Link{Mbps: 40, RTT: 20 * time.Millisecond}
	s, err := ServeOver(dir, link)
	require.NoError(t, err)
	defer s.Close()

	const clients = 3
	start := time.Now()
	var wg sync.WaitGroup
	got := make([][]byte, clients)
	errs := make([]error, clients)
	for i := range clients {
		wg.Go(func() {
			// A fresh connection each, so they overlap on the line.
			client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
			res, err := client.Get(s.URL + "big.bin")
			if err != nil {
				errs[i] = err
				return
			}
			defer res.Body.Close()
			got[i], errs[i] = io.ReadAll(res.Body)
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	for i := range clients {
		require.NoError(t, errs[i], "client %d", i)
		assert.True(t, bytes.Equal(body, got[i]), "client %d: got %d bytes, want the file's %d, same content", i, len(got[i]), len(body))
	}
	floor := time.Duration(float64(clients*len(body))/(link.Mbps*1e6/8)*float64(time.Second)) + 2*link.RTT
	assert.GreaterOrEqual(t, elapsed, floor, "%d downloads of %d bytes over %v: want at least %v (bandwidth, handshake, request), got %v", clients, len(body), link, floor, elapsed)
}
