// Copyright 2026 The flakylab Authors. Derived from the Go distribution's
// math/log_amd64.s (Copyright 2010 The Go Authors; BSD-style license).

//go:build !amd64 && !s390x

// This file takes the place of the math package's log_stub.go in the
// runtime's GOOS=js GOARCH=wasm build (through -overlay; see README.md): it
// computes Log as go run does on amd64, whose assembly version reads a
// subnormal argument's exponent field as it is (the portable Log
// normalizes it first and answers differently there; elsewhere the two
// agree).

package math

const haveArchLog = true

const (
	amd64HSqrt2 = 7.07106781186547524401e-01
	amd64Ln2Hi  = 6.93147180369123816490e-01
	amd64Ln2Lo  = 1.90821492927058770002e-10
	amd64L1     = 6.666666666666735130e-01
	amd64L2     = 3.999999999940941908e-01
	amd64L3     = 2.857142874366239149e-01
	amd64L4     = 2.222219843214978396e-01
	amd64L5     = 1.818357216161805012e-01
	amd64L6     = 1.531383769920937332e-01
	amd64L7     = 1.479819860511658591e-01
)

func archLog(x float64) float64 {
	bits := Float64bits(x)
	switch {
	case bits&^(1<<63) == 0:
		return Inf(-1) // ±0
	case int64(bits) < 0:
		return Float64frombits(0x7FF8000000000001) // negative: NaN
	case bits >= 0x7FF0000000000000:
		return x // +Inf or NaN
	}
	f1 := Float64frombits(bits&0x000FFFFFFFFFFFFF | 0x3FE0000000000000)
	k := float64(int32(bits>>52&0x7FF) - 0x3FE)
	if !(amd64HSqrt2 < f1) {
		k--
		f1 *= 2
	}
	f := f1 - 1
	s := f / (2 + f)
	s2 := s * s
	s4 := s2 * s2
	t1 := s2 * (amd64L1 + s4*(amd64L3+s4*(amd64L5+s4*amd64L7)))
	t2 := s4 * (amd64L2 + s4*(amd64L4+s4*amd64L6))
	R := t1 + t2
	hfsq := 0.5 * f * f
	return k*amd64Ln2Hi - ((hfsq - (s*(hfsq+R) + k*amd64Ln2Lo)) - f)
}
