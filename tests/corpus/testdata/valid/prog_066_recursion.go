package main

import "fmt"

type Node struct {
	Val         int
	Left, Right *Node
}

func (n *Node) Insert(v int) *Node {
	if n == nil {
		return &Node{Val: v}
	}
	if v < n.Val {
		n.Left = n.Left.Insert(v)
	} else {
		n.Right = n.Right.Insert(v)
	}
	return n
}

func (n *Node) Walk(visit func(int)) {
	if n == nil {
		return
	}
	n.Left.Walk(visit)
	visit(n.Val)
	n.Right.Walk(visit)
}

func hanoi(n int, from, to, via string, moves *int) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves++
	hanoi(n-1, via, to, from, moves)
}

func main() {
	var root *Node
	for _, v := range []int{5, 3, 8, 1, 4, 9} {
		root = root.Insert(v)
	}
	root.Walk(func(v int) { fmt.Print(v, " ") })
	fmt.Println()
	moves := 0
	hanoi(10, "a", "c", "b", &moves)
	fmt.Println(moves)
}
