package main

import (
	"errors"
	"fmt"
)

// Node's String handles a nil receiver; Temp's dereferences it.
type Node struct{ name string }

func (n *Node) String() string {
	if n == nil {
		return "(empty)"
	}
	return "node " + n.name
}

type Temp struct{ c float64 }

func (t *Temp) String() string { return fmt.Sprint(t.c, "C") }

// Errs is a slice error type: a nil Errs is still an error.
type Errs []error

func (e Errs) Error() string { return fmt.Sprint(len(e), " errors") }

type Named interface{ String() string }

func lookup(name string) *Node {
	if name == "" {
		return nil
	}
	return &Node{name: name}
}

func describe(s fmt.Stringer) string {
	if s == nil {
		return "nil Stringer"
	}
	return "Stringer: " + s.String()
}

func validate() error {
	var errs Errs
	return errs
}

func main() {
	fmt.Println(describe(lookup("")), describe(lookup("a")))
	var t *Temp
	var s fmt.Stringer = t
	fmt.Println(s == nil)
	fmt.Println(s)
	fmt.Printf("%v|%s|%#v|%T\n", s, s, s, s)
	list := []fmt.Stringer{lookup(""), t}
	for _, x := range list {
		switch v := x.(type) {
		case *Node:
			fmt.Println("node", v == nil, v.String())
		case *Temp:
			fmt.Println("temp", v == nil)
		}
	}
	if n, ok := list[0].(Named); ok {
		fmt.Println("named", n.String())
	}

	err := validate()
	fmt.Println(err == nil, err)
	fmt.Printf("%v|%#v|%T\n", err, err, err)
	if es, ok := err.(Errs); ok {
		fmt.Println("errs", es == nil, len(es))
	}
	joined := errors.Join(lookupErr(), nil)
	fmt.Println(joined == nil, joined)
}

type NotFound struct{ key string }

func (e *NotFound) Error() string {
	if e == nil {
		return "not found (nil)"
	}
	return "not found: " + e.key
}

func lookupErr() *NotFound { return nil }
