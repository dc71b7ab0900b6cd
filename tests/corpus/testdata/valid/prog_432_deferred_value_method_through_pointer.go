package main

import "fmt"

type Conn struct{ name string }

func (c Conn) Close()  { fmt.Println("close", c.name) }
func (c *Conn) Flush() { fmt.Println("flush", c.name) }

type Stack[T any] struct{ items []T }

func (s Stack[T]) Report() { fmt.Println("items", len(s.items)) }

type Pool struct {
	Conn
	size int
}

func (p Pool) Size() { fmt.Println("size", p.size) }

type Client struct {
	*Conn
	Pool
}

func work() {
	c := Conn{"first"}
	p := &c
	defer p.Close()
	defer p.Flush()
	s := &Stack[int]{}
	defer s.Report()
	s.items = append(s.items, 1, 2)
	pool := &Pool{Conn{"pooled"}, 1}
	defer pool.Size()
	defer pool.Close()
	client := Client{&Conn{"client"}, Pool{Conn{"client pool"}, 2}}
	defer client.Close()
	defer client.Size()
	defer client.Pool.Close()
	pool.size = 5
	pool.name = "renamed"
	client.Conn.name = "client renamed"
	client.Pool.name = "client pool renamed"
	client.size = 9
	for _, n := range []string{"a", "b"} {
		cn := &Conn{n}
		defer cn.Close()
		cn.name += "!"
	}
	c.name = "second"
}

func main() {
	work()
	defer func() { fmt.Println("recovered:", recover()) }()
	var nilConn *Conn
	defer nilConn.Close()
	fmt.Println("not reached")
}
