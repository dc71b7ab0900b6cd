// Command serve serves the built course (dist/) over HTTP for local use.
//
//	go run ./web/cmd/serve -dir dist -addr :8080
//
// It stops gracefully on SIGINT or SIGTERM: requests in flight may finish
// within a few seconds.
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

func main() {
	dir := flag.String("dir", "dist", "directory to serve")
	addr := flag.String("addr", ":8080", "address to listen on")
	flag.Parse()

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

// serveDir serves dir on ln until ctx is done, then shuts down gracefully.
func serveDir(ctx context.Context, dir string, ln net.Listener) error {
	srv := &http.Server{
		Handler:           logRequests(serve.New(os.DirFS(dir))),
		ReadHeaderTimeout: 10 * time.Second,
	}
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

// displayAddr turns a wildcard listen address into one a browser can open.
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
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
