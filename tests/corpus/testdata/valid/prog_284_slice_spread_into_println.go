// A []any spread into Println and Sprintln (a logging helper's
// pattern) prints the program's values as Go does: a named float, a
// level with a String method, a pointer with one. The interpreter handed
// fmt its own records of them ({21.5}, a struct of pointers).
package main

import (
	"fmt"
	"os"
)

type Celsius float64

type Level int

func (l Level) String() string { return [...]string{"DEBUG", "INFO", "WARN"}[l] }

type Probe struct{ Name string }

func (p *Probe) String() string { return "probe " + p.Name }

func logln(level Level, vals ...any) {
	fmt.Println(append([]any{"[" + level.String() + "]"}, vals...)...)
}

func main() {
	logln(1, "temperature", Celsius(21.5), "from", &Probe{"north"})
	logln(2, Level(0), 3, nil)
	readings := []any{Celsius(-3.25), Level(2), "ok", 7}
	fmt.Println(readings...)
	fmt.Fprintln(os.Stdout, readings...)
	line := fmt.Sprintln(readings[1:]...)
	fmt.Print(line)
}
