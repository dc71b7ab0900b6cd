// The results of a call with several results passed straight to a print
// function, one of them of the program's type with a String or Error
// method (the Tour's errors exercise prints fmt.Println(Sqrt(-2))): each
// result prints as Go prints it.
package main

import (
	"fmt"
)

type Outcome int

func (o Outcome) String() string { return [...]string{"fresh", "replay"}[o] }

type Response struct{ Status int }

func begin() (Outcome, Response) { return 1, Response{201} }

type ErrNegativeSqrt float64

func (e ErrNegativeSqrt) Error() string {
	return fmt.Sprintf("cannot Sqrt negative number: %v", float64(e))
}

func Sqrt(x float64) (float64, error) {
	if x < 0 {
		return 0, ErrNegativeSqrt(x)
	}
	z := 1.0
	for range 10 {
		z -= (z*z - x) / (2 * z)
	}
	return z, nil
}

type Node struct{ ID int }

func (n *Node) String() string { return fmt.Sprintf("node-%d", n.ID) }

func find(id int) (*Node, bool) { return &Node{id}, id > 0 }

func main() {
	fmt.Println(begin())
	fmt.Println(Sqrt(2))
	fmt.Println(Sqrt(-2))
	fmt.Println(find(7))
	s := fmt.Sprintln(begin())
	fmt.Print(s)
	n, err := fmt.Println(Sqrt(-1))
	fmt.Println(n, err)
}
