package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

type Store interface {
	Get(k string) string
	Set(k, v string)
}

type mem map[string]string

func (m mem) Get(k string) string { return m[k] }
func (m mem) Set(k, v string)     { m[k] = v }

type logging struct {
	Store
	n int
}

func (l *logging) Get(k string) string { l.n++; return l.Store.Get(k) }

type readOnly struct{ Store }

func (readOnly) Set(k, v string) {}

type reverse struct{ sort.Interface }

func (r reverse) Less(i, j int) bool { return r.Interface.Less(j, i) }

type codedError struct {
	error
	code int
}

type countingWriter struct {
	io.Writer
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return c.Writer.Write(p)
}

type upper struct{ io.Writer }

func main() {
	var s Store = &logging{Store: mem{}}
	s.Set("a", "1")
	fmt.Println(s.Get("a"))
	switch v := s.(type) {
	case readOnly:
		fmt.Println("read only")
	case *logging:
		fmt.Println("logging", v.n)
	}
	var r Store = readOnly{mem{"a": "2"}}
	r.Set("a", "3")
	if ro, ok := r.(readOnly); ok {
		fmt.Println("ro", ro.Get("a"))
	}
	l2, ok := s.(*logging)
	fmt.Println(ok, l2.n)

	xs := []int{3, 1, 2}
	sort.Sort(reverse{sort.IntSlice(xs)})
	fmt.Println(xs)

	var err error = codedError{errors.New("boom"), 503}
	fmt.Println(err, err.Error())
	w := fmt.Errorf("wrapped: %w", err)
	fmt.Println(w, errors.Unwrap(w))

	var sb strings.Builder
	cw := &countingWriter{Writer: &sb}
	fmt.Fprintf(cw, "hello %d", 42)
	var iw io.Writer = cw
	_, isCW := iw.(*countingWriter)
	fmt.Println(sb.String(), cw.n, isCW)
	var uw io.Writer = upper{&sb}
	fmt.Fprint(uw, "!")
	fmt.Println(sb.String())
}
