// A String method that panics while fmt prints its value, in a program
// that also recovers a panic of its own: fmt recovers the method's panic
// and prints its message in place of the value.
package main

import "fmt"

type Outcome int

func (o Outcome) String() string { return [...]string{"fresh", "replay"}[o] }

var names = [2]string{"a", "b"}

func main() {
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		i := 5
		fmt.Println(names[i])
	}()
	fmt.Println(Outcome(1), Outcome(7))
	fmt.Printf("%v|%s\n", Outcome(9), Outcome(0))
	s := fmt.Sprint(Outcome(3))
	fmt.Println(s, len(s))
}
