package provider_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/provider"
)

// BenchmarkCall measures one unkeyed call past the end of the script. The
// log grows with every call, which is part of the cost.
func BenchmarkCall(b *testing.B) {
	p, err := provider.New(nil, provider.Settings{})
	if err != nil {
		b.Fatal(err)
	}
	req := provider.Request{Method: "POST", Path: "/charges", Body: []byte(`{"amount":5000}`)}
	b.ReportAllocs()
	for b.Loop() {
		p.Call(context.Background(), req)
	}
}

// BenchmarkCallKeyed measures a keyed call through the idempotency store,
// each with a new key.
func BenchmarkCallKeyed(b *testing.B) {
	p, err := provider.New(nil, provider.Settings{Idempotency: new(idempotency.Store)})
	if err != nil {
		b.Fatal(err)
	}
	req := provider.Request{Method: "POST", Path: "/charges", Body: []byte(`{"amount":5000}`)}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		req.IdempotencyKey = "k" + strconv.Itoa(i)
		p.Call(context.Background(), req)
	}
}
