package main

import "fmt"

func main() {
	type state int
	const (
		idle state = iota
		busy
		done
	)
	names := map[state]string{idle: "idle", busy: "busy", done: "done"}
	s := idle
	for s != done {
		fmt.Println(names[s])
		s++
	}
	fmt.Println(names)
	var x any = busy
	switch x {
	case busy:
		fmt.Println("is busy")
	case 1:
		fmt.Println("is int 1")
	}
}
