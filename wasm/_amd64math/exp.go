// Copyright 2026 The flakylab Authors. Derived from the Go distribution's
// math/exp_amd64.s (Copyright 2010 The Go Authors; BSD-style license).

//go:build !amd64 && !arm64 && !loong64 && !s390x

// This file takes the place of the math package's exp_noasm.go in the
// runtime's GOOS=js GOARCH=wasm build (through -overlay; see README.md): it
// computes Exp as go run does on amd64, with the steps of the assembly
// version's FMA path in the same order, so that a learner's program prints
// the same digits in the page. The portable Exp gives a result one unit in
// the last place away for about one argument in six.

package math

const haveArchExp = true

const (
	amd64Log2e    = 1.4426950408889634073599246810018920
	amd64Ln2U     = 0.69314718055966295651160180568695068359375
	amd64Ln2L     = 0.28235290563031577122588448175013436025525412068e-12
	amd64Overflow = 7.09782712893384e+02
)

func archExp(x float64) float64 {
	bits := Float64bits(x)
	if bits&^(1<<63) >= 0x7FF0000000000000 {
		if bits == 0xFFF0000000000000 {
			return 0 // -Inf
		}
		return x // NaN or +Inf
	}
	if x > amd64Overflow {
		return Inf(1)
	}
	// CVTSD2SL: rounded to nearest even; what int32 cannot hold gives
	// math.MinInt32, which underflows below.
	var e int32 = -1 << 31
	if k := RoundToEven(amd64Log2e * x); k >= -1<<31 && k <= 1<<31-1 {
		e = int32(k)
	}
	k := float64(e)
	r := FMA(-amd64Ln2U, k, x)
	r = FMA(-amd64Ln2L, k, r)
	r *= 0.0625
	// Taylor series, then squared four times.
	p := 2.4801587301587301587e-5
	p = FMA(p, r, 1.9841269841269841270e-4)
	p = FMA(p, r, 1.3888888888888888889e-3)
	p = FMA(p, r, 8.3333333333333333333e-3)
	p = FMA(p, r, 4.1666666666666666667e-2)
	p = FMA(p, r, 1.6666666666666666667e-1)
	p = FMA(p, r, 0.5)
	p = FMA(p, r, 1.0)
	r *= p
	s := r + 2
	r *= s
	s = r + 2
	r *= s
	s = r + 2
	r *= s
	s = r + 2
	r = FMA(r, s, 1.0)
	// r * 2**e, with the biased exponent built by hand.
	e += 0x3FF
	if e <= 0 {
		if e < -52 {
			return 0
		}
		r *= Float64frombits(uint64(uint32(e+0x3FE)) << 52)
		return r * Float64frombits(1<<52)
	}
	if e >= 0x7FF {
		return Inf(1)
	}
	return r * Float64frombits(uint64(uint32(e))<<52)
}
