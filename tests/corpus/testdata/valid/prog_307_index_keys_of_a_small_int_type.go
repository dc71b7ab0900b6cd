// Index keys of an array or slice literal that are typed constants of a
// type other than int (type State uint8): the interpreter read them with
// reflect's Int and refused the whole program without a line ("call of
// reflect.Value.Int on uint8 Value").
package main

import "fmt"

type State uint8

const (
	Idle State = iota
	Running
	Stopped
)

var stateNames = [...]string{Idle: "idle", Running: "running", Stopped: "stopped"}

type Level int16

const (
	Low Level = 1 + iota
	High
)

var weights = []float64{Low: 0.5, High: 2}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("State(%d)", uint8(s))
}

func main() {
	fmt.Println(Idle, Running, Stopped, State(7), len(stateNames))
	fmt.Println(weights, len(weights))
	const k byte = 2
	local := [4]rune{k: 'x', 3: 'y'}
	fmt.Println(string(local[2:]), local[0])
}
