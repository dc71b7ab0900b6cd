// A []any spread into Printf (a logging helper with a format) in a
// program whose types have String methods or are boxed: the front end's
// helper converts each operand for the verbs that print it, read when
// the program runs (the interpreter handed fmt its own records of such
// values: {21.5} and a struct of pointers for the Level).
package main

import "fmt"

type Celsius float64

type Level int

func (l Level) String() string { return [...]string{"DEBUG", "INFO"}[l] }

func logf(format string, args ...any) {
	fmt.Printf("[log] "+format+"\n", args...)
}

func main() {
	logf("%v at %v", Celsius(21.5), Level(1))
	logf("%.1f at %d (%T, %T)", Celsius(21.5), Level(1), Celsius(0), Level(0))
}
