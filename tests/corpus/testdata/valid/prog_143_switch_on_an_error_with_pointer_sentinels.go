package main

import (
	"errors"
	"fmt"
)

type codeError struct{ code int }

func (e *codeError) Error() string { return fmt.Sprint("code ", e.code) }

var ErrGone = &codeError{410}
var ErrPlain = errors.New("plain")

func fetch(i int) error {
	switch i {
	case 0:
		return ErrGone
	case 1:
		return ErrPlain
	}
	return nil
}

func main() {
	for i := range 3 {
		err := fetch(i)
		switch err {
		case ErrGone:
			fmt.Println("gone")
		case ErrPlain:
			fmt.Println("plain")
		case nil:
			fmt.Println("nil")
		default:
			fmt.Println("other")
		}
		fmt.Println(err == ErrGone, err == error(ErrGone))
	}
}
