// A function literal made in a loop whose parameters and results name
// another package's types (context.Context, time.Duration), as a retry
// loop's callbacks do.
package main

import (
	"context"
	"fmt"
	"strings"
	"time"
)

type Response struct{ Status int }

type Policy struct {
	Sleep func(ctx context.Context, d time.Duration) error
}

func (p Policy) Do(ctx context.Context, call func(ctx context.Context) (Response, error)) (Response, error) {
	if err := p.Sleep(ctx, time.Second); err != nil {
		return Response{}, err
	}
	return call(ctx)
}

func main() {
	var log []string
	for _, code := range []int{200, 503, 429} {
		calls := 0
		p := Policy{Sleep: func(ctx context.Context, d time.Duration) error {
			log = append(log, fmt.Sprint(code, "/", d))
			return ctx.Err()
		}}
		resp, err := p.Do(context.Background(), func(ctx context.Context) (Response, error) {
			calls++
			return Response{Status: code}, nil
		})
		fmt.Println(resp.Status, err, calls)
	}
	fmt.Println(strings.Join(log, " "))
	var fns []func(...string) string
	for i := range 3 {
		fns = append(fns, func(parts ...string) string { return fmt.Sprint(i, parts) })
	}
	for _, f := range fns {
		fmt.Println(f("a", "b"))
	}
}
