package main

import "fmt"

type Config struct {
	Retries int
	Timeout *int
}

func main() {
	p := new(42)
	s := new("hello")
	n := 7
	q := new(n * 2)
	*p++
	c := Config{Retries: 3, Timeout: new(30)}
	d := new(Config{Retries: 1})
	fmt.Println(*p, *s, *q, c.Retries, *c.Timeout, d.Retries, d.Timeout == nil)
	a, b := new(n), new(n)
	*a = 1
	fmt.Println(*a, *b, a != b)
}
