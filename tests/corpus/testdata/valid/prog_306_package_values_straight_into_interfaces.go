// A value of another package's type written straight into a variable or
// result of interface type: a composite literal (var c Clock =
// clock.Real{}, x = bucket.Decision{...}) or a call's result (return
// time.Unix(...)). The interpreter built such a value in the variable's
// own slot without the interface around it: c == nil failed inside the
// interpreter, c.(clock.Real) answered false, and a nil check of the
// returned time dereferenced nil.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/clock"
)

type nower interface{ Now() time.Time }

type headers interface {
	Headers(bucket.Policy) [][2]string
}

type stamp interface{ String() string }

type service struct {
	clk nower
}

func started() stamp {
	return time.Unix(5, 0).UTC()
}

func main() {
	var n nower = clock.Real{}
	_, ok := n.(clock.Real)
	fmt.Println(n == nil, ok)

	var h headers
	h = bucket.Decision{Allowed: true, Limit: 3}
	d, ok := h.(bucket.Decision)
	fmt.Println(h == nil, ok, d.Allowed, d.Limit)

	var a any = time.Time{}
	fmt.Println(a == nil)

	s := service{}
	if s.clk == nil {
		s.clk = clock.Real{}
	}
	fmt.Println(s.clk == nil)

	st := started()
	fmt.Println(st == nil, st.String())
}
