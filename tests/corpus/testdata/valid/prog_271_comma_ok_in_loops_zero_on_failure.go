package main

import (
	"errors"
	"fmt"
)

type Point struct{ X, Y int }

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return fmt.Sprint("status ", e.Code) }

func main() {
	values := []any{Point{1, 2}, 7, &Point{3, 4}, "text", Point{5, 6}, []int{1}}
	for i, v := range values {
		// A failed assertion gives the zero value, in every iteration.
		if p, ok := v.(Point); ok {
			fmt.Println(i, "point", p)
		} else if q, ok := v.(*Point); ok {
			fmt.Println(i, "pointer", *q, p)
		} else {
			fmt.Println(i, "other", p, q == nil)
		}
		switch s, ok := v.(string); {
		case ok:
			fmt.Println(i, "string", s)
		default:
			fmt.Printf("%d not a string: %q\n", i, s)
		}
		sl, ok := v.([]int)
		fmt.Println(i, sl == nil, ok)
	}

	// A missing key gives the zero value too.
	type entry struct{ hits int }
	cache := map[string]entry{"a": {3}}
	byName := map[string]Point{"a": {9, 9}}
	for _, k := range []string{"a", "b", "a", "c"} {
		e, found := cache[k]
		if p, ok := byName[k]; ok {
			fmt.Println(k, "found", e, p)
		} else {
			fmt.Println(k, "missing", e, found, p)
		}
	}

	errs := []error{&HTTPError{503}, errors.New("reset"), fmt.Errorf("wrapped: %w", &HTTPError{429})}
	for _, err := range errs {
		if he, ok := err.(*HTTPError); ok {
			fmt.Println("http", he.Code)
		} else {
			fmt.Println("not http", he == nil, err)
		}
	}
}
