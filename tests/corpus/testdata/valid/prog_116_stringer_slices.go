package main

import "fmt"

// Slices and arrays of a type with a String or Error method print each
// element through its method.

type Code int

func (c Code) String() string { return fmt.Sprintf("status %d", int(c)) }

type PCode struct{ n int }

func (c *PCode) String() string { return fmt.Sprintf("pcode %d", c.n) }

type VE struct{ n int }

func (e VE) Error() string { return fmt.Sprintf("ve %d", e.n) }

type Codes []Code

func main() {
	var steps []Code
	for i := 0; i < 3; i++ {
		steps = append(steps, Code(i))
	}
	fmt.Println(steps, []*PCode{{3}}, [2]VE{{4}, {5}}, Codes{7})
	fmt.Printf("%v|%s|%q|%d\n", steps, steps[:1], steps[:1], steps)
	msg := fmt.Sprintf("got %v", steps)
	fmt.Println(msg, []Code(nil))
}
