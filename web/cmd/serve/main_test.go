package main

import (
	"context"
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
	assert.Equal(t, "localhost:8080", displayAddr(&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}))
	assert.Equal(t, "127.0.0.1:9", displayAddr(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9}))
}
