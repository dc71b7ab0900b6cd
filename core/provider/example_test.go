package provider_test

import (
	"context"
	"fmt"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/provider"
)

// A provider that is rate limited, then fails, then recovers.
func Example() {
	p, err := provider.New([]provider.Step{
		{Status: 429, Header: map[string]string{"Retry-After": "2"}},
		{Status: 500},
		{Status: 200, Body: []byte(`{"ok":true}`)},
	}, provider.Settings{})
	if err != nil {
		panic(err)
	}
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := p.Call(context.Background(), provider.Request{Method: "GET", Path: "/quote"})
		if err != nil {
			panic(err)
		}
		fmt.Printf("attempt %d: %d retry-after=%q body=%s\n", attempt, resp.Status, resp.Get("retry-after"), resp.Body)
	}
	fmt.Println("calls:", p.Calls())
	// Output:
	// attempt 1: 429 retry-after="2" body=
	// attempt 2: 500 retry-after="" body=
	// attempt 3: 200 retry-after="" body={"ok":true}
	// calls: 3
}

// The lost response: POST "charge $50", the server charges, the response is
// lost and the client sees a timeout. It retries. With an idempotency key
// the server replays the stored response and the customer is charged once;
// without one the retry charges again.
func Example_lostResponse() {
	for _, key := range []string{`"8e03978e-40d5-43e8-bc93-6894a57f9324"`, ""} {
		p, err := provider.New([]provider.Step{
			{Status: 201, Body: []byte(`{"id":"ch_1","amount":5000}`), DropResponse: true},
			{Status: 201, Body: []byte(`{"id":"ch_2","amount":5000}`)},
		}, provider.Settings{Idempotency: new(idempotency.Store)})
		if err != nil {
			panic(err)
		}
		req := provider.Request{Method: "POST", Path: "/charges", Body: []byte(`{"amount":5000}`), IdempotencyKey: key}
		fmt.Printf("key %q:\n", key)
		for attempt := 1; attempt <= 2; attempt++ {
			resp, err := p.Call(context.Background(), req)
			if err != nil {
				fmt.Printf("  attempt %d: %v\n", attempt, err)
				continue
			}
			fmt.Printf("  attempt %d: %d %s replayed=%t\n", attempt, resp.Status, resp.Body, p.Log()[attempt-1].Replayed)
		}
		fmt.Println("  charges:", p.SideEffects())
	}
	// Output:
	// key "\"8e03978e-40d5-43e8-bc93-6894a57f9324\"":
	//   attempt 1: provider: response lost (timed out waiting for it)
	//   attempt 2: 201 {"id":"ch_1","amount":5000} replayed=true
	//   charges: 1
	// key "":
	//   attempt 1: provider: response lost (timed out waiting for it)
	//   attempt 2: 201 {"id":"ch_2","amount":5000} replayed=false
	//   charges: 2
}
