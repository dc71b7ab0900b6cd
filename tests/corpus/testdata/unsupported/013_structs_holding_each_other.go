// Two struct types that refer to each other, one holding the other by
// value (the shape of container/list): the interpreter builds one of them
// with the wrong type, so the program is refused at the declaration.
// Go prints [a b]; the playground refuses it and suggests pointers.
package main

import "fmt"

type Element struct {
	next, prev *Element
	list       *List
	Value      string
}

type List struct {
	root Element
	len  int
}

func (l *List) PushBack(v string) {
	if l.root.next == nil {
		l.root.next, l.root.prev = &l.root, &l.root
	}
	at := l.root.prev
	e := &Element{Value: v, list: l, prev: at, next: at.next}
	at.next.prev = e
	at.next = e
	l.len++
}

func main() {
	var l List
	l.PushBack("a")
	l.PushBack("b")
	var out []string
	for e := l.root.next; e != &l.root; e = e.next {
		out = append(out, e.Value)
	}
	fmt.Println(out)
}
