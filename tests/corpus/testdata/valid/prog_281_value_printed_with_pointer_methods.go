// Values whose String or Error method has a pointer receiver print by
// their fields (fmt cannot take their address); the pointer prints
// through the method. A value with its own String prints through it
// even when its pointer also has Error.
package main

import (
	"fmt"
	"strings"
)

type Point struct{ X, Y int }

func (p *Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type Code int

func (c *Code) String() string { return "code" }

type Name string

func (n *Name) String() string { return strings.ToUpper(string(*n)) }

type Fault struct{ msg string }

func (f *Fault) Error() string { return f.msg }

type Both struct{ V int }

func (b Both) String() string { return "both-value" }
func (b *Both) Error() string { return "both-pointer" }

func origin() Point { return Point{} }

func main() {
	p := Point{1, 2}
	fmt.Println(p, &p, origin())
	fmt.Printf("%v|%v|%d\n", p, &p, p)
	ps := []Point{{3, 4}}
	fmt.Println(ps[0], &ps[0], ps)
	c := Code(3)
	fmt.Println(c, &c, Code(4))
	n := Name("ann")
	fmt.Printf("%s|%q|%v|%6s|\n", n, n, &n, n)
	f := Fault{"boom"}
	fmt.Println(f, &f)
	b := Both{1}
	fmt.Println(b, &b)
	fmt.Print(b, 1, p, "\n")
	fmt.Printf("[%-12v][%q]\n", b, b)
	fmt.Println(fmt.Sprint(Point{7, 8}), fmt.Sprintf("%v", Point{}))
}
