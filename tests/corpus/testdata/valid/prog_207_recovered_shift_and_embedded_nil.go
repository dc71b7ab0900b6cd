package main

import (
	"errors"
	"fmt"
)

// Run-time errors a backoff calculation and an embedded pointer can
// raise, recovered and printed with Go's messages.

type Limits struct{ MaxDelay int }

type Client struct {
	*Limits
	Name string
}

func try(name string, f func()) {
	defer func() {
		r := recover()
		err, isErr := r.(error)
		fmt.Printf("%s: %v (error: %v)\n", name, r, isErr && err != nil)
	}()
	f()
}

func backoff(base, attempt int) int { return base << attempt }

func main() {
	for attempt := 0; attempt < 4; attempt++ {
		fmt.Print(backoff(100, attempt), " ")
	}
	fmt.Println()
	try("negative attempt", func() { fmt.Println(backoff(100, -1)) })
	shift := -3
	try("right shift", func() { fmt.Println(uint(64) >> shift) })
	c := Client{Name: "api"}
	try("nil embedded", func() { fmt.Println(c.MaxDelay) })
	c.Limits = &Limits{MaxDelay: 30}
	try("set embedded", func() { fmt.Println(c.MaxDelay) })
	err := errors.New("plain")
	try("plain error", func() { panic(err) })
}
