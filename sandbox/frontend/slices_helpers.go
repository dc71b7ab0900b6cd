package frontend

// Helpers for package slices. Sorting goes through package sort, whose
// algorithm is the same pattern-defeating quicksort (and stable merge) as
// slices', so equal elements end in the same order.
func init() {
	register("slices", "S E", map[string]string{
		"All": `func $F(s $S) func(func(int, $E) bool) {
	return func(yield func(int, $E) bool) {
		for i, v := range s {
			if !yield(i, v) {
				return
			}
		}
	}
}`,
		"Backward": `func $F(s $S) func(func(int, $E) bool) {
	return func(yield func(int, $E) bool) {
		for i := len(s) - 1; i >= 0; i-- {
			if !yield(i, s[i]) {
				return
			}
		}
	}
}`,
		"Values": `func $F(s $S) func(func($E) bool) {
	return func(yield func($E) bool) {
		for _, v := range s {
			if !yield(v) {
				return
			}
		}
	}
}`,
		"Chunk": `func $F(s $S, n int) func(func($S) bool) {
	if n < 1 {
		panic("cannot be less than 1")
	}
	return func(yield func($S) bool) {
		for i := 0; i < len(s); i += n {
			end := len(s) - i
			if n < end {
				end = n
			}
			if !yield(s[i : i+end : i+end]) {
				return
			}
		}
	}
}`,
		"BinarySearch": `func $F(s $S, target $E) (int, bool) {
	i, j := 0, len(s)
	for i < j {
		h := int(uint(i+j) >> 1)
		if s[h] < target || (s[h] != s[h] && target == target) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < len(s) && (s[i] == target || (s[i] != s[i] && target != target))
}`,
		"Clone": `func $F(s $S) $S {
	if s == nil {
		return nil
	}
	return append($S{}, s...)
}`,
		"Clip": `func $F(s $S) $S { return s[:len(s):len(s)] }`,
		"Compact": `func $F(s $S) $S {
	if len(s) < 2 {
		return s
	}
	out := s[:1]
	for _, v := range s[1:] {
		if v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	var zero $E
	for i := len(out); i < len(s); i++ {
		s[i] = zero
	}
	return out
}`,
		"CompactFunc": `func $F(s $S, eq func($E, $E) bool) $S {
	if len(s) < 2 {
		return s
	}
	out := s[:1]
	for _, v := range s[1:] {
		if !eq(out[len(out)-1], v) {
			out = append(out, v)
		}
	}
	var zero $E
	for i := len(out); i < len(s); i++ {
		s[i] = zero
	}
	return out
}`,
		"Concat": `func $F(ss ...$S) $S {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	if n == 0 {
		return nil
	}
	out := make($S, 0, n)
	for _, s := range ss {
		out = append(out, s...)
	}
	return out
}`,
		"Contains": `func $F(s $S, v $E) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}`,
		"ContainsFunc": `func $F(s $S, f func($E) bool) bool {
	for _, x := range s {
		if f(x) {
			return true
		}
	}
	return false
}`,
		"Delete": `func $F(s $S, i, j int) $S {
	_ = s[i:j:len(s)]
	if i == j {
		return s
	}
	n := len(s)
	s = append(s[:i], s[j:]...)
	var zero $E
	for k := len(s); k < n; k++ {
		s[:n][k] = zero
	}
	return s
}`,
		"DeleteFunc": `func $F(s $S, del func($E) bool) $S {
	out := s[:0]
	for _, v := range s {
		if !del(v) {
			out = append(out, v)
		}
	}
	var zero $E
	for k := len(out); k < len(s); k++ {
		s[k] = zero
	}
	return out
}`,
		"Equal": `func $F(a, b $S) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}`,
		"Index": `func $F(s $S, v $E) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}`,
		"IndexFunc": `func $F(s $S, f func($E) bool) int {
	for i, x := range s {
		if f(x) {
			return i
		}
	}
	return -1
}`,
		"Insert": `func $F(s $S, i int, v ...$E) $S {
	_ = s[i:]
	tail := append($S{}, s[i:]...)
	s = append(s[:i], v...)
	return append(s, tail...)
}`,
		"IsSorted": `func $F(s $S) bool {
	for i := len(s) - 1; i > 0; i-- {
		if s[i] < s[i-1] || (s[i] != s[i] && s[i-1] == s[i-1]) {
			return false
		}
	}
	return true
}`,
		"IsSortedFunc": `func $F(s $S, cmp func(a, b $E) int) bool {
	for i := len(s) - 1; i > 0; i-- {
		if cmp(s[i], s[i-1]) < 0 {
			return false
		}
	}
	return true
}`,
		"Max": `func $F(s $S) $E {
	if len(s) < 1 {
		panic("slices.Max: empty list")
	}
	m := s[0]
	for _, v := range s[1:] {
		if v > m || v != v {
			m = v
		}
	}
	return m
}`,
		"Min": `func $F(s $S) $E {
	if len(s) < 1 {
		panic("slices.Min: empty list")
	}
	m := s[0]
	for _, v := range s[1:] {
		if v < m || v != v {
			m = v
		}
	}
	return m
}`,
		"MaxFunc": `func $F(s $S, cmp func(a, b $E) int) $E {
	if len(s) < 1 {
		panic("slices.MaxFunc: empty list")
	}
	m := s[0]
	for _, v := range s[1:] {
		if cmp(v, m) > 0 {
			m = v
		}
	}
	return m
}`,
		"MinFunc": `func $F(s $S, cmp func(a, b $E) int) $E {
	if len(s) < 1 {
		panic("slices.MinFunc: empty list")
	}
	m := s[0]
	for _, v := range s[1:] {
		if cmp(v, m) < 0 {
			m = v
		}
	}
	return m
}`,
		"Repeat": `func $F(s $S, count int) $S {
	if count < 0 {
		panic("cannot be negative")
	}
	out := make($S, 0, len(s)*count)
	for i := 0; i < count; i++ { // helpers are not lowered: no range over int
		out = append(out, s...)
	}
	return out
}`,
		"Reverse": `func $F(s $S) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}`,
		"Sort": `func $F(s $S) {
	$sort.Slice(s, func(i, j int) bool { return s[i] < s[j] || (s[i] != s[i] && s[j] == s[j]) })
}`,
		"SortFunc": `func $F(s $S, cmp func(a, b $E) int) {
	$sort.Slice(s, func(i, j int) bool { return cmp(s[i], s[j]) < 0 })
}`,
		"SortStableFunc": `func $F(s $S, cmp func(a, b $E) int) {
	$sort.SliceStable(s, func(i, j int) bool { return cmp(s[i], s[j]) < 0 })
}`,
	})
	register("slices", "E", map[string]string{
		"Collect": `func $F(seq func(func($E) bool)) []$E {
	var out []$E
	seq(func(v $E) bool {
		out = append(out, v)
		return true
	})
	return out
}`,
		"Sorted": `func $F(seq func(func($E) bool)) []$E {
	var s []$E
	seq(func(v $E) bool {
		s = append(s, v)
		return true
	})
	$sort.Slice(s, func(i, j int) bool { return s[i] < s[j] || (s[i] != s[i] && s[j] == s[j]) })
	return s
}`,
		"SortedFunc": `func $F(seq func(func($E) bool), cmp func($E, $E) int) []$E {
	var s []$E
	seq(func(v $E) bool {
		s = append(s, v)
		return true
	})
	$sort.Slice(s, func(i, j int) bool { return cmp(s[i], s[j]) < 0 })
	return s
}`,
	})
	register("slices", "S U E W", map[string]string{
		"EqualFunc": `func $F(a $S, b $U, eq func($E, $W) bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i, v := range a {
		if !eq(v, b[i]) {
			return false
		}
	}
	return true
}`,
	})
	register("slices", "S E T", map[string]string{
		"BinarySearchFunc": `func $F(s $S, target $T, cmp func($E, $T) int) (int, bool) {
	i, j := 0, len(s)
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp(s[h], target) < 0 {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < len(s) && cmp(s[i], target) == 0
}`,
	})
}
