// Print, Sprint, Fprint and Append space two operands only when neither
// is a string; values of the program's types with String and Error
// methods keep Go's spacing whatever their kind.
package main

import (
	"fmt"
	"os"
)

type ErrNegativeSqrt float64

func (e ErrNegativeSqrt) Error() string {
	return fmt.Sprintf("cannot Sqrt negative number: %v", float64(e))
}

type Code string

func (c Code) Error() string { return "code " + string(c) }

type Name string

func (n Name) String() string { return "name:" + string(n) }

type Count int

func (c Count) String() string { return fmt.Sprintf("%d items", int(c)) }

type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type Node struct{ ID int }

func (n *Node) Error() string { return fmt.Sprintf("node %d failed", n.ID) }

func Sqrt(x float64) (float64, error) {
	if x < 0 {
		return 0, ErrNegativeSqrt(x)
	}
	return x, nil
}

func main() {
	v, err := Sqrt(-2)
	fmt.Print(v, err)
	fmt.Print("\n")
	fmt.Print(err, 5, "\n")
	fmt.Println(fmt.Sprint(1, err, 2))

	var code error = Code("E42")
	fmt.Println(fmt.Sprint(1, code, 2))
	fmt.Println(fmt.Sprint(Name("ann"), 3, Count(4), 5))
	fmt.Println(fmt.Sprint(Point{1, 2}, 7, &Node{3}, 8))

	var t any = Count(9)
	var u any = Name("bo")
	fmt.Println(fmt.Sprint(1, t, 2, u, 3))

	var none error
	var nothing any
	fmt.Println(fmt.Sprint(1, none, 2, nothing, 3))

	var anyErr any = err
	var anyCode any = Code("x")
	fmt.Println(fmt.Sprint(0, anyErr, 1, anyCode, 2))

	_, ok := Sqrt(4)
	fmt.Println(fmt.Sprint(6, ok, err, "end"))

	fmt.Fprint(os.Stdout, 1, code, 2, err, 3)
	fmt.Print("\n")
	b := fmt.Append([]byte("bytes:"), 1, err, code, 2)
	fmt.Println(string(b))
	fmt.Println(fmt.Sprint(err, err), fmt.Sprint(code, code))
}
