package idempotency_test

import (
	"fmt"

	"github.com/flakylab/flakylab/core/idempotency"
)

// Requests with keys k1, k1, k2: the second k1 is a retry, answered from the
// store, so the card is charged twice, not three times.
func ExampleStore_Do() {
	var store idempotency.Store
	charges := 0
	charge := func() idempotency.Response {
		charges++
		return idempotency.Response{Status: 201, Body: fmt.Appendf(nil, `{"charge":%d}`, charges)}
	}
	body := []byte(`{"amount":5000}`)
	for _, key := range []string{"k1", "k1", "k2"} {
		resp, outcome := store.Do(key, idempotency.Fingerprint("POST", "/charges", body), charge)
		fmt.Printf("%s: %-6s %d %s\n", key, outcome, resp.Status, resp.Body)
	}
	fmt.Println("charges:", charges)
	// Output:
	// k1: fresh  201 {"charge":1}
	// k1: replay 201 {"charge":1}
	// k2: fresh  201 {"charge":2}
	// charges: 2
}

// The lost response: the server charges $50, but the response never reaches
// the client, which times out. Retrying with the same key is safe: the
// server finds the key, skips the charge and sends the stored response.
// Reusing the key for a different amount is refused.
func Example() {
	var store idempotency.Store
	charges := 0
	serve := func(header string, body []byte) idempotency.Response {
		key, err := idempotency.ParseKey(header)
		if err != nil {
			return idempotency.Response{Status: idempotency.Invalid.HTTPStatus()}
		}
		resp, _ := store.Do(key, idempotency.Fingerprint("POST", "/charges", body), func() idempotency.Response {
			charges++
			return idempotency.Response{Status: 201, Body: []byte(`{"id":"ch_1","amount":5000}`)}
		})
		return resp
	}
	const key = `"8e03978e-40d5-43e8-bc93-6894a57f9324"`

	serve(key, []byte(`{"amount":5000}`)) // charged; the response is lost
	fmt.Println("attempt 1: no response, the client times out")

	resp := serve(key, []byte(`{"amount":5000}`))
	fmt.Printf("attempt 2: %d %s\n", resp.Status, resp.Body)

	resp = serve(key, []byte(`{"amount":9900}`))
	fmt.Printf("same key, other amount: %d\n", resp.Status)

	fmt.Println("charges:", charges)
	// Output:
	// attempt 1: no response, the client times out
	// attempt 2: 201 {"id":"ch_1","amount":5000}
	// same key, other amount: 422
	// charges: 1
}

func ExampleParseKey() {
	for _, header := range []string{
		`8e03978e-40d5-43e8-bc93-6894a57f9324`,
		`"8e03978e-40d5-43e8-bc93-6894a57f9324"`,
		`"order \"42\""`,
		``,
	} {
		key, err := idempotency.ParseKey(header)
		fmt.Printf("%-40s → %q %v\n", header, key, err)
	}
	// Output:
	// 8e03978e-40d5-43e8-bc93-6894a57f9324     → "8e03978e-40d5-43e8-bc93-6894a57f9324" <nil>
	// "8e03978e-40d5-43e8-bc93-6894a57f9324"   → "8e03978e-40d5-43e8-bc93-6894a57f9324" <nil>
	// "order \"42\""                           → "order \"42\"" <nil>
	//                                          → "" idempotency: invalid key: key is empty
}
