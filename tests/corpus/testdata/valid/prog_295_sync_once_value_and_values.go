package main

import (
	"errors"
	"fmt"
	"sync"
)

type config struct{ retries int }

func main() {
	load := sync.OnceValue(func() *config {
		fmt.Println("loading")
		return &config{retries: 3}
	})
	fmt.Println(load().retries, load().retries)
	read := sync.OnceValues(func() (string, error) {
		fmt.Println("reading")
		return "", errors.New("no file")
	})
	for range 2 {
		s, err := read()
		fmt.Printf("%q %v\n", s, err)
	}
	count := sync.OnceValue[int](func() int { return 7 })
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() { fmt.Println(count()) })
	}
	wg.Wait()
	boom := sync.OnceValue(func() int { panic("boom") })
	for range 2 {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			boom()
		}()
	}
}
