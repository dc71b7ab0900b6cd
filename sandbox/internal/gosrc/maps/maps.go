// Package maps is the subset of the standard library's maps package that
// the browser runtime interprets from source: yaegi cannot export generic
// functions from compiled code.
//
// Keys, Values and All return iterator functions of the same shape as
// iter.Seq and iter.Seq2. The interpreter cannot range over functions, so
// pass them to slices.Collect or slices.Sorted, or call them with a yield
// function. EqualFunc is missing: yaegi v0.16.1 infers its two value
// types wrongly.
package maps

// Keys returns an iterator over the keys of m, in no particular order.
func Keys[K comparable, V any](m map[K]V) func(yield func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Values returns an iterator over the values of m, in no particular order.
func Values[K comparable, V any](m map[K]V) func(yield func(V) bool) {
	return func(yield func(V) bool) {
		for _, v := range m {
			if !yield(v) {
				return
			}
		}
	}
}

// All returns an iterator over the key-value pairs of m.
func All[K comparable, V any](m map[K]V) func(yield func(K, V) bool) {
	return func(yield func(K, V) bool) {
		for k, v := range m {
			if !yield(k, v) {
				return
			}
		}
	}
}

// Equal reports whether m1 and m2 hold the same key-value pairs.
func Equal[K comparable, V comparable](m1, m2 map[K]V) bool {
	if len(m1) != len(m2) {
		return false
	}
	for k, v1 := range m1 {
		if v2, ok := m2[k]; !ok || v1 != v2 {
			return false
		}
	}
	return true
}

// Clone returns a shallow copy of m; the clone of nil is nil.
func Clone[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Copy copies every key-value pair of src into dst.
func Copy[K comparable, V any](dst, src map[K]V) {
	for k, v := range src {
		dst[k] = v
	}
}

// DeleteFunc deletes every pair of m for which del returns true.
func DeleteFunc[K comparable, V any](m map[K]V, del func(K, V) bool) {
	for k, v := range m {
		if del(k, v) {
			delete(m, k)
		}
	}
}

// Collect collects the key-value pairs of seq into a new map.
func Collect[K comparable, V any](seq func(yield func(K, V) bool)) map[K]V {
	out := map[K]V{}
	seq(func(k K, v V) bool {
		out[k] = v
		return true
	})
	return out
}
