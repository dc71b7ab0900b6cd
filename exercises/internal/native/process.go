package native

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/sandbox"
)

// ChildEnv marks a re-executed child: a program that finds it set to "1"
// must call Child at once instead of doing its own work.
const ChildEnv = "FLAKYLAB_CHECK_CHILD"

// DefaultMemory is the resident memory a check may use by default.
const DefaultMemory = 512 << 20

// childStack bounds a child's goroutine stacks, so that endless recursion
// crashes the child quickly instead of eating its memory first. A
// recursion a thousand calls deep (as deep as the checks go) uses a few
// MiB in the interpreter.
const childStack = 64 << 20

// childRequest is what the parent writes to a child's standard input.
type childRequest struct {
	Source    string `json:"source"`
	Harness   string `json:"harness"`
	Nonce     string `json:"nonce"`
	MaxOutput int    `json:"maxOutput"`
	Memory    int64  `json:"memory"`
}

// maxRequest bounds what a child reads: two sources and a little more.
const maxRequest = 2*sandbox.MaxSourceBytes + 64<<10

// childResult is how a child's run ended, on its last line of stderr
// after the marker and the request's nonce. The learner's code cannot
// write to the child's stderr (its output is captured) nor read the nonce
// (it came on stdin, which the interpreter never sees), so nothing it
// prints can pass for this line.
type childResult struct {
	Error   *exercises.RunError `json:"error"`
	Verdict string              `json:"verdict"`
	Input   string              `json:"input"`
}

// runMarker starts the child's result line, inputMarker each input the
// checks announce; the nonce follows either.
const (
	runMarker   = "@@run-"
	inputMarker = "@@input-"
)

// Child runs one check read from in (a request Process wrote), streaming
// the learner's output to out, and reports how the run ended on errOut. It
// returns the process's exit code.
func Child(in io.Reader, out, errOut io.Writer) int {
	// One thread, as in the page and sandbox/cmd/run, whoever started
	// this process and with whatever environment: the interpreter (yaegi
	// v0.16.1) keeps one list of cases per select statement, which every
	// goroutine running that select fills and hands to reflect.Select, so
	// on several threads two of them can swap channels.
	runtime.GOMAXPROCS(1)
	debug.SetMaxStack(childStack)
	var req childRequest
	if err := json.NewDecoder(io.LimitReader(in, maxRequest)).Decode(&req); err != nil {
		fmt.Fprintln(errOut, "check: reading the request:", err)
		return 3
	}
	if req.Memory > 0 {
		// The garbage collector works harder near the limit; the parent's
		// watchdog kills the child if it goes over anyway.
		debug.SetMemoryLimit(req.Memory * 3 / 4)
	}
	ctx := context.Background()
	res := sandbox.Run(ctx, req.Source, sandbox.Options{
		Harness:   req.Harness,
		MaxOutput: req.MaxOutput,
		Stdout:    func(chunk string) { io.WriteString(out, chunk) },
		// Announced at once, so that the parent knows the input even if
		// it has to kill this child.
		OnInput: func(s string) {
			b, _ := json.Marshal(s)
			fmt.Fprintf(errOut, "\n%s%s %s\n", inputMarker, req.Nonce, b)
		},
	})
	o := Output(ctx, res)
	b, err := json.Marshal(childResult{Error: o.Error, Verdict: o.Verdict, Input: o.Input})
	if err != nil {
		return 3
	}
	fmt.Fprintf(errOut, "\n%s%s %s\n", runMarker, req.Nonce, b)
	return 0
}

// Process is a Runner that runs each check in a fresh child process under
// limits, so that a program that never ends, eats memory or crashes the
// interpreter takes only its own check down. The child is Exe run with
// ChildEnv set; it must call Child.
type Process struct {
	Exe       string
	Memory    int64 // bytes of resident memory a child may use; 0: no watchdog
	MaxOutput int   // bytes of output a check may print; 0: sandbox.DefaultMaxOutput
}

// killGrace is how long a killed child may take to let go of its pipes.
const killGrace = 2 * time.Second

// memoryPoll is how often the watchdog reads a child's resident memory.
const memoryPoll = 50 * time.Millisecond

