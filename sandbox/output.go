package sandbox

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// output captures a run's stdout and stderr under one byte cap, streaming
// each chunk to the callbacks as it is written. Past the cap it keeps what
// fits, appends a note and calls onFull once. After close it drops writes:
// goroutines that outlive main cannot print into the next run.
type output struct {
	mu        sync.Mutex
	limit     int
	used      int
	truncated bool
	ended     bool // the program is over: drop its writes, keep notes
	closed    bool
	bufs      [2]strings.Builder
	streams   [2]func(string)
	onFull    func()
}

const (
	stdoutStream = 0
	stderrStream = 1
)

func newOutput(limit int, stdout, stderr func(string), onFull func()) *output {
	return &output{limit: limit, streams: [2]func(string){stdout, stderr}, onFull: onFull}
}

// stream is an io.Writer for one of the two streams.
type stream struct {
	o *output
	i int
}

func (o *output) stdout() stream { return stream{o, stdoutStream} }
func (o *output) stderr() stream { return stream{o, stderrStream} }

// Write never fails: a program must not see an error for printing.
func (s stream) Write(p []byte) (int, error) {
	s.o.write(s.i, string(p))
	return len(p), nil
}

// WriteString lets fmt skip a conversion.
func (s stream) WriteString(p string) (int, error) {
	s.o.write(s.i, p)
	return len(p), nil
}

func (o *output) write(i int, p string) {
	if !o.accept(i, p) {
		// The program is over, or over its cap, and is being stopped.
		// Under GOOS=js there is no preemption: a loop that keeps
		// printing would never let the goroutine that stops the
		// interpreter run, so give it the chance here.
		runtime.Gosched()
	}
}

// accept records p, or reports false if the program may no longer print.
func (o *output) accept(i int, p string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if p == "" {
		return true
	}
	if o.closed || o.ended || o.truncated {
		return false
	}
	full := false
	if room := o.limit - o.used; len(p) > room {
		p = cutUTF8(p, room)
		full = true
	}
	o.emit(i, p)
	if full {
		o.truncated = true
		o.emit(i, fmt.Sprintf("\n[output truncated: the program printed more than %s]\n", byteSize(o.limit)))
		if o.onFull != nil {
			o.onFull()
		}
		return false
	}
	return true
}

// emit records and streams p; the caller holds mu, which keeps chunks in
// the order they were written.
func (o *output) emit(i int, p string) {
	if p == "" {
		return
	}
	o.used += len(p)
	o.bufs[i].WriteString(p)
	if f := o.streams[i]; f != nil {
		f(p)
	}
}

// writeNote adds text the runtime itself reports (a panic trace) to a
// stream, past the cap if need be so that the reason a run ended is
// always visible.
func (o *output) writeNote(i int, p string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.closed {
		o.emit(i, p)
	}
}

// end drops the program's further writes: after main returns or a panic
// ends the program, goroutines still running must not print, as they
// would not in a Go process that has exited.
func (o *output) end() {
	o.mu.Lock()
	o.ended = true
	o.mu.Unlock()
}

// close stops capturing and returns what was captured.
func (o *output) close() (stdout, stderr string, truncated bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
	return o.bufs[stdoutStream].String(), o.bufs[stderrStream].String(), o.truncated
}

// cutUTF8 returns the longest prefix of s of at most n bytes that does not
// split a character.
func cutUTF8(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}
