package main

import "fmt"

// Slices and maps of a type with a String method, held in an any, print
// their elements with the method.
type Level int

func (l Level) String() string { return [...]string{"DEBUG", "INFO", "WARN"}[l] }

type Event struct {
	Name  string
	Level Level
}

func show(label string, v any) {
	fmt.Printf("%-8s %v\n", label, v)
}

func main() {
	var x any = []Level{1, 2}
	var y any = map[string]Level{"db": 1, "api": 2}
	var z any = map[Level]int{1: 1, 0: 3}
	fmt.Println(x, y, z)
	show("levels", []Level{0, 2})
	show("events", []Event{{"boot", 0}, {"retry", 2}})
	show("ptr", &[]Level{1})
	show("array", [2]Level{2, 1})
	fmt.Printf("%s|%v\n", x, []any{x, Level(2)})
}
