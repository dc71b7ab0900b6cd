// Command serve serves the built course (dist/) over HTTP for local use.
//
//	go run ./web/cmd/serve -dir dist -addr localhost:8080
//	go run ./web/cmd/serve -headers > dist/_headers
//
// It listens on localhost unless -addr names another address (":8080" for
// every interface), never serves a file outside the folder (symbolic links
// included), sends the security headers of web/serve with every response,
// and drops clients that are too slow to send their request or to take the
// answer. It stops gracefully on SIGINT or SIGTERM: requests in flight may
// finish within a few seconds. With -headers it prints those headers in the
// _headers format of static hosts and exits.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/flakylab/flakylab/web/serve"
)

// defaultAddr is where the course is served unless -addr says otherwise:
// this machine only.
const defaultAddr = "localhost:8080"

func main() {
	dir := flag.String("dir", "dist", "directory to serve")
	addr := flag.String("addr", defaultAddr, `address to listen on (":8080" listens on every interface)`)
	headers := flag.Bool("headers", false, "print the security headers as a static host's _headers file and exit")
	flag.Parse()
	if *headers {
		fmt.Print(serve.HeadersFile())
		return
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *dir, *addr); err != nil {
		log.Fatalf("serve: %v", err)
	}
}

func run(ctx context.Context, dir, addr string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%w (build the site first: make dist)", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return serveDir(ctx, dir, ln)
}

// timeouts bound what one client may hold: the request's header, the whole
// request, the answer (the runtime is 17 MB for a client that takes no
// compression, which a slow link needs minutes for) and an idle keep-alive
// connection.
type timeouts struct {
	header, read, write, idle time.Duration
}

var defaultTimeouts = timeouts{
	header: 10 * time.Second,
	read:   30 * time.Second,
	write:  5 * time.Minute,
	idle:   2 * time.Minute,
}

func newServer(h http.Handler, t timeouts) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.header,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
	}
}

// serveDir serves dir on ln until ctx is done, then shuts down gracefully.
func serveDir(ctx context.Context, dir string, ln net.Listener) error {
	return serveDirWith(ctx, dir, ln, defaultTimeouts)
}

func serveDirWith(ctx context.Context, dir string, ln net.Listener, t timeouts) error {
	site, err := serve.Dir(dir)
	if err != nil {
		return err
	}
	defer site.Close()
	srv := newServer(logRequests(site), t)
	url := "http://" + displayAddr(ln.Addr()) + "/"
	log.Printf("serving %s at %s", dir, url)
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		if _, err := os.Stat(filepath.Join(dir, "playground.html")); err == nil {
			log.Printf("no index.html yet; the runtime's page is %splayground.html", url)
		}
	}

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Printf("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// displayAddr turns a wildcard or loopback listen address into one a
// browser can open, as README writes it.
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !(tcp.IP.IsUnspecified() || tcp.IP.IsLoopback()) {
		return a.String()
	}
	return fmt.Sprintf("localhost:%d", tcp.Port)
}

// statusRecorder remembers the status code for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		log.Printf("%d %s %s %s %v", rec.status, r.Method, r.URL.RequestURI(),
			w.Header().Get("Content-Encoding"), time.Since(start).Round(time.Microsecond))
	})
}
