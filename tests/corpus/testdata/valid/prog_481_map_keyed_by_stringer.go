package main

// A map keyed by a type with a String (or Error) method prints its keys
// with the method, in the order of their values.

import (
	"errors"
	"fmt"
)

type Level int

func (l Level) String() string {
	switch l {
	case 0:
		return "DEBUG"
	case 1:
		return "INFO"
	case 2:
		return "WARN"
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

type Status string

func (s Status) String() string { return "<" + string(s) + ">" }

type Pt struct{ X, Y int }

type Named struct {
	N    string
	Tags map[Level]string
}

type Code uint8

func (c Code) Error() string { return fmt.Sprintf("code-%d", c) }

func main() {
	byLevel := map[Level]int{2: 1, 0: 5, 1: 3, -1: 9, 10: 0}
	fmt.Println(byLevel)
	fmt.Printf("%v|%s|%q|%x|%d\n", byLevel, byLevel, byLevel, byLevel, byLevel)
	fmt.Printf("%8v|%-6v|\n", map[Level]Status{1: "up", 0: "down"}, map[Level]Level{2: 0, 1: 1})
	fmt.Println(map[Level]Pt{1: {1, 2}, 0: {3, 4}}, map[Level]*Pt{})
	fmt.Println(map[Level][]Level{1: {0, 1}, 0: nil})
	fmt.Println(map[Status]bool{"b": true, "a": false, "c": true})
	fmt.Println(map[Code]int{3: 1, 1: 2, 2: 3}, []map[Level]int{{1: 1}, nil, {0: 0}})
	n := Named{"x", map[Level]string{2: "w", 0: "d"}}
	fmt.Println(n, &n)
	fmt.Printf("%v %+v\n", n, n.N)
	var nilMap map[Level]int
	fmt.Println(nilMap, len(nilMap))
	err := errors.New("e")
	fmt.Println(map[Level]error{0: err, 1: nil})
	s := fmt.Sprint(byLevel, map[Level]int{})
	fmt.Println(s, fmt.Sprintf("%v", byLevel) == fmt.Sprint(byLevel))
}
