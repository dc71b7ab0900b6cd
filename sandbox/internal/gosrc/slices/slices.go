// Package slices is the subset of the standard library's slices package
// that the browser runtime interprets from source: yaegi cannot export
// generic functions from compiled code.
//
// The signatures take []E where the standard library takes a type
// parameter S ~[]E, which yaegi v0.16.1 cannot declare; named slice types
// are still accepted, and results assign back to them. Concat is missing:
// yaegi cannot infer a type parameter from a variadic argument. Collect, Sorted and
// SortedFunc accept the iterator functions of this runtime's maps package
// (or any func(yield func(E) bool)).
package slices

// ordered is ordered, repeated here: yaegi v0.16.1 cannot use a
// constraint declared in another package.
type ordered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 |
		~string
}

// less and compare are cmp.Less and cmp.Compare: NaNs order first.
func less[E ordered](x, y E) bool {
	return (x != x && y == y) || x < y
}

func compare[E ordered](x, y E) int {
	xNaN, yNaN := x != x, y != y
	switch {
	case xNaN && yNaN:
		return 0
	case xNaN || x < y:
		return -1
	case yNaN || x > y:
		return +1
	}
	return 0
}

// Contains reports whether v is in s.
func Contains[E comparable](s []E, v E) bool { return Index(s, v) >= 0 }

// ContainsFunc reports whether some element of s satisfies f.
func ContainsFunc[E any](s []E, f func(E) bool) bool { return IndexFunc(s, f) >= 0 }

// Index returns the index of the first v in s, or -1.
func Index[E comparable](s []E, v E) int {
	for i := range s {
		if v == s[i] {
			return i
		}
	}
	return -1
}

// IndexFunc returns the index of the first element satisfying f, or -1.
func IndexFunc[E any](s []E, f func(E) bool) int {
	for i := range s {
		if f(s[i]) {
			return i
		}
	}
	return -1
}

// Equal reports whether s1 and s2 have the same length and elements.
func Equal[E comparable](s1, s2 []E) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := range s1 {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}

// Compare compares s1 and s2 element by element with cmp.Compare.
func Compare[E ordered](s1, s2 []E) int {
	for i := 0; i < len(s1) && i < len(s2); i++ {
		if c := compare(s1[i], s2[i]); c != 0 {
			return c
		}
	}
	return compare(len(s1), len(s2))
}

// Sort sorts s in increasing order (NaNs first).
func Sort[E ordered](s []E) {
	mergeSort(s, func(a, b E) int { return compare(a, b) })
}

// SortFunc sorts s in the order cmp defines (negative when a < b).
func SortFunc[E any](s []E, cmp func(a, b E) int) { mergeSort(s, cmp) }

// SortStableFunc sorts s like SortFunc, keeping equal elements in order.
func SortStableFunc[E any](s []E, cmp func(a, b E) int) { mergeSort(s, cmp) }

// IsSorted reports whether s is in increasing order.
func IsSorted[E ordered](s []E) bool {
	for i := len(s) - 1; i > 0; i-- {
		if less(s[i], s[i-1]) {
			return false
		}
	}
	return true
}

// IsSortedFunc reports whether s is sorted in the order cmp defines.
func IsSortedFunc[E any](s []E, cmp func(a, b E) int) bool {
	for i := len(s) - 1; i > 0; i-- {
		if cmp(s[i], s[i-1]) < 0 {
			return false
		}
	}
	return true
}

// BinarySearch searches sorted s for target and returns where it is, or
// where it would be inserted, and whether it was found.
func BinarySearch[E ordered](s []E, target E) (int, bool) {
	lo, hi := 0, len(s)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(s[mid], target) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(s) && compare(s[lo], target) == 0
}

// Min returns the smallest element of s; it panics if s is empty.
func Min[E ordered](s []E) E {
	if len(s) < 1 {
		panic("slices.Min: empty list")
	}
	m := s[0]
	for i := 1; i < len(s); i++ {
		if less(s[i], m) {
			m = s[i]
		}
	}
	return m
}

