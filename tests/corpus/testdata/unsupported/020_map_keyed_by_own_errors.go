package main

import (
	"errors"
	"fmt"
)

type HTTPError struct{ Status int }

func (e HTTPError) Error() string { return fmt.Sprintf("status %d", e.Status) }

var ErrTimeout = errors.New("timeout")

func call(i int) error {
	if i%2 == 0 {
		return ErrTimeout
	}
	return HTTPError{503}
}

func main() {
	counts := map[error]int{}
	for i := range 5 {
		counts[call(i)]++
	}
	fmt.Println(counts[ErrTimeout], counts[HTTPError{503}])
}
