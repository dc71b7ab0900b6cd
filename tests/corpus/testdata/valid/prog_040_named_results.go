package main

import (
	"errors"
	"fmt"
)

func divmod(a, b int) (q, r int) {
	q = a / b
	r = a % b
	return
}

func parse(s string) (n int, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("parse %q: %w", s, err)
		}
	}()
	if s == "" {
		return 0, errors.New("empty")
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, errors.New("not a digit")
		}
		n = n*10 + int(c-'0')
	}
	return n, nil
}

func main() {
	fmt.Println(divmod(17, 5))
	for _, s := range []string{"42", "", "4x"} {
		n, err := parse(s)
		fmt.Println(n, err)
	}
}
