// A String method that indexes past the end of an array, in a program
// that recovers nothing itself: fmt recovers the run-time error and
// prints Go's message for it, with the index and the length.
package main

import "fmt"

type Attempt int

var attemptNames = [2]string{"first", "retry"}

func (a Attempt) String() string { return attemptNames[a] }

type Status struct{ codes []int }

func (s Status) String() string { return fmt.Sprint(s.codes[len(s.codes)-1]) }

func main() {
	fmt.Println(Attempt(1))
	fmt.Println(Attempt(7))
	fmt.Printf("[%s]\n", Status{})
	fmt.Println(Status{[]int{200, 503}})
}
