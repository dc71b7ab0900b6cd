package main

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestServeDirAndShutdown(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "flakylab.wasm"), []byte("\x00asm"), 0o644))

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveDir(ctx, dir, ln) }()

	resp, err := http.Get("http://" + ln.Addr().String() + "/flakylab.wasm")
	require.NoError(t, err)
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
	assert.Equal(t, "\x00asm", string(body))

	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err, "a graceful shutdown is not an error")
	case <-time.After(5 * time.Second):
		t.Fatal("server did not stop after the context was cancelled")
	}
}

func TestRunRefusesMissingDir(t *testing.T) {
	err := run(context.Background(), filepath.Join(t.TempDir(), "nope"), "127.0.0.1:0")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "make dist")
}

func TestDisplayAddr(t *testing.T) {
	tests := []struct {
		addr *net.TCPAddr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, "localhost:8080"},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9}, "localhost:9"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 9}, "localhost:9"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 2), Port: 9}, "192.168.1.2:9"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, displayAddr(tt.addr), "displayAddr(%v)", tt.addr)
	}
}

// The default address is this machine only.
func TestDefaultAddrIsLoopback(t *testing.T) {
	host, _, err := net.SplitHostPort(defaultAddr)
	require.NoError(t, err)
	ips, err := net.LookupIP(host)
	require.NoError(t, err)
	require.NotEmpty(t, ips, "%s resolves to nothing", host)
	for _, ip := range ips {
		assert.True(t, ip.IsLoopback(), "%s resolves to %v, which is not a loopback address", defaultAddr, ip)
	}
}

func TestServerHasEveryTimeout(t *testing.T) {
	srv := newServer(http.NotFoundHandler(), defaultTimeouts)
	for name, d := range map[string]time.Duration{
		"ReadHeaderTimeout": srv.ReadHeaderTimeout, "ReadTimeout": srv.ReadTimeout,
		"WriteTimeout": srv.WriteTimeout, "IdleTimeout": srv.IdleTimeout,
	} {
		assert.Positive(t, d, "%s of the server", name)
	}
}

// closedByServer reports whether the server closes conn before the test's
// generous deadline, reading and discarding whatever it sends first.
func closedByServer(t *testing.T, conn net.Conn) bool {
	t.Helper()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(20*time.Second)))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestSlowAndIdleClientsAreDropped: a client that never finishes its
// request's header, and a keep-alive connection left idle, are closed by
// the server (with short timeouts, so the test does not wait for the real
// ones).
func TestSlowAndIdleClientsAreDropped(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<h1>home</h1>"), 0o644))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	short := timeouts{header: 200 * time.Millisecond, read: time.Second, write: time.Second, idle: 200 * time.Millisecond}
	go func() { done <- serveDirWith(ctx, dir, ln, short) }()
	t.Cleanup(func() { cancel(); <-done })

	slow, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer slow.Close()
	_, err = io.WriteString(slow, "GET /index.html HTTP/1.1\r\nHost: x\r\n")
	require.NoError(t, err)
	assert.True(t, closedByServer(t, slow), "a request header never finished: the connection stays open")

	idle, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer idle.Close()
	_, err = io.WriteString(idle, "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
	require.NoError(t, err)
	assert.True(t, closedByServer(t, idle), "an idle keep-alive connection stays open")
}

func TestServeDirDoesNotFollowLinksOut(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "site")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(base, "secret.txt"), []byte("secret"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "link.txt")))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveDir(ctx, dir, ln) }()
	t.Cleanup(func() { cancel(); <-done })

	resp, err := http.Get("http://" + ln.Addr().String() + "/link.txt")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "GET /link.txt (a link out of the folder): body %q", body)
	assert.NotContains(t, string(body), "secret")
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), "security headers on a 404 too")
}
