package main

import (
	"context"
	"fmt"
)

type ctxKey string
type reqIDKey struct{}
type userKey int

func main() {
	ctx := context.WithValue(context.Background(), ctxKey("user"), "ann")
	ctx = context.WithValue(ctx, reqIDKey{}, 42)
	ctx = context.WithValue(ctx, userKey(1), "one")
	fmt.Println(ctx.Value(ctxKey("user")), ctx.Value("user"), ctx.Value(reqIDKey{}))
	fmt.Println(ctx.Value(userKey(1)), ctx.Value(1), ctx.Value(userKey(2)))
	id, ok := ctx.Value(reqIDKey{}).(int)
	fmt.Println(id, ok)
}
