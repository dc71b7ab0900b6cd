// Two calls to a scripted provider, each with a 5-second deadline, on a
// virtual clock: the first answers in 1.2 s, the second would take 30 s and
// is abandoned at exactly 5 s. Nothing waits in real time.
//
// Try: change the deadline to 40*time.Second and see the slow call finish.
package main

import (
	"context"
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/clock"
	"github.com/flakylab/flakylab/core/provider"
)

func main() {
	vc := clock.NewVirtual(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
	defer vc.Close()

	p, err := provider.New([]provider.Step{
		{Status: 200, Latency: 1200 * time.Millisecond}, // a quick answer
		{Status: 200, Latency: 30 * time.Second},        // a stuck call
	}, provider.Settings{Sleep: vc.Sleep})
	if err != nil {
		fmt.Println(err)
		return
	}

	deadline := 5 * time.Second
	for call := 1; call <= 2; call++ {
		started := vc.Now()
		ctx, cancel := vc.WithTimeout(context.Background(), deadline)
		resp, err := p.Call(ctx, provider.Request{Method: "POST", Path: "/v1/messages"})
		cancel() // always release the deadline once the call is over
		took := vc.Since(started)
		if err != nil {
			fmt.Printf("call %d: gave up after %v: %v\n", call, took, err)
			continue
		}
		fmt.Printf("call %d: %d after %v\n", call, resp.Status, took)
	}
	fmt.Println("virtual time elapsed:", vc.Elapsed())
	fmt.Println("work the server did:", p.SideEffects())
}
