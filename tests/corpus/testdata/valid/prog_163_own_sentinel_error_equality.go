package main

import "fmt"

type codeError struct{ code int }

func (e *codeError) Error() string { return fmt.Sprint("code ", e.code) }

var ErrGone = &codeError{410}

func fetch() error { return ErrGone }

func main() {
	err := fetch()
	fmt.Println(err == ErrGone)
}
