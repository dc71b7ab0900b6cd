// Package iter is the standard library's iter package as the browser
// runtime interprets it from source. The front end spells the program's
// iter.Seq and iter.Seq2 types out as the function types they stand for
// and rewrites its calls of Pull and Pull2 into helpers, so this file
// serves what is left.
//
// Pull and Pull2 run the sequence on a goroutine of their own, handing
// values over channels, where the standard library uses coroutines: the
// values and their order are the same.
package iter

// Seq is an iterator over single values.
type Seq[V any] func(yield func(V) bool)

// Seq2 is an iterator over pairs of values.
type Seq2[K, V any] func(yield func(K, V) bool)

type pair[K, V any] struct {
	k K
	v V
}

// Pull turns the push iterator seq into a pair of functions: next returns
// the following value and whether there is one; stop ends the iteration.
func Pull[V any](seq Seq[V]) (next func() (V, bool), stop func()) {
	next2, stop := Pull2(func(yield func(V, struct{}) bool) {
		seq(func(v V) bool { return yield(v, struct{}{}) })
	})
	return func() (V, bool) {
		v, _, ok := next2()
		return v, ok
	}, stop
}

// Pull2 is Pull for a sequence of pairs.
func Pull2[K, V any](seq Seq2[K, V]) (next func() (K, V, bool), stop func()) {
	resume := make(chan bool)
	values := make(chan pair[K, V])
	started, done := false, false
	run := func() {
		defer close(values)
		seq(func(k K, v V) bool {
			values <- pair[K, V]{k, v}
			return <-resume
		})
	}
	next = func() (K, V, bool) {
		var k K
		var v V
		if done {
			return k, v, false
		}
		if !started {
			started = true
			go run()
		} else {
			resume <- true
		}
		p, ok := <-values
		if !ok {
			done = true
			return k, v, false
		}
		return p.k, p.v, true
	}
	stop = func() {
		if done {
			return
		}
		done = true
		if started {
			resume <- false
			for range values {
			}
		}
	}
	return next, stop
}
