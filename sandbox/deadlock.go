package sandbox

import (
	"bytes"
	"runtime"
	"strings"
	"time"
)

// Deadlock. In Go, a program whose goroutines are all blocked, with no
// timer that could wake one, ends at once: "fatal error: all goroutines
// are asleep - deadlock!", exit status 2. Here the process is the whole
// runtime (the browser's worker, the command line), whose own goroutines
// keep Go's detector from ever seeing that, so a deadlocked program would
// sit until the watchdog stopped it, blamed for running too long. The run
// therefore watches for it itself, on the virtual clock only (a
// wall-clock timer wakes a goroutine without a trace in its stack):
// every goroutine of the process is blocked on a channel, a select or a
// lock; the interpreter's goroutines are blocked directly in such an
// operation of the program's, not inside compiled code that another
// goroutine of the host could end (output, the clock); the virtual clock
// has nothing pending; and all of this holds, with the same goroutines, on
// deadlockSamples looks deadlockInterval apart.

const (
	deadlockInterval = 100 * time.Millisecond
	deadlockSamples  = 3
	// deadlockMaxGoroutines bounds the stacks a look reads; a program
	// with more goroutines is left to the watchdog.
	deadlockMaxGoroutines = 2000
)

// deadlockMessage is Go's.
const deadlockMessage = "fatal error: all goroutines are asleep - deadlock!"

// watchDeadlock runs beside the program until the run ends, and stops the
// program as deadlocked when it finds it so.
func (r *run) watchDeadlock() {
	self := "" // read at the first look: most runs end before it
	last, same := "", 0
	tick := time.NewTicker(deadlockInterval)
	defer tick.Stop()
	for {
		select {
		case <-r.ctx.Done():
			return
		case <-tick.C:
		}
		if self == "" {
			self = currentGoroutine()
		}
		seen := r.asleep(self)
		switch {
		case seen == "":
			last, same = "", 0
			continue
		case seen == last:
			same++
		default:
			last, same = seen, 1
		}
		if same >= deadlockSamples {
			r.deadlock()
			return
		}
	}
}

// deadlock ends the run as Go ends a deadlocked program.
func (r *run) deadlock() {
	r.mu.Lock()
	if !r.returned && !r.endedLocked() {
		r.deadlocked = true
		r.out.end()
		r.freezeLocked()
	}
	r.mu.Unlock()
	r.cancel()
}

// asleep returns the ids of the process's goroutines when every one of
// them but self is asleep as a deadlock leaves them, and "" otherwise.
func (r *run) asleep(self string) string {
	if runtime.NumGoroutine() > deadlockMaxGoroutines {
		return ""
	}
	var ids []string
	program := 0
	for _, g := range stacks() {
		if g.id == self || runtimeOnly(g.funcs) {
			continue
		}
		if !blockedState(g.state) {
			return ""
		}
		if strings.HasPrefix(g.creator, interpPackage) {
			if !blockedInProgram(g.funcs) {
				return ""
			}
			program++
		}
		ids = append(ids, g.id)
	}
	if program == 0 || r.clock.Pending() > 0 {
		return ""
	}
	return strings.Join(ids, " ")
}

// runtimeOnly reports whether a goroutine runs only the Go runtime's own
// code: under GOOS=js, the one that waits for the host's events
// (runtime.handleEvent, in state "waiting").
func runtimeOnly(funcs []string) bool {
	for _, f := range funcs {
		if funcPackage(f) != "runtime" {
			return false
		}
	}
	return true
}

// blockedState reports whether a goroutine in this state waits for
// another goroutine, and for nothing else: not for a timer ("sleep"), a
// system call or a core.
func blockedState(state string) bool {
	state, _, _ = strings.Cut(state, ",")
	switch state {
	case "chan receive", "chan send", "chan receive (nil chan)", "chan send (nil chan)",
		"select", "select (no cases)", "semacquire", "sync.Cond.Wait", "sync.Mutex.Lock",
		"sync.RWMutex.Lock", "sync.RWMutex.RLock", "sync.WaitGroup.Wait":
		return true
	}
	return false
}

// blockedInProgram reports whether an interpreter goroutine, given its
// stack's functions from the top, is blocked in an operation of the
// program's: only the runtime, sync and reflect lie between the block and
// the interpreter.
func blockedInProgram(funcs []string) bool {
	for _, f := range funcs {
		switch pkg := funcPackage(f); {
		case pkg == strings.TrimSuffix(interpPackage, "."):
			return true
		case pkg == "runtime", pkg == "sync", pkg == "reflect", strings.HasPrefix(pkg, "internal/"):
		default:
			return false
		}
	}
	return false
}

// funcPackage returns the package path of a function as a stack names it
// ("github.com/traefik/yaegi/interp.(*Interpreter).Eval" ->
// "github.com/traefik/yaegi/interp").
func funcPackage(f string) string {
	slash := strings.LastIndexByte(f, '/') + 1
	if dot := strings.IndexByte(f[slash:], '.'); dot >= 0 {
		return f[:slash+dot]
	}
	return f
}

// goroutineStack is one goroutine of runtime.Stack's report.
type goroutineStack struct {
	id      string
	state   string   // "select", "chan receive, 2 minutes", "running"
	funcs   []string // the functions on its stack, innermost first
	creator string   // the function that started it; "" for the main goroutine
}

// stacks returns the process's goroutines as runtime.Stack reports them.
func stacks() []goroutineStack {
	buf := make([]byte, 8<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	var out []goroutineStack
	for _, block := range bytes.Split(buf, []byte("\n\n")) {
		if g, ok := parseGoroutine(string(block)); ok {
			out = append(out, g)
		}
	}
	return out
}

// parseGoroutine reads one goroutine's block of runtime.Stack's report:
//
//	goroutine 8 [select]:
//	reflect.rselect({0xc000, 0x2, 0x0?})
//		$GOROOT/src/runtime/select.go:589 +0x2c5
//	created by github.com/traefik/yaegi/interp.call.func9 in goroutine 7
//		$GOMODCACHE/github.com/traefik/yaegi@v0.16.1/interp/run.go:1390 +0x1a8
func parseGoroutine(block string) (goroutineStack, bool) {
	head, rest, _ := strings.Cut(block, "\n")
	head, ok := strings.CutPrefix(head, "goroutine ")
	if !ok {
		return goroutineStack{}, false
	}
	id, state, ok := strings.Cut(head, " [")
	if !ok {
		return goroutineStack{}, false
	}
	g := goroutineStack{id: id, state: strings.TrimSuffix(state, "]:")}
	for _, line := range strings.Split(rest, "\n") {
		if line == "" || strings.HasPrefix(line, "\t") {
			continue
		}
		if c, ok := strings.CutPrefix(line, "created by "); ok {
			g.creator, _, _ = strings.Cut(c, " in goroutine ")
			continue
		}
		if i := strings.LastIndexByte(line, '('); i > 0 {
			line = line[:i]
		}
		g.funcs = append(g.funcs, line)
	}
	return g, true
}

// currentGoroutine returns the calling goroutine's id.
func currentGoroutine() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	g, _ := parseGoroutine(string(buf))
	return g.id
}
