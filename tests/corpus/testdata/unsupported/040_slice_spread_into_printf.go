// A []any spread into Printf (a logging helper) in a program that puts a
// map keyed by one of its types with a String method into an interface:
// printed with %+v such a map would not print as in Go, and the verbs
// are not known before the run; it is refused. (Without such a map the
// spread prints as in Go: prog_504, prog_505.) Go prints
// [log] 21.5 at INFO map[DEBUG:2 INFO:1].
package main

import "fmt"

type Celsius float64

type Level int

func (l Level) String() string { return [...]string{"DEBUG", "INFO"}[l] }

func logf(format string, args ...any) {
	fmt.Printf("[log] "+format+"\n", args...)
}

func main() {
	logf("%v at %v %v", Celsius(21.5), Level(1), map[Level]int{1: 1, 0: 2})
}
