// A []any spread into Sprint (a logging helper without a format) in a
// program whose types have String methods: fmt puts spaces between
// operands by their kinds, which a String result (a string) would change,
// and the interpreter hands fmt its own records of such values; it is
// refused. Go prints [log] 21.5 INFO.
package main

import "fmt"

type Celsius float64

type Level int

func (l Level) String() string { return [...]string{"DEBUG", "INFO"}[l] }

func logs(args ...any) {
	fmt.Print("[log] " + fmt.Sprint(args...) + "\n")
}

func main() {
	logs(Celsius(21.5), Level(1))
}
