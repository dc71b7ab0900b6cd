package main

import "fmt"

type Code int

func (c Code) String() string { return fmt.Sprintf("status %d", int(c)) }

type Reply struct {
	Status Code
	Body   string
}

func main() {
	fmt.Println(Reply{Status: 3, Body: "ok"})
}
