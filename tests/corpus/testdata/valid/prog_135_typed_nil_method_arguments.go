package main

import (
	"fmt"
	"strings"
)

type Log struct{ lines []string }

func (l *Log) Write(p []byte) (int, error) {
	if l == nil {
		return len(p), nil
	}
	l.lines = append(l.lines, string(p))
	return len(p), nil
}

func (l *Log) Error() string { return "log" }

func (l *Log) Join(sep string, extra ...string) string {
	if l == nil {
		return strings.Join(extra, sep)
	}
	return strings.Join(append(l.lines, extra...), sep)
}

type Joiner interface {
	Join(sep string, extra ...string) string
}

func main() {
	var l *Log
	var err error = l
	n, e := fmt.Fprintf(l, "x%d", 1)
	fmt.Println(n, e, err != nil)
	if j, ok := err.(Joiner); ok {
		fmt.Println(j.Join("-", "a", "b"))
	}
}
