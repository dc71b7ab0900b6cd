// Package symbols holds the compiled packages that learner programs may
// import, as yaegi symbol tables.
//
// Every file except this one and generate.go is produced by `yaegi extract`
// and compacted (internal/compact) through the go:generate lines in
// generate.go; run `go generate` in this directory after adding a line or
// changing a core package, and commit the result. A test regenerates every
// table and fails when a committed file is stale or missing.
//
// Only the packages listed in generate.go are compiled into the runtime:
// the standard library's full table (yaegi's stdlib.Symbols) is never used,
// because it would link the whole standard library and let learner code
// reach os, net and unsafe.
package symbols

import (
	"go/constant"
	"go/token"
	"reflect"
)

// Symbols maps "import/path/name" (the form yaegi's Interpreter.Use expects)
// to the exported symbols of that package. The generated files fill it in
// their init functions; treat it as read-only.
var Symbols = map[string]map[string]reflect.Value{}

// A form says how a generated row becomes the reflect.Value yaegi extract
// would have written for it.
type form uint8

const (
	value       form = iota // reflect.ValueOf(x): a function, a typed constant, or a nil pointer standing for a type
	variable                // reflect.ValueOf(&v).Elem(): x is a pointer to the package's variable
	constInt                // an untyped constant: x is its literal
	constFloat              //
	constString             //
	constChar               //
	constImag               //
)

// A symbol is one row of a generated table.
type symbol struct {
	name string
	x    any
	form form
}

var literalKinds = [...]token.Token{constInt: token.INT, constFloat: token.FLOAT,
	constString: token.STRING, constChar: token.CHAR, constImag: token.IMAG}

// table builds a package's map from its generated rows.
func table(rows []symbol) map[string]reflect.Value {
	m := make(map[string]reflect.Value, len(rows))
	for _, r := range rows {
		switch r.form {
		case value:
			m[r.name] = reflect.ValueOf(r.x)
		case variable:
			m[r.name] = reflect.ValueOf(r.x).Elem()
		default:
			m[r.name] = reflect.ValueOf(constant.MakeFromLiteral(r.x.(string), literalKinds[r.form], 0))
		}
	}
	return m
}
