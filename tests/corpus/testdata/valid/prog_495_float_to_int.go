// Float to integer conversions of values the integer type cannot hold are
// implementation-dependent in Go; go run on amd64 gives the processor's
// results (int(+Inf) is math.MinInt64, int32(1e10) math.MinInt32), which a
// backoff that overflows a time.Duration shows as a negative delay.
package main

import (
	"fmt"
	"math"
	"time"
)

type Celsius float64

type Small int8

func main() {
	vals := []float64{1.9, -1.9, 300.5, -129, 32768, 2147483648, -2147483649, 4294967296.5, 1e10, -1e10,
		9.2e18, 1.8e19, 1e20, -1e20, math.Inf(1), math.Inf(-1), math.NaN()}
	for _, v := range vals {
		fmt.Println(v, int(v), int8(v), int16(v), int32(v), int64(v), uint(v), uint8(v), uint16(v), uint32(v), uint64(v), uintptr(v))
		f := float32(v)
		fmt.Println("  float32:", int(f), int32(f), uint8(f), uint32(f), uint64(f))
	}
	c := Celsius(1e12)
	t := Celsius(-3.7)
	fmt.Println(int32(c), Small(c), Small(t), uint8(t))
	base := 100 * time.Millisecond
	for _, attempt := range []int{10, 40, 70} {
		d := time.Duration(float64(base) * math.Pow(2, float64(attempt)))
		fmt.Println(attempt, d, d < 0)
	}
	const exact = 2.0
	fmt.Println(int(exact), int64(3.0))
}
