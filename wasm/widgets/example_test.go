package widgets_test

import (
	"fmt"

	"github.com/flakylab/flakylab/wasm/widgets"
)

// A widget makes a bucket of two tokens refilling one a second, spends
// three at time 0 and one more a second later, then frees it.
func Example() {
	api := widgets.New()
	h, _ := api.Call("bucketNew", []any{2.0, 1.0})
	for _, at := range []float64{0, 0, 0, 1000} {
		d, _ := api.Call("bucketTake", []any{h, at})
		fmt.Println(at, d.(map[string]any)["allowed"])
	}
	freed, _ := api.Call("free", []any{h})
	fmt.Println(freed, api.Len())
	// Output:
	// 0 true
	// 0 true
	// 0 false
	// 1000 true
	// true 0
}
