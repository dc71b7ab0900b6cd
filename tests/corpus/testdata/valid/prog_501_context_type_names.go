// The contexts WithTimeout, WithDeadline and their Cause variants make are
// *context.timerCtx under go run, and a WithCancel context where the
// parent's deadline comes first; the playground's virtual clock makes its
// own, which %T printed as *clock.deadlineCtx.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

func main() {
	parent, cancelParent := context.WithTimeout(context.Background(), time.Second)
	defer cancelParent()
	child, cancelChild := context.WithTimeout(parent, time.Hour) // the parent's deadline is first
	defer cancelChild()
	fmt.Printf("%T %T\n", parent, child)

	slow, cancelSlow := context.WithTimeoutCause(context.Background(), 10*time.Millisecond, errors.New("slow upstream"))
	defer cancelSlow()
	fmt.Printf("%T\n", slow)
	<-slow.Done()
	fmt.Println(slow.Err(), context.Cause(slow))

	past, cancelPast := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancelPast()
	fmt.Printf("%T %v\n", past, past.Err())
	sub, cancelSub := context.WithCancel(past)
	defer cancelSub()
	fmt.Printf("%T %v %v\n", sub, sub.Err(), context.Cause(sub))

	done := make(chan struct{})
	context.AfterFunc(parent, func() {
		fmt.Println("parent done")
		close(done)
	})
	cancelParent()
	<-done
	fmt.Println(child.Err(), errors.Is(child.Err(), context.Canceled))

	var ctx context.Context = context.WithoutCancel(parent)
	_, hasDeadline := ctx.Deadline()
	fmt.Printf("%T %v %v\n", ctx, ctx.Err(), hasDeadline)
}
