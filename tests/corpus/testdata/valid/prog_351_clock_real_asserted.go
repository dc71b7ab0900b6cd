// A clock.Clock holding clock.Real{}, a struct without fields, asserted
// and type-switched on. The interpreter looked for the first field of
// what it found there and failed ("reflect: Field index out of bounds").
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/clock"
)

func pick(real bool) clock.Clock {
	if real {
		return clock.Real{}
	}
	return clock.NewVirtual(time.Unix(0, 0))
}

func describe(c clock.Clock) string {
	switch c := c.(type) {
	case clock.Real:
		return "wall clock"
	case *clock.Virtual:
		return fmt.Sprint("virtual clock at ", c.Now().Unix())
	default:
		return "unknown"
	}
}

func main() {
	for _, real := range []bool{true, false} {
		c := pick(real)
		_, isReal := c.(clock.Real)
		fmt.Println(isReal, describe(c))
		switch c.(type) {
		case clock.Real, nil:
			fmt.Println("real or none")
		}
	}
	r := pick(true).(clock.Real)
	fmt.Println(r.Now().IsZero())

	defer func() { fmt.Println("recovered:", recover()) }()
	_ = pick(false).(clock.Real)
}
