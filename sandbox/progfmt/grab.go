package progfmt

import (
	"reflect"
	goruntime "runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// A value of the program's struct type converted to error is held by the
// interpreter (yaegi v0.16.1) in its wrapper of error, a struct whose
// first field, IValue, should be the value: it is the struct's last field
// instead (getConcreteValue takes a struct without methods for an
// interface it emulates and looks into it), so neither an assertion nor
// errors.As can find the struct there. The wrapper's Error method still
// runs the program's method on the right receiver: the front end has each
// Error method of the program hand its receiver to Take first, when Grab
// asks for it, and return at once.

var (
	// grabbing counts the Grab calls under way, so that Take costs
	// nothing when there are none.
	grabbing atomic.Int32
	// grabs holds the Grab under way of each goroutine.
	grabs sync.Map // goroutine id -> *grab
)

// grab is what the first Error method entered on a goroutine hands over.
type grab struct {
	taken bool
	tag   int
	v     any
}

// interpWrapper is the package of the interpreter's interface wrappers.
const interpWrapper = "github.com/traefik/yaegi/interp"

// Grab returns the tag and the receiver the Error method of err's
// dynamic value hands to Take, when that value is one of the program's
// values the interpreter wrapped as error; minus the tag, and no value,
// when it is a pointer to such a value, whose method has a value
// receiver; tag 0 otherwise.
func Grab(err error) (tag int, v any) {
	if err == nil {
		return 0, nil
	}
	w := reflect.ValueOf(err)
	if w.Kind() != reflect.Struct || w.Type().Name() != "_error" || w.Type().PkgPath() != interpWrapper {
		return 0, nil
	}
	id := goroutineID()
	g := &grab{}
	prev, hadPrev := grabs.Load(id)
	grabs.Store(id, g)
	grabbing.Add(1)
	defer func() {
		grabbing.Add(-1)
		if hadPrev {
			grabs.Store(id, prev)
		} else {
			grabs.Delete(id)
		}
		if recover() != nil { // a nil pointer's value method
			tag, v = 0, nil
		}
	}()
	_ = err.Error()
	if !g.taken || g.tag == 0 {
		return 0, nil
	}
	// A pointer to the struct with value methods runs the same method:
	// the wrapper then holds the pointer itself.
	if held := w.Field(0); held.Kind() == reflect.Interface && !held.IsNil() {
		if p := held.Elem(); p.Kind() == reflect.Pointer && p.Type() == reflect.PointerTo(reflect.TypeOf(g.v)) {
			return -g.tag, nil
		}
	}
	return g.tag, g.v
}

// Take is called first by each Error method of the program with a tag
// of its receiver's type (0 for one Grab does not look for) and the
// receiver; it reports whether Grab asked for it, and the method then
// returns at once.
func Take(tag int, v any) bool {
	if grabbing.Load() == 0 {
		return false
	}
	x, ok := grabs.Load(goroutineID())
	if !ok {
		return false
	}
	g := x.(*grab)
	if g.taken {
		return false
	}
	g.taken, g.tag, g.v = true, tag, v
	return true
}

// goroutineID is the number the runtime gives the calling goroutine.
func goroutineID() uint64 {
	var buf [64]byte
	s := buf[:goruntime.Stack(buf[:], false)]
	const prefix = "goroutine "
	if len(s) < len(prefix) {
		return 0
	}
	s = s[len(prefix):]
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	id, _ := strconv.ParseUint(string(s[:i]), 10, 64)
	return id
}
