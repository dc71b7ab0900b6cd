// Package gosrc holds the generic standard-library packages (maps and
// slices) that the browser runtime interprets from source, because yaegi
// can only export non-generic functions from compiled code. Each is a
// real Go package, so the native tests can hold it to the standard
// library's behaviour; the interpreter reads the same files through FS.
package gosrc

import (
	"embed"
	"io/fs"
	"strings"
)

//go:embed cmp/cmp.go iter/iter.go maps/maps.go slices/slices.go
var files embed.FS

// Packages lists the import paths FS provides, sorted.
var Packages = []string{"cmp", "iter", "maps", "slices"}

// FS returns the sources laid out as a GOPATH: src/<import path>/<file>.
// Pass it as yaegi's SourcecodeFilesystem with GoPath ".".
func FS() fs.FS { return gopath{} }

type gopath struct{}

// Open serves "src/x" from the embedded "x"; "." and "src" are the root.
func (gopath) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	switch {
	case name == "." || name == "src":
		return files.Open(".")
	case strings.HasPrefix(name, "src/"):
		return files.Open(strings.TrimPrefix(name, "src/"))
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
