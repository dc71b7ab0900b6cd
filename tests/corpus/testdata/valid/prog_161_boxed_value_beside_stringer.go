package main

import "fmt"

// MyInt values are told apart from ints in interfaces (the type switch
// below), so the playground boxes them there; in a program that also has
// a String method, an interface holding a MyInt prints as {5}.

type MyInt int

type Status int

func (s Status) String() string { return "status" }

func main() {
	var e any = MyInt(5)
	if _, ok := e.(int); !ok {
		fmt.Println(e, Status(1))
	}
}
