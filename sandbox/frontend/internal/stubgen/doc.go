// Package stubgen produces the declarations the front end type-checks the
// learner's imports against: it asks the go command for the compiler's
// export data of each allowed package as built for GOOS=js GOARCH=wasm,
// loads it, and writes every package back as Go source without bodies (a
// declaration stub): its exported objects and its unexported types, each
// type with all its fields and methods, constants with their exact values
// and kinds. go/types checks such a file as it would the package (a generic
// function gets a body that panics: go/types wants one). Packages an
// allowed package refers to (io/fs, internal/poll, ...) get a stub holding
// just what the export data brings in for them.
//
// Source costs the runtime nothing it does not have already (go/parser and
// go/types are linked in for the learner's program), where export data
// needed golang.org/x/tools' reader; and text compresses well.
//
// The bundle is a sequence of entries, each a header line
// "<import path> <byte count>\n" followed by that many bytes of source:
// the allowed packages in the order given, then their dependencies.
package stubgen
