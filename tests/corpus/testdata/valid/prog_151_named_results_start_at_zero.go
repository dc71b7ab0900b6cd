package main

import (
	"errors"
	"fmt"
)

// Named results start at their zero value on every call.

func attempts(first int) (calls int, last int) {
	for n := first; ; n++ {
		calls++
		if n%2 == 0 || calls == 3 {
			return calls, n
		}
	}
}

func tags(n int) (out []string, err error) {
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprint("t", i))
	}
	if n == 0 {
		err = errors.New("none")
	}
	return
}

type counter struct{ hits int }

func (c *counter) bump() (before, after int) {
	before += c.hits
	c.hits++
	after += c.hits
	return
}

func main() {
	for i := 0; i < 4; i++ {
		c, l := attempts(i)
		fmt.Println(i, c, l)
	}
	fmt.Println(tags(2))
	fmt.Println(tags(0))
	fmt.Println(tags(1))
	var c counter
	for i := 0; i < 3; i++ {
		fmt.Println(c.bump())
	}
	label := func(ok bool) (s string) {
		s += "checked"
		if ok {
			s += " ok"
		}
		return
	}
	fmt.Println(label(true), "|", label(false), "|", label(true))
}
