package main

import "fmt"

type State int

const (
	Closed State = iota
	Open
	HalfOpen
)

func (s State) String() string {
	switch s {
	case Closed:
		return "closed"
	case Open:
		return "open"
	case HalfOpen:
		return "half-open"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

type Weekday int

const (
	_ Weekday = iota
	Mon
	Tue
)

const (
	KB = 1 << (10 * (iota + 1))
	MB
	GB
)

func main() {
	s := Open
	fmt.Println(s, HalfOpen, State(7))
	fmt.Printf("%v %s %d %q\n", s, s, s, s)
	fmt.Println(Mon, Tue, KB, MB, GB)
	states := map[State]int{Closed: 3}
	fmt.Println(states[Closed])
	fmt.Println(Closed.String() + "!")
}
