// Structs holding values with String methods, and pointers to them,
// held in interfaces, spread from a slice or not, printed with %v and
// %+v: fmt calls the methods of what they hold (the interpreter's struct
// has the State as an int). With an unexported field progfmt names the
// fields.
package main

import "fmt"

type State int

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type Inner struct {
	S State
	N int
}

type Holder struct {
	Name string
	S    State
	In   Inner
	L    []State
	M    map[string]State
	A    any
}

type Embeds struct {
	Inner
	Tag string
}

type Hidden struct {
	name string
	S    State
}

type Deep struct {
	H Hidden
}

func logf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func main() {
	h := Holder{"b", 2, Inner{1, 5}, []State{1}, map[string]State{"k": 2}, State(1)}
	var x any = h
	fmt.Printf("%v\n%+v\n", x, x)
	logf("%v\n%+v", h, h)
	var y any = &h
	fmt.Printf("%+v\n", y)
	logf("%v|%+v", &h, &Inner{2, 3})
	var np *Holder
	var z any = np
	fmt.Printf("%v %+v\n", z, z)
	logf("%v %+v %s", np, np, np)
	e := Embeds{Inner{1, 2}, "t"}
	var w any = e
	fmt.Printf("%v %+v\n", w, w)
	logf("%v %+v", e, &e)
	hd := Hidden{"n", 1}
	var v any = hd
	fmt.Printf("%v\n", v)
	logf("%v %v", hd, Deep{hd})
	fmt.Println(x, y, w)
	fmt.Println([]any{&h}...)
}
