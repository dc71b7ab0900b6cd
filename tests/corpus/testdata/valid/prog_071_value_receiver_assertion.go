package main

import "fmt"

type Temporary interface{ Temporary() bool }

type netErr struct{}

func (netErr) Temporary() bool { return true }

func main() {
	var v any = netErr{}
	_, ok := v.(Temporary)
	fmt.Println(ok)
}
