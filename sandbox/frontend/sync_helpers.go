package frontend

// sync.OnceValue and OnceValues are generic, which the interpreter's
// symbol tables cannot hold: calls become helpers of the instantiation,
// written as the sync package writes them (a panic of f is recovered
// and raised again by every call, as in Go).
func init() {
	register("sync", "T", map[string]string{
		"OnceValue": `func $F(f func() $T) func() $T {
	var (
		once   $sync.Once
		valid  bool
		p      interface{}
		result $T
	)
	g := func() {
		defer func() {
			p = recover()
			if !valid {
				panic(p)
			}
		}()
		result = f()
		f = nil
		valid = true
	}
	return func() $T {
		once.Do(g)
		if !valid {
			panic(p)
		}
		return result
	}
}`,
	})
	register("sync", "T1 T2", map[string]string{
		"OnceValues": `func $F(f func() ($T1, $T2)) func() ($T1, $T2) {
	var (
		once  $sync.Once
		valid bool
		p     interface{}
		r1    $T1
		r2    $T2
	)
	g := func() {
		defer func() {
			p = recover()
			if !valid {
				panic(p)
			}
		}()
		r1, r2 = f()
		f = nil
		valid = true
	}
	return func() ($T1, $T2) {
		once.Do(g)
		if !valid {
			panic(p)
		}
		return r1, r2
	}
}`,
	})
}
