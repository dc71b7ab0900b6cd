// Package symbols holds the compiled packages that learner programs may
// import, as yaegi symbol tables.
//
// Every file except this one and generate.go is produced by `yaegi extract`
// through the go:generate lines in generate.go; run `go generate` in this
// directory after adding a line or changing a core package, and commit the
// result. A test regenerates every table and fails when a committed file is
// stale or missing.
//
// Only the packages listed in generate.go are compiled into the runtime:
// the standard library's full table (yaegi's stdlib.Symbols) is never used,
// because it would link the whole standard library and let learner code
// reach os, net and unsafe.
package symbols

import "reflect"

// Symbols maps "import/path/name" (the form yaegi's Interpreter.Use expects)
// to the exported symbols of that package. The generated files fill it in
// their init functions; treat it as read-only.
var Symbols = map[string]map[string]reflect.Value{}
