// A goroutine that compiled code starts on the program's behalf: the
// context package watches a parent Context the program implements from a
// goroutine of its own, which waits forever since neither context ends.
//
// want: watched
// clean: no
package main

import (
	"context"
	"fmt"
	"time"
)

type never struct{ done chan struct{} }

func (never) Deadline() (time.Time, bool) { return time.Time{}, false }
func (n never) Done() <-chan struct{}     { return n.done }
func (never) Err() error                  { return nil }
func (never) Value(any) any               { return nil }

func main() {
	ctx, cancel := context.WithCancel(never{done: make(chan struct{})})
	_ = cancel
	fmt.Println("watched", ctx.Err())
}