// Max returns the largest element of s; it panics if s is empty.
func Max[E ordered](s []E) E {
	if len(s) < 1 {
		panic("slices.Max: empty list")
	}
	m := s[0]
	for i := 1; i < len(s); i++ {
		if less(m, s[i]) {
			m = s[i]
		}
	}
	return m
}

// Reverse reverses s in place.
func Reverse[E any](s []E) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// Clone returns a copy of s; the clone of nil is nil.
func Clone[E any](s []E) []E {
	if s == nil {
		return nil
	}
	return append([]E{}, s...)
}

// Compact replaces runs of equal elements with a single copy.
func Compact[E comparable](s []E) []E {
	if len(s) < 2 {
		return s
	}
	out := s[:1]
	for i := 1; i < len(s); i++ {
		if s[i] != out[len(out)-1] {
			out = append(out, s[i])
		}
	}
	zero(s[len(out):])
	return out
}

// Insert inserts vs at index i and returns the result.
func Insert[E any](s []E, i int, vs ...E) []E {
	if i < 0 || i > len(s) {
		panic("slices.Insert: index out of range")
	}
	out := make([]E, 0, len(s)+len(vs))
	out = append(out, s[:i]...)
	out = append(out, vs...)
	return append(out, s[i:]...)
}

// Delete removes s[i:j] and returns the result.
func Delete[E any](s []E, i, j int) []E {
	if i < 0 || j > len(s) || i > j {
		panic("slices.Delete: index out of range")
	}
	n := len(s)
	s = append(s[:i], s[j:]...)
	zero(s[len(s):n])
	return s
}

// DeleteFunc removes the elements for which del returns true.
func DeleteFunc[E any](s []E, del func(E) bool) []E {
	out := s[:0]
	for _, v := range s {
		if !del(v) {
			out = append(out, v)
		}
	}
	zero(s[len(out):])
	return out
}

// Repeat returns a new slice that repeats s count times.
func Repeat[E any](s []E, count int) []E {
	if count < 0 {
		panic("cannot be negative")
	}
	out := make([]E, 0, len(s)*count)
	for i := 0; i < count; i++ {
		out = append(out, s...)
	}
	return out
}

// Collect collects the values of seq into a new slice.
func Collect[E any](seq func(yield func(E) bool)) []E {
	var out []E
	seq(func(v E) bool {
		out = append(out, v)
		return true
	})
	return out
}

// Sorted collects the values of seq into a new slice and sorts it.
func Sorted[E ordered](seq func(yield func(E) bool)) []E {
	s := Collect(seq)
	Sort(s)
	return s
}

// SortedFunc collects the values of seq into a new slice and sorts it in
// the order cmp defines.
func SortedFunc[E any](seq func(yield func(E) bool), cmp func(a, b E) int) []E {
	s := Collect(seq)
	SortFunc(s, cmp)
	return s
}

// Values returns an iterator over the elements of s.
func Values[E any](s []E) func(yield func(E) bool) {
	return func(yield func(E) bool) {
		for _, v := range s {
			if !yield(v) {
				return
			}
		}
	}
}

// zero sets every element of s to its zero value: the clear builtin, which
// yaegi v0.16.1 lacks.
func zero[E any](s []E) {
	var z E
	for i := range s {
		s[i] = z
	}
}

// mergeSort sorts s stably: a top-down merge sort through one buffer.
func mergeSort[E any](s []E, cmp func(a, b E) int) {
	if len(s) < 2 {
		return
	}
	buf := make([]E, len(s))
	mergeRange(s, buf, 0, len(s), cmp)
}

func mergeRange[E any](s, buf []E, lo, hi int, cmp func(a, b E) int) {
	if hi-lo < 2 {
		return
	}
	mid := int(uint(lo+hi) >> 1)
	mergeRange(s, buf, lo, mid, cmp)
	mergeRange(s, buf, mid, hi, cmp)
	i, j, k := lo, mid, lo
	for i < mid && j < hi {
		if cmp(s[j], s[i]) < 0 {
			buf[k] = s[j]
			j++
		} else {
			buf[k] = s[i]
			i++
		}
		k++
	}
	k += copy(buf[k:], s[i:mid])
	copy(buf[k:], s[j:hi])
	copy(s[lo:hi], buf[lo:hi])
}
