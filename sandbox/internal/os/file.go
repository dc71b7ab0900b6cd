// Package os is what a program's os.Stdin, os.Stdout and os.Stderr are in
// the playground: the run's captured streams, with the methods of *os.File
// that make sense for them. It is named os so that %T prints *os.File.
// The front end refuses every other method of *os.File at compile time.
package os

import (
	"errors"
	"io"
	"io/fs"
	"sync"
)

// ErrClosed is what a write to a closed stream returns, as in package os.
var ErrClosed = fs.ErrClosed

// File is a standard stream of one run.
type File struct {
	name string
	w    io.Writer // nil for a stream that reads

	mu     sync.Mutex
	closed bool
}

// NewWriter returns the output stream name ("/dev/stdout") writing to w.
func NewWriter(name string, w io.Writer) *File { return &File{name: name, w: w} }

// NewReader returns the input stream name, which is empty: a program in
// the playground has no input.
func NewReader(name string) *File { return &File{name: name} }

// Name returns the stream's name, as os.Stdout.Name() does.
func (f *File) Name() string {
	if f == nil {
		return ""
	}
	return f.name
}

func (f *File) check(op string) error {
	if f == nil {
		return &fs.PathError{Op: op, Path: "", Err: fs.ErrInvalid}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return &fs.PathError{Op: op, Path: f.name, Err: ErrClosed}
	}
	return nil
}

// Write writes p to the stream.
func (f *File) Write(p []byte) (int, error) {
	if err := f.check("write"); err != nil {
		return 0, err
	}
	if f.w == nil {
		return 0, &fs.PathError{Op: "write", Path: f.name, Err: errors.New("bad file descriptor")}
	}
	return f.w.Write(p)
}

// WriteString writes s to the stream.
func (f *File) WriteString(s string) (int, error) { return f.Write([]byte(s)) }

// Read reads from the stream: an input stream is at its end at once.
func (f *File) Read(p []byte) (int, error) {
	if err := f.check("read"); err != nil {
		return 0, err
	}
	if f.w != nil {
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: errors.New("bad file descriptor")}
	}
	if len(p) == 0 {
		return 0, nil
	}
	return 0, io.EOF
}

// Close closes the stream; later reads and writes fail.
func (f *File) Close() error {
	if err := f.check("close"); err != nil {
		return err
	}
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	return nil
}

// Sync does nothing: the run's output is captured as it is written.
func (f *File) Sync() error { return f.check("sync") }
