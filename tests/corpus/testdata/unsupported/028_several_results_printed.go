// The results of a call with several results passed straight to
// fmt.Println, one of them of the program's type with a String method:
// the front end cannot adjust them one by one, and the interpreter printed
// the number, so the call is refused. Go prints replay {201}.
package main

import "fmt"

type Outcome int

func (o Outcome) String() string { return [...]string{"fresh", "replay"}[o] }

type Response struct{ Status int }

func begin() (Outcome, Response) { return 1, Response{201} }

func main() {
	fmt.Println(begin())
}
