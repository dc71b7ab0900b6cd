// Package cmp is the standard library's cmp package as the browser runtime
// interprets it from source: yaegi cannot export generic functions from
// compiled code. The front end rewrites the program's calls of Compare,
// Less and Or into helpers of their instantiations and its uses of Ordered
// into a constraint of its own, so this file serves what is left: a
// function value such as cmp.Compare[int].
package cmp

// Ordered is the constraint of the types that support < <= >= >.
type Ordered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 |
		~string
}

// Less reports whether x is less than y; a NaN is less than any other
// value, including -Inf.
func Less[T Ordered](x, y T) bool {
	return (x != x && y == y) || x < y
}

// Compare returns -1, 0 or +1 as x is less than, equal to or greater than
// y; NaNs are equal to each other and less than any other value.
func Compare[T Ordered](x, y T) int {
	xNaN, yNaN := x != x, y != y
	if xNaN {
		if yNaN {
			return 0
		}
		return -1
	}
	if yNaN {
		return +1
	}
	if x < y {
		return -1
	}
	if x > y {
		return +1
	}
	return 0
}

// Or returns the first of its arguments that is not the zero value, or
// the zero value.
func Or[T comparable](vals ...T) T {
	var zero T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}
