package sandbox

import (
	"fmt"
	"os"
	"reflect"

	playos "github.com/flakylab/flakylab/sandbox/internal/os"
)

// osPath is the key of the run's os table: built per run (bindOS), since
// its streams and Exit belong to the run.
const osPath = "os/os"

// bindOS builds the playground's os for this run: the subset the front end
// lets through (frontend.OSNames). Its variables are the run's own, so a
// program that assigns os.Args or os.Stdout changes nothing for the next.
func (r *run) bindOS() map[string]reflect.Value {
	args := []string{"prog"}
	stdin := playos.NewReader("/dev/stdin")
	stdout := playos.NewWriter("/dev/stdout", r.out.stdout())
	stderr := playos.NewWriter("/dev/stderr", r.out.stderr())
	variable := func(v any) reflect.Value {
		p := reflect.New(reflect.TypeOf(v))
		p.Elem().Set(reflect.ValueOf(v))
		return p.Elem()
	}
	return map[string]reflect.Value{
		"Args":                variable(args),
		"Stdin":               variable(stdin),
		"Stdout":              variable(stdout),
		"Stderr":              variable(stderr),
		"ErrClosed":           variable(os.ErrClosed),
		"ErrDeadlineExceeded": variable(os.ErrDeadlineExceeded),
		"ErrExist":            variable(os.ErrExist),
		"ErrInvalid":          variable(os.ErrInvalid),
		"ErrNotExist":         variable(os.ErrNotExist),
		"ErrPermission":       variable(os.ErrPermission),
		"File":                reflect.ValueOf((*playos.File)(nil)),
		"Exit":                reflect.ValueOf(r.exit),
		"Getenv":              reflect.ValueOf(func(string) string { return "" }),
		"LookupEnv":           reflect.ValueOf(func(string) (string, bool) { return "", false }),
		"Environ":             reflect.ValueOf(func() []string { return []string{} }),
	}
}

// exit ends the program with a status, as os.Exit does: at once, without
// running deferred calls, and with no further output from any goroutine.
// Like the operating system, it keeps the low eight bits of code.
func (r *run) exit(code int) {
	r.mu.Lock()
	if r.panicked == nil && !r.returned && r.exited == nil {
		r.out.end()
		status := code & 0xff
		r.exited = &status
		r.freezeLocked()
	}
	r.mu.Unlock()
	r.cancel()
	// Hold the goroutine until the interpreter has stopped, so that
	// nothing after the call runs (initialization too runs where the
	// interpreter can be stopped).
	<-r.release
}

// exitError is the failure of a program that exited with a status other
// than 0.
func exitError(status int) *Error {
	return &Error{Kind: KindExit, Message: fmt.Sprintf("exit status %d", status)}
}
