package main

import (
	"errors"
	"fmt"
	"strings"
)

var errTimeout = errors.New("timeout")

type Response struct {
	Status int
	Err    error
}

func (r Response) Retryable() bool { return r.Status == 429 || r.Status >= 500 }

var checked []string

func is(name string, v bool) bool {
	checked = append(checked, name)
	return v
}

func classify(r Response) string {
	switch {
	case r.Err != nil && errors.Is(r.Err, errTimeout):
		return "timeout"
	case r.Err != nil:
		return "error"
	case r.Status >= 200 && r.Status < 300:
		return "ok"
	case r.Status == 408, r.Retryable():
		return "retry"
	case r.Status == 404, r.Status == 410, r.Status == 451:
		return "gone"
	default:
		return "fail"
	}
}

func main() {
	for _, r := range []Response{{200, nil}, {0, errTimeout}, {0, errors.New("reset")}, {408, nil}, {429, nil}, {503, nil}, {404, nil}, {410, nil}, {451, nil}, {400, nil}} {
		fmt.Printf("%d %v -> %s\n", r.Status, r.Err, classify(r))
	}

	n := 7
	switch {
	case is("a", n < 0), is("b", n > 5), is("c", true):
		fmt.Println("matched")
	}
	fmt.Println("evaluated:", strings.Join(checked, " "))

	switch m := n * 2; {
	case m > 20, m < 0:
		fmt.Println("outside")
	case m == 14:
		fmt.Println("fourteen")
		fallthrough
	case false, m == 99:
		fmt.Println("fell through")
	}

	const verbose = false
	flags := map[string]bool{"fast": true}
	for i := range 4 {
		switch {
		case verbose, i == 0:
			continue
		case flags["slow"], flags["fast"] && i == 2:
			fmt.Println(i, "flag")
		case i == 3:
			break
		default:
			fmt.Println(i, "default")
		}
	}

	x := 5
	switch {
	case x > 3:
		fmt.Println("first true case wins")
	case x > 1:
		fmt.Println("never")
	}
	switch {
	default:
		fmt.Println("only a default")
	}
	switch x {
	case 1, 2, 5:
		fmt.Println("tagged list")
	}
}
