package sandbox

import (
	"context"
	"fmt"
	"go/build"
	"path"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/flakylab/flakylab/sandbox/symbols"
	"github.com/stretchr/testify/assert"
	"github.com/traefik/yaegi/interp"
)

// The runtime's build replaces interp's go/build.Context with a struct of
// its own holding go/build.Default's values (wasm/cmd/trimyaegi). These
// tests hold both builds to the same decisions: natively they run against
// yaegi as released, under Node (make test-runtime) against the rewritten
// interp.

// TestInterpBuildConstraints: which files of a package read from source
// interp takes (as it reads gosrc's), by their "// +build" lines (and
// "yaegi:tags") and by their names, against GOOS, GOARCH and the
// toolchain's release tags.
func TestInterpBuildConstraints(t *testing.T) {
	other := "linux"
	if runtime.GOOS == "linux" {
		other = "js"
	}
	tags := build.Default.ReleaseTags
	current := tags[len(tags)-1]
	minor, err := strconv.Atoi(strings.TrimPrefix(current, "go1."))
	if err != nil {
		t.Fatal(err)
	}
	next := fmt.Sprintf("go1.%d", minor+1)
	for _, c := range []struct {
		file, header string
		want         bool
		pHeader      string // p.go's, read before the file
	}{
		{"x.go", "", true, ""},
		{"x.go", "// +build " + runtime.GOOS, true, ""},
		{"x.go", "// +build !" + runtime.GOOS, false, ""},
		{"x.go", "// +build " + other, false, ""},
		{"x.go", "// +build " + runtime.GOARCH, true, ""},
		{"x.go", "// +build !" + runtime.GOARCH, false, ""},
		{"x.go", "// +build " + runtime.GOOS + "," + runtime.GOARCH, true, ""},
		{"x.go", "// +build " + other + "," + runtime.GOARCH, false, ""},
		{"x.go", "// +build " + other + " " + runtime.GOARCH, true, ""},
		{"x.go", "// +build " + runtime.GOOS + "\n// +build " + other, false, ""},
		{"x.go", "// +build js,wasm", runtime.GOOS == "js" && runtime.GOARCH == "wasm", ""},
		{"x.go", "// +build ignore", false, ""},
		{"x.go", "// +build go1.21", true, ""},
		{"x.go", "// +build " + current, true, ""},
		{"x.go", "// +build " + next, false, ""},
		{"x.go", "// +build !" + next, true, ""},
		{"x.go", "// +build foo", false, ""},
		{"x.go", "// +build foo", true, "// yaegi:tags foo"},
		// interp reads no //go:build line.
		{"x.go", "//go:build ignore", true, ""},
		{"x.go", "//go:build !" + runtime.GOOS, true, ""},
		{"x_" + runtime.GOOS + ".go", "", true, ""},
		{"x_" + other + ".go", "", false, ""},
		{"x_" + runtime.GOARCH + ".go", "", true, ""},
		{"x_" + runtime.GOOS + "_" + runtime.GOARCH + ".go", "", true, ""},
		{"x_" + other + "_" + runtime.GOARCH + ".go", "", false, ""},
		{"x_js_wasm.go", "", runtime.GOOS == "js" && runtime.GOARCH == "wasm", ""},
		{"x_test.go", "", false, ""},
		{"_x.go", "", false, ""},
	} {
		fsys := fstest.MapFS{
			"src/p/p.go":      {Data: []byte(c.pHeader + "\n\npackage p\n\nvar Y = 1\n")},
			"src/p/" + c.file: {Data: []byte(c.header + "\n\npackage p\n\nvar X = 7\n")},
		}
		it := interp.New(interp.Options{GoPath: ".", SourcecodeFilesystem: fsys})
		_, err := it.Eval(`import "p"`)
		if !assert.NoError(t, err, "%s %q", c.file, c.header) {
			continue
		}
		_, err = it.Eval("p.X")
		assert.Equal(t, c.want, err == nil, "%s %q: file taken", c.file, c.header)
	}
}

// TestInterpSourcePackagesLoad: the packages interp reads from source (gosrc)
// are found through the context's GOPATH, which New sets from its options.
func TestInterpSourcePackagesLoad(t *testing.T) {
	res := Run(context.Background(), `package main

import (
	"fmt"
	"slices"
)

func main() { fmt.Println(slices.Max([]int{3, 9, 4})) }
`, Options{})
	assert.Nil(t, res.Err)
	assert.Equal(t, "9\n", res.Stdout)
}

// TestFlagAndLogNotOffered: the runtime's interp leaves out the code that
// patches the flag and log packages' symbols when a program loads them;
// that is right only while the playground offers neither.
func TestFlagAndLogNotOffered(t *testing.T) {
	for _, p := range []string{"flag", "log"} {
		assert.NotContains(t, Allowed(), p)
		for key := range symbols.Symbols {
			assert.NotEqual(t, p, path.Dir(key), "symbols.Symbols has %s", key)
		}
	}
}
