package main

import "fmt"

type Config struct {
	Retries int
	Jitter  bool
}

func main() {
	fmt.Printf("%#v\n", Config{3, true})
}
