// Package redisserver starts a real redis-server for tests and
// benchmarks: on a free port of the loopback interface, in a temporary
// directory, with persistence off, and stops it when the test ends. It can stop and
// restart the server on the same port, for the fault tests.
package redisserver

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Binary is the server the tests run; Debian's redis-server package
// installs it (.ci/run installs the package when it is missing).
const Binary = "redis-server"

// Server is a redis-server process owned by one test.
type Server struct {
	// Addr is host:port, for redis.Options.Addr.
	Addr string

	dir  string
	port int

	mu     sync.Mutex
	cmd    *exec.Cmd
	exited chan error // receives the process's exit once
}

// Start starts a server and registers its stop with t.Cleanup. It fails
// the test, rather than skipping it, when redis-server is not installed:
// these tests are what shows the Redis stores work.
func Start(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath(Binary); err != nil {
		t.Fatalf("redisserver: %s is not installed (apt-get install redis-server; .ci/run does it): %v", Binary, err)
	}
	s := &Server{dir: t.TempDir()}
	var err error
	for range 5 { // another process may take the free port before the server does
		if s.port, err = freePort(); err != nil {
			continue
		}
		s.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
		if err = s.start(); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("redisserver: %v", err)
	}
	t.Cleanup(s.Stop)
	return s
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func (s *Server) start() error {
	cmd := exec.Command(Binary,
		"--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--dir", s.dir, "--save", "", "--appendonly", "no",
		"--logfile", filepath.Join(s.dir, "redis.log"))
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", Binary, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			log, _ := os.ReadFile(filepath.Join(s.dir, "redis.log"))
			return fmt.Errorf("%s exited at start (%v): %s", Binary, err, lastLines(string(log), 5))
		default:
		}
		if Ping(s.Addr) == nil {
			s.mu.Lock()
			s.cmd, s.exited = cmd, exited
			s.mu.Unlock()
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	<-exited
	return fmt.Errorf("%s did not answer PING on %s within 20 s", Binary, s.Addr)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// Ping sends PING to addr and reports an error unless it answers PONG.
func Ping(addr string) error {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(line) != "+PONG" {
		return fmt.Errorf("PING answered %q", line)
	}
	return nil
}

// Stop stops the server (SIGTERM, then SIGKILL after 10 s) and waits for
// it to exit. Stopping a stopped server does nothing. With persistence
// off, everything it held is gone.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	s.cmd, s.exited = nil, nil
}

// Kill stops the server with SIGKILL, as a crash would, and waits for it
// to exit.
func (s *Server) Kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	<-s.exited
	s.cmd, s.exited = nil, nil
}

// Restart starts the stopped server again on the same port, empty.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.Stop()
	var err error
	for range 50 { // the port may linger for a moment after the stop
		if err = s.start(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("redisserver: restarting on %s: %v", s.Addr, err)
}
