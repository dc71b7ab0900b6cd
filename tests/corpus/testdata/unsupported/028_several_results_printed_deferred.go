// The results of a call with several results passed straight to a print
// function that a defer (or go) statement calls, one of them of the
// program's type with a String method: written out, the call would run
// later than Go runs it, and the interpreter printed the number, so it is
// refused. Go prints replay {201}.
package main

import "fmt"

type Outcome int

func (o Outcome) String() string { return [...]string{"fresh", "replay"}[o] }

type Response struct{ Status int }

func begin() (Outcome, Response) { return 1, Response{201} }

func main() {
	defer fmt.Println(begin())
}
