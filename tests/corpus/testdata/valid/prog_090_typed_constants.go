package main

import (
	"fmt"
	"time"
)

type state int

const (
	closed state = iota + 1
	open
	halfOpen
)

const first state = 1 + 0

func (s state) String() string {
	switch s {
	case closed:
		return "closed"
	case open:
		return "open"
	case halfOpen:
		return "half-open"
	}
	return fmt.Sprintf("state(%d)", int(s))
}

type breaker struct{ s state }

func (b *breaker) trip() { b.s = open }

const (
	cooldown = 30 * time.Second
	retries  = 3
	ratio    = 1.0 / 3
)

type level uint8

const maxLevel level = 1<<8 - 1

func main() {
	b := &breaker{s: closed}
	fmt.Println(b.s == closed, b.s == first, b.s)
	b.trip()
	fmt.Println(b.s == open, b.s != closed, b.s, open, halfOpen+1)
	switch b.s {
	case closed:
		fmt.Println("still closed")
	case open:
		fmt.Println("switch sees open")
	}
	var t state = 3
	fmt.Println(t == halfOpen, cooldown, cooldown/retries, ratio*3 == 1)
	fmt.Println(maxLevel, maxLevel == 255, int(maxLevel)+1)
	verbose := bool(false)
	for i := range 2 {
		fmt.Println(bool(false) || i == 0, verbose || i == 0)
	}
}
