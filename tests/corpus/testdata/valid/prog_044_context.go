package main

import (
	"context"
	"errors"
	"fmt"
)

type keyType string

func work(ctx context.Context, steps int) error {
	for i := range steps {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped at step %d: %w", i, err)
		}
		if i == 2 {
			if cancel, ok := ctx.Value(keyType("cancel")).(context.CancelFunc); ok {
				cancel()
			}
		}
	}
	return nil
}

func main() {
	fmt.Println(work(context.Background(), 3))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = context.WithValue(ctx, keyType("cancel"), cancel)
	err := work(ctx, 5)
	fmt.Println(err, errors.Is(err, context.Canceled))
	fmt.Println(ctx.Err())
	<-ctx.Done()
	fmt.Println("done closed")
}
