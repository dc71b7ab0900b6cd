// The lost response. We POST "charge $50"; the server charges the card, but
// the response never reaches us and our call times out. We retry, as a
// careful client does. Does the customer pay once or twice?
//
// The story is played twice: first with an Idempotency-Key header, then
// without one. The server keeps an idempotency store in both cases, but a
// key only protects the requests that carry it.
//
// Try: give the two attempts different keys (a new key per attempt is a
// classic bug) and count the charges.
package main

import (
	"context"
	"fmt"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/provider"
)

func main() {
	charge("with a key", "9f1c6a52-4b7e-4d1a-8c3e-2b5d7e8f0a13")
	fmt.Println()
	charge("without a key", "")
}

// charge sends the same POST twice, as a client that timed out would.
func charge(label, key string) {
	fmt.Println(label + ":")
	p, err := provider.New([]provider.Step{
		// The server charges, then the response is lost on the way back.
		{Status: 201, Body: []byte(`{"charge":"ch_1","amount":5000}`), DropResponse: true},
		// Had the request been new, this is what the server would do next.
		{Status: 201, Body: []byte(`{"charge":"ch_2","amount":5000}`)},
	}, provider.Settings{Idempotency: new(idempotency.Store)})
	if err != nil {
		fmt.Println(err)
		return
	}

	req := provider.Request{
		Method:         "POST",
		Path:           "/v1/charges",
		Body:           []byte(`{"amount":5000,"currency":"usd"}`),
		IdempotencyKey: key, // the same key on every attempt of this charge
	}
	for attempt := 1; attempt <= 2; attempt++ {
		resp, err := p.Call(context.Background(), req)
		if err != nil {
			fmt.Printf("  attempt %d: %v\n", attempt, err)
			continue
		}
		fmt.Printf("  attempt %d: %d %s\n", attempt, resp.Status, resp.Body)
	}
	fmt.Println("  customer charged", p.SideEffects(), "time(s)")
}