// Run runs one check in a child process.
func (p Process) Run(ctx context.Context, src, harness string) exercises.RunOutput {
	maxOutput := p.MaxOutput
	if maxOutput <= 0 {
		maxOutput = sandbox.DefaultMaxOutput
	}
	nonce := newNonce()
	req, err := json.Marshal(childRequest{Source: src, Harness: harness, Nonce: nonce, MaxOutput: maxOutput, Memory: p.Memory})
	if err != nil {
		return exercises.RunOutput{Error: &exercises.RunError{Kind: "internal", Message: err.Error()}}
	}
	cmd := exec.CommandContext(ctx, p.Exe)
	// One thread of Go per child: the caller decides how many run at once.
	cmd.Env = append(os.Environ(), ChildEnv+"=1", "GOMAXPROCS=1")
	cmd.Stdin = bytes.NewReader(req)
	stdout := &capped{limit: maxOutput + 4<<10}
	stderr := &capped{limit: 64 << 10, keepTail: true}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = killGrace
	if err := cmd.Start(); err != nil {
		return exercises.RunOutput{Error: &exercises.RunError{Kind: "internal", Message: "starting a check: " + err.Error()}}
	}
	var overMemory atomic.Int64
	done := make(chan struct{})
	go watchMemory(cmd.Process, p.Memory, &overMemory, done)
	err = cmd.Wait()
	close(done)
	out := exercises.RunOutput{Stdout: stdout.String(), Input: lastInput(stderr.String(), nonce)}
	if rss := overMemory.Load(); rss > 0 {
		out.Error = &exercises.RunError{Kind: "crash", Message: fmt.Sprintf(
			"out of memory: the run used %s, more than the %s a check may use, and was stopped", mib(rss), mib(p.Memory))}
		return out
	}
	if ctx.Err() != nil {
		kind := "stopped"
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			kind = "timeout"
		}
		out.Error = &exercises.RunError{Kind: kind, Message: ctx.Err().Error()}
		return out
	}
	if r, ok := parseChildResult(stderr.String(), nonce); ok && err == nil {
		out.Error, out.Verdict, out.Input = r.Error, r.Verdict, r.Input
		return out
	}
	out.Error = &exercises.RunError{Kind: "crash", Message: lastWords(stderr.String(), err)}
	return out
}

// parseChildResult finds the child's result line, the last one carrying
// the nonce.
func parseChildResult(stderr, nonce string) (childResult, bool) {
	marker := runMarker + nonce + " "
	at := strings.LastIndex(stderr, marker)
	if at < 0 {
		return childResult{}, false
	}
	line, _, _ := strings.Cut(stderr[at+len(marker):], "\n")
	var r childResult
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		return childResult{}, false
	}
	return r, true
}

// lastInput returns the last input the child announced.
func lastInput(stderr, nonce string) string {
	marker := inputMarker + nonce + " "
	at := strings.LastIndex(stderr, marker)
	if at < 0 {
		return ""
	}
	line, _, _ := strings.Cut(stderr[at+len(marker):], "\n")
	var s string
	if json.Unmarshal([]byte(line), &s) != nil {
		return ""
	}
	return s
}

func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported systems
	return hex.EncodeToString(b)
}

// lastWords picks the line that explains a crash: "fatal error: stack
// overflow", "runtime: out of memory", or else the process's exit status.
func lastWords(stderr string, err error) string {
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "runtime:") || strings.HasPrefix(line, "panic:") {
			return strings.TrimSpace(line)
		}
	}
	if err != nil {
		return err.Error()
	}
	return "the checker's child process gave no result"
}

func mib(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }

// capped keeps at most limit bytes of what is written to it: the first
// ones, or with keepTail the last ones. Writes never fail, so a child
// that floods its pipe is not blocked, only cut.
type capped struct {
	limit    int
	keepTail bool
	buf      []byte
	dropped  int
}

func (c *capped) Write(p []byte) (int, error) {
	n := len(p)
	if c.keepTail {
		c.buf = append(c.buf, p...)
		if over := len(c.buf) - c.limit; over > 0 {
			c.dropped += over
			c.buf = append(c.buf[:0], c.buf[over:]...)
		}
		return n, nil
	}
	if room := c.limit - len(c.buf); room < len(p) {
		c.dropped += len(p) - max(room, 0)
		p = p[:max(room, 0)]
	}
	c.buf = append(c.buf, p...)
	return n, nil
}

func (c *capped) String() string { return string(c.buf) }
