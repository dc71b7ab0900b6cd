package main

import (
	"errors"
	"fmt"
)

// A nil pointer of a type whose String or Error method handles nil: fmt
// calls the method, as for any other pointer.

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) String() string {
	if n == nil {
		return "end"
	}
	return fmt.Sprintf("%d -> %v", n.Val, n.Next)
}

type Tree struct {
	Left, Right *Tree
	Key         string
}

func (t *Tree) String() string {
	if t == nil {
		return "()"
	}
	return "(" + t.Left.String() + " " + t.Key + " " + t.Right.String() + ")"
}

type OpErr struct{ Op string }

func (e *OpErr) Error() string {
	if e == nil {
		return "no error"
	}
	return e.Op + " failed"
}

type Loose struct{ n int }

func (l *Loose) String() string { return fmt.Sprint("loose ", l.n) } // panics on nil

type Holder struct {
	First *Node
	Count int
}

type List []int

func (l List) String() string {
	if l == nil {
		return "empty list"
	}
	return fmt.Sprint(len(l), " items")
}

func find(n *Node, v int) *Node {
	for ; n != nil; n = n.Next {
		if n.Val == v {
			return n
		}
	}
	return nil
}

type inner struct{ n *Node }

func show[T any](label string, v T) { fmt.Println(label, v) }

type Box[T any] struct{ Items []T }

func main() {
	ch := make(chan *Node, 1)
	ch <- nil
	fmt.Println(<-ch)
	fmt.Printf("%v\n", inner{})
	show[*Node]("generic", nil)
	fmt.Println(Box[*Node]{Items: []*Node{nil}})
	text := func(n *Node) string { return fmt.Sprint(n) }
	fmt.Println(text(nil))

	var head *Node
	fmt.Println(head)
	fmt.Printf("%v|%s|%+v|%q\n", head, head, head, head)
	for i := 3; i > 0; i-- {
		head = &Node{i, head}
	}
	fmt.Println(head)
	fmt.Println(find(head, 2), find(head, 7))
	s := fmt.Sprint("found: ", find(head, 9))
	fmt.Println(s)
	fmt.Println([]*Node{nil, head.Next.Next})
	fmt.Printf("%v %+v\n", Holder{}, Holder{First: head.Next.Next, Count: 1})
	fmt.Println(map[string]*Node{"none": nil})

	t := &Tree{Key: "b", Left: &Tree{Key: "a"}}
	fmt.Println(t, t.Right)

	var op *OpErr
	fmt.Println(op)
	fmt.Printf("[%v] [%s]\n", op, op)
	fmt.Println(errors.New("plain") != nil)

	var lo *Loose
	fmt.Println(lo)
	fmt.Printf("%v|%s\n", lo, lo)
	fmt.Println([]*Loose{nil})
	fmt.Printf("%q %x %6s|%q\n", lo, lo, lo, []*Loose{nil, {2}})

	var l List
	fmt.Println(l, List{1, 2})
	fmt.Printf("%v %s\n", l, l)
}
