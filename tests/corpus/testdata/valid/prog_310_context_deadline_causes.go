package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

var errSlow = errors.New("upstream too slow")

func main() {
	ctx, cancel := context.WithTimeoutCause(context.Background(), 2*time.Second, errSlow)
	defer cancel()
	child, stop := context.WithCancel(ctx)
	defer stop()
	dl, ok := ctx.Deadline()
	start := time.Now()
	fmt.Println(ctx.Err(), context.Cause(ctx), ok, dl.Sub(start).Round(time.Second))
	select {
	case <-ctx.Done():
		fmt.Println("done after", time.Since(start).Round(time.Second))
	case <-time.After(5 * time.Second):
		fmt.Println("timer")
	}
	fmt.Println(ctx.Err(), context.Cause(ctx), errors.Is(context.Cause(ctx), errSlow))
	<-child.Done()
	fmt.Println(child.Err(), context.Cause(child))

	c2, cancel2 := context.WithDeadlineCause(context.Background(), time.Now().Add(time.Minute), errSlow)
	cancel2()
	fmt.Println(c2.Err(), context.Cause(c2))

	c3, cancel3 := context.WithDeadlineCause(context.Background(), time.Now().Add(-time.Second), nil)
	defer cancel3()
	fmt.Println(c3.Err(), context.Cause(c3))

	parent, cancelParent := context.WithCancelCause(context.Background())
	c4, cancel4 := context.WithTimeoutCause(parent, time.Hour, errSlow)
	defer cancel4()
	cancelParent(errors.New("shutdown"))
	<-c4.Done()
	fmt.Println(c4.Err(), context.Cause(c4))

	short, cancelShort := context.WithTimeout(context.Background(), time.Second)
	defer cancelShort()
	c5, cancel5 := context.WithTimeoutCause(short, time.Hour, errSlow)
	defer cancel5()
	<-c5.Done()
	fmt.Println(c5.Err(), context.Cause(c5))
}
