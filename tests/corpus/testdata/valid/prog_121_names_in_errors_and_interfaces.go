package main

import (
	"errors"
	"fmt"
	"os"
)

type NotFound struct{ key string }

func (e *NotFound) Error() string { return "not found: " + e.key }

type request struct {
	id    int
	path  string
	Extra any
}

type point struct{ x, y int }

func describe(v any) string { return fmt.Sprintf("%+v|%#v", v, v) }

func main() {
	req := request{id: 7, path: "/a", Extra: point{1, 2}}
	err := fmt.Errorf("request %+v: %w", req, &NotFound{"k"})
	fmt.Println(err)
	var nf *NotFound
	fmt.Println(errors.As(err, &nf), nf.key)
	fmt.Println(fmt.Errorf("plain %+v", req))
	fmt.Println(describe(req))
	fmt.Println(describe(point{3, 4}))
	var items []any = []any{point{5, 6}, req, 8, nil}
	fmt.Printf("%+v\n", items)
	fmt.Printf("%#v\n", items[0])
	m := map[string]any{"p": point{1, 1}, "n": 2}
	fmt.Printf("%+v\n", m)
	fmt.Fprintf(os.Stdout, "%+v %v\n", req, req)
	b := fmt.Appendf(nil, "%+v", point{9, 9})
	fmt.Println(string(b))
	fmt.Printf("%v %+v\n", struct{ a, B int }{1, 2}, struct{ a, B int }{1, 2})
}
