// Struct errors with value-receiver methods (a field that is a struct too),
// beside a twin struct type with the same fields, a pointer to one and a
// pointer-receiver type: type switches mixing value and pointer cases,
// errors.As and comma-ok assertions through %w, errors.Join and a
// wrapper with a value-receiver Unwrap, errors.Is and == with struct
// values, %v and %+v of what was found, and the panics of failed plain
// assertions.
package main

import (
	"errors"
	"fmt"
)

type Inner struct {
	Host string
	Port int
}

type HTTPError struct {
	Code  int
	Where Inner
}

func (e HTTPError) Error() string {
	return fmt.Sprintf("http %d at %s:%d", e.Code, e.Where.Host, e.Where.Port)
}

type Twin struct {
	Code  int
	Where Inner
}

func (t Twin) Error() string { return fmt.Sprintf("twin %d", t.Code) }

type PtrErr struct{ Code int }

func (p *PtrErr) Error() string { return fmt.Sprint("ptr ", p.Code) }

type OpError struct {
	Op  string
	Err error
}

func (e OpError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e OpError) Unwrap() error { return e.Err }

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

func classify(err error) string {
	switch e := err.(type) {
	case nil:
		return "nil"
	case HTTPError:
		return fmt.Sprintf("http(%d,%v)", e.Code, e.Where)
	case *HTTPError:
		return fmt.Sprintf("*http(%d)", e.Code)
	case Twin:
		return fmt.Sprintf("twin(%d)", e.Code)
	case *PtrErr:
		return fmt.Sprintf("ptr(%d)", e.Code)
	case OpError:
		return "op(" + e.Op + "," + classify(e.Err) + ")"
	default:
		return fmt.Sprintf("other(%v)", e)
	}
}

func main() {
	h := HTTPError{503, Inner{"api", 443}}
	errs := []error{
		nil,
		h,
		&HTTPError{404, Inner{"x", 1}},
		Twin{503, Inner{"api", 443}},
		&PtrErr{7},
		OpError{"read", h},
		OpError{"write", Twin{1, Inner{}}},
		errors.New("plain"),
		fmt.Errorf("wrapped: %w", h),
		errors.Join(Twin{2, Inner{}}, h),
	}
	for i, err := range errs {
		fmt.Println(i, classify(err))
		var he HTTPError
		if errors.As(err, &he) {
			fmt.Printf("  as HTTPError: %v | %+v | %d %s\n", he, he, he.Code, he.Where.Host)
		}
		var tw Twin
		if errors.As(err, &tw) {
			fmt.Printf("  as Twin: %v %d\n", tw, tw.Code)
		}
		var op OpError
		if errors.As(err, &op) {
			fmt.Println("  as OpError:", op.Op, op.Err)
		}
		var hp *HTTPError
		if errors.As(err, &hp) {
			fmt.Println("  as *HTTPError:", hp.Code)
		}
		if v, ok := err.(HTTPError); ok {
			fmt.Println("  comma-ok HTTPError", v.Code, v.Where)
		}
		if _, ok := err.(Twin); ok {
			fmt.Println("  comma-ok Twin")
		}
		if _, ok := err.(*HTTPError); ok {
			fmt.Println("  comma-ok *HTTPError")
		}
	}
	x := errors.Unwrap(errs[8]).(HTTPError)
	fmt.Println(errors.Is(errs[8], h), errors.Is(errs[9], h), errors.Is(errs[5], h), errors.Is(errs[3], h), errs[1] == h, errs[1] == errs[3], errs[1] == error(h))
	fmt.Println(x.Code, x == h, x.Where == Inner{"api", 443})
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = errs[3].(HTTPError)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = errs[2].(HTTPError)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = errs[7].(HTTPError)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var e error
		_ = e.(HTTPError)
	}()
}
