package main

import "fmt"

// Node's Error method has a value receiver and Node holds a *Node: in the
// interpreter's wrapper of error a Node is held as its Next field, which
// an assertion to *Node found (it printed "true true"; go run prints
// "false false").
type Node struct {
	Code int
	Next *Node
}

func (n Node) Error() string { return fmt.Sprint("node ", n.Code) }

func main() {
	var err error = Node{1, &Node{2, nil}}
	p, ok := err.(*Node)
	fmt.Println(ok, p != nil)
}
