package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Config struct {
	Retries int
	Name    string
}

type Server struct {
	cfg atomic.Pointer[Config]
}

func (s *Server) Reload(c *Config) *Config { return s.cfg.Swap(c) }

func main() {
	var p atomic.Pointer[Config]
	fmt.Println(p.Load() == nil)
	fmt.Println(p.CompareAndSwap(nil, &Config{Retries: 1}))
	fmt.Println(p.Load().Retries)
	old := p.Load()
	fmt.Println(p.CompareAndSwap(&Config{}, &Config{Retries: 9}), p.Load().Retries)
	fmt.Println(p.CompareAndSwap(old, &Config{Retries: 2}), p.Load().Retries)
	p.Store(nil)
	fmt.Println(p.Load() == nil)
	s := &Server{}
	s.cfg.Store(&Config{Retries: 3, Name: "a"})
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Go(func() { s.Reload(&Config{Retries: 10 + i}) })
	}
	wg.Wait()
	fmt.Println(s.cfg.Load().Retries >= 10)
	prev := s.Reload(&Config{Name: "b"})
	fmt.Println(prev.Name == "", s.cfg.Load().Name)
	var n atomic.Pointer[int]
	x := 5
	n.Store(&x)
	fmt.Println(*n.Load())
	fmt.Printf("%T\n", n.Load())
}
