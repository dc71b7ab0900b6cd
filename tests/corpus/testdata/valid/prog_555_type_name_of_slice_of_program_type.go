package main

import (
	"fmt"
	"sync"
)

type State int

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type Level int

func show(v any) { fmt.Printf("%T %v\n", v, v) }

func logf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

// The interpreter builds []State, map[Level]bool and the like of the
// underlying types: %T of an interface holding one printed []int where
// go run prints []main.State.
func main() {
	history := []State{0, 1, 1}
	var last any = history
	fmt.Printf("%T %v\n", last, last)
	show(map[Level]bool{2: true})
	show([2][]State{})
	show(&[]State{2})
	show([]*State{})
	var ch chan State
	show(ch)
	var cb func(...State) Level
	show(cb)
	var m sync.Map
	m.Store("h", history)
	v, _ := m.Load("h")
	fmt.Printf("%T %d\n", v, v)
	logf("%T after %v", history, State(1))
	logf("%v %d", history, 7, map[Level]bool{})
	show(5)
}
