// Package apidata writes and reads the type information that the front end
// embeds for the allowed packages, in a compact format of the project's
// own that encodes go/types objects directly.
//
// The writer (Write) runs natively when the bundle is generated; the
// reader (Importer) runs in the browser and needs nothing but go/types, so
// the runtime carries no export-data reader of the toolchain's.
//
// # Format
//
// A bundle starts with the line "flakylab types 1\n" and is followed by one
// entry per package, each a header line "<import path> <byte count>\n" and
// that many bytes. Numbers are unsigned varints (signed ones zigzag-encoded)
// and every entry stands alone:
//
//	strings   count, then each string's length and bytes
//	packages  count, then (path, name) string indices; package 0 is the
//	          entry's own package
//	types     count, then each type's byte length and encoding (a tag and
//	          its operands, referring to other types by index)
//	objects   count, then the own package's objects: a tag, the name and
//	          the type, and for constants the exact value
//
// A type refers to a named type, an alias or a type parameter of any
// package by the entry in the types table that declares it, so an entry
// also carries the declarations of the other packages' types it uses
// (unexported ones included); the reader declares each only once, in the
// package the importer shares between entries. Positions are not written.
//
// A package reference is its index plus one, zero standing for no package
// (the universe's objects).
package apidata

import "go/types"

// magic is the first line of a bundle; the number is the format's version.
const magic = "flakylab types 1\n"

// Type tags.
const (
	tBasic         = iota // kind (byte and rune: kindByte, kindRune)
	tUniverse             // name of a type in the universe (error, comparable, any)
	tNamed                // pkg, name, type params, underlying, methods
	tInstance             // origin (Named), type args
	tAlias                // pkg, name, type params, rhs
	tAliasInstance        // origin (Alias), type args
	tPointer              // elem
	tSlice                // elem
	tArray                // len, elem
	tMap                  // key, elem
	tChan                 // dir, elem
	tSignature            // see writer.signature
	tStruct               // fields: (var, embedded, tag)
	tInterface            // implicit, methods, embeddeds
	tUnion                // terms: (tilde, type)
	tTypeParam            // pkg, name, constraint
	tAnyInterface         // the universe's interface{} (the one go/types prints as any)
)

// The basic types that are not types.Typ[kind].
const (
	kindByte = 100
	kindRune = 101
)

// Object tags.
const (
	oType  = iota // type (Named or Alias that declares it)
	oConst        // name, type, value
	oVar          // name, type
	oFunc         // name, signature
)

// Constant value tags.
const (
	vBool    = iota // 0 or 1
	vString         // string index
	vInt            // zigzag varint
	vBigInt         // sign (0 or 1), byte count, big-endian magnitude
	vFloat          // numerator (vInt/vBigInt), denominator (vInt/vBigInt)
	vComplex        // real, imaginary (each a value)
)

// Receivers of interface methods (the importers leave most of them for
// types.NewInterfaceType to set to the interface itself).
const (
	recvNone = iota
	recvSelf
	recvVar
)

// maxVarKind bounds the types.VarKind values a bundle may hold.
const maxVarKind = types.FieldVar
