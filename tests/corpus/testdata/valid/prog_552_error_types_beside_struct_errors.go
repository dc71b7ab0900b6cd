// Assertions (comma-ok and plain, with their panics), errors.As, type
// switches, == and errors.Is from error to non-struct error types, a
// pointer-receiver type and struct types with value-receiver methods
// whose fields have those representations, directly, behind %w and in
// errors.Join.
package main

import (
	"errors"
	"fmt"
)

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

type Name string

func (n Name) Error() string { return "name " + string(n) }

type Request struct{ URL string }

func (r *Request) Error() string { return "request " + r.URL }

type HTTPError struct {
	Op   string
	Req  *Request
	Code int
}

func (e HTTPError) Error() string { return fmt.Sprint("http ", e.Op, " ", e.Code) }

type Tagged struct {
	Code int
	Name string
}

func (t Tagged) Error() string { return "tagged" }

func main() {
	req := &Request{"/x"}
	errs := []error{Code(7), HTTPError{"get", req, 7}, Name("n"), Tagged{7, "n"}, req, fmt.Errorf("w: %w", Code(8)), fmt.Errorf("w: %w", HTTPError{"put", req, 8}), errors.Join(Tagged{1, "j"}, Code(9))}
	for i, err := range errs {
		c, okc := err.(Code)
		n, okn := err.(Name)
		r, okr := err.(*Request)
		fmt.Println(i, c, okc, n, okn, r != nil, okr)
		var ac Code
		var an Name
		var ar *Request
		var ah HTTPError
		fmt.Println("  as", errors.As(err, &ac), ac, errors.As(err, &an), an, errors.As(err, &ar), errors.As(err, &ah), ah.Code)
		switch e := err.(type) {
		case Code:
			fmt.Println("  switch code", int(e))
		case Name:
			fmt.Println("  switch name", string(e))
		case *Request:
			fmt.Println("  switch request", e.URL)
		case HTTPError:
			fmt.Println("  switch http", e.Op)
		case Tagged:
			fmt.Println("  switch tagged", e.Name)
		default:
			fmt.Println("  switch other", e)
		}
		fmt.Println("  eq", err == Code(7), err == Name("n"), err == error(req), errors.Is(err, Code(9)))
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Println("  recovered:", r)
				}
			}()
			fmt.Println("  must", err.(Code))
		}()
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Println("  recovered:", r)
				}
			}()
			fmt.Println("  must", err.(*Request).URL)
		}()
	}
}
