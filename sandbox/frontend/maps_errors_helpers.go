package frontend

// Helpers for package maps, and errors.As for the program's own error
// types (the compiled errors.As rejects the interpreter's types).
func init() {
	register("maps", "M K V", map[string]string{
		"All": `func $F(m $M) func(func($K, $V) bool) {
	return func(yield func($K, $V) bool) {
		for k, v := range m {
			if !yield(k, v) {
				return
			}
		}
	}
}`,
		"Keys": `func $F(m $M) func(func($K) bool) {
	return func(yield func($K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}`,
		"Values": `func $F(m $M) func(func($V) bool) {
	return func(yield func($V) bool) {
		for _, v := range m {
			if !yield(v) {
				return
			}
		}
	}
}`,
		"Clone": `func $F(m $M) $M {
	if m == nil {
		return nil
	}
	out := make($M, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}`,
		"DeleteFunc": `func $F(m $M, del func($K, $V) bool) {
	for k, v := range m {
		if del(k, v) {
			delete(m, k)
		}
	}
}`,
		"Insert": `func $F(m $M, seq func(func($K, $V) bool)) {
	seq(func(k $K, v $V) bool {
		m[k] = v
		return true
	})
}`,
	})
	register("maps", "M N K V", map[string]string{
		"Copy": `func $F(dst $M, src $N) {
	for k, v := range src {
		dst[k] = v
	}
}`,
		"Equal": `func $F(a $M, b $N) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || v != w {
			return false
		}
	}
	return true
}`,
	})
	register("maps", "M N K V W", map[string]string{
		"EqualFunc": `func $F(a $M, b $N, eq func($V, $W) bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !eq(v, w) {
			return false
		}
	}
	return true
}`,
	})
	register("maps", "K V", map[string]string{
		"Collect": `func $F(seq func(func($K, $V) bool)) map[$K]$V {
	out := map[$K]$V{}
	seq(func(k $K, v $V) bool {
		out[k] = v
		return true
	})
	return out
}`,
	})
	register("errors", "", map[string]string{
		"Unwrap": `func $F(err error) error {
	for e := err; e != nil; {
$unwrapreturn		return $errors.Unwrap(e)
	}
	return nil
}`,
		// errors.Is walks the tree as Go's does: equality, an Is method,
		// then Unwrap() error or each of Unwrap() []error. $ismethods
		// and $unwrapmany are filled in at the end, as $unwrap is.
		"Is": `func $F(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	return $F_walk(err, target)
}

func $F_walk(e, target error) bool {
	for e != nil {
		if $F_equal(e, target) {
			return true
		}
$ismethods` + walkRest + `

func $F_equal(a, b error) (eq bool) {
	defer func() {
		if recover() != nil {
			eq = false
		}
	}()
	return a == b
}`,
	})
	register("errors", "T", map[string]string{
		// AsType (Go 1.26) is generic: it has no compiled counterpart.
		"AsType": `func $F(err error) ($T, bool) {
	var t $T
	ok := $F_walk(err, &t)
	return t, ok
}

func $F_walk(e error, target *$T) bool {
	for e != nil {
		if $assertable(e) {
			if t, ok := e.($T); ok {
				*target = t
				return true
			}
		}
` + walkRest,
		// $unwrap is filled in at the end with the program's wrapper types:
		// the interpreter cannot assert an error to an interface type, but
		// it can to a concrete one.
		"As": `func $F(err error, target *$T) bool {
	if target == nil {
		panic("errors: target must be a non-nil pointer")
	}
	return $F_walk(err, target)
}

func $F_walk(e error, target *$T) bool {
	for e != nil {
		if $assertable(e) {
			if t, ok := e.($T); ok {
				*target = t
				return true
			}
		}
` + walkRest,
	})
}

// walkRest ends the loop of the walk of an error tree in the errors
// helpers: each error of Unwrap() []error in turn, or the one of Unwrap()
// error ($unwrapmany and $unwrap are filled in at the end, when every
// wrapper type is known).
const walkRest = `		var errs []error
		_fl_many := false
$unwrapmany		if _fl_many {
			for _, x := range errs {
				if x != nil && $F_walk(x, target) {
					return true
				}
			}
			return false
		}
$unwrap		e = $errors.Unwrap(e)
	}
	return false
}`
