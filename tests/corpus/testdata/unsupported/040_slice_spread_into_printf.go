// A []any spread into Printf (a logging helper with a format) in a
// program whose types have String methods or are boxed: the verbs are
// not known before the run, and the interpreter hands fmt its own records
// of such values (it printed {21.5} and a struct of pointers for the
// Level); it is refused. Go prints [log] 21.5 at INFO.
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
}
