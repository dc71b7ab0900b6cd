// A lost response from the provider asked for its Timeout method through
// an interface type no type of the program implements (once refused: the
// interpreter knows the provider's error only as an error). The front
// end's helper asks progfmt, which asserts natively.
package main

import (
	"context"
	"fmt"

	"github.com/flakylab/flakylab/core/provider"
)

func main() {
	p, _ := provider.New([]provider.Step{{Status: 201, DropResponse: true}}, provider.Settings{})
	_, err := p.Call(context.Background(), provider.Request{Method: "POST", Path: "/v1/charges"})
	_, ok := err.(interface{ Timeout() bool })
	fmt.Println(ok)
	switch e := err.(type) {
	case interface{ Timeout() bool }:
		fmt.Println("timeout:", e.Timeout())
	}
}
