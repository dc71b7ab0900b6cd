//go:build !js

// The tool runs natively: it starts the go command.

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// interpSources reads interp's files for GOOS=js GOARCH=wasm from the module
// cache, as run does.
func interpSources(t *testing.T) map[string][]byte {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=Dir,GoFiles", pkgPath)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var p listed
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	src := map[string][]byte{}
	for _, name := range p.GoFiles {
		b, err := os.ReadFile(filepath.Join(p.Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		src[name] = b
	}
	return src
}

func TestRewrite(t *testing.T) {
	files, err := Rewrite(interpSources(t))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for name := range files {
		names = append(names, name)
	}
	want := []string{"build.go", "cfg.go", "dot.go", contextFile, "interp.go", "scope.go", "use.go"}
	if len(names) != len(want) {
		t.Errorf("rewritten %v, want %v", names, want)
	}
	for _, name := range want {
		if files[name] == nil {
			t.Errorf("%s not rewritten", name)
		}
	}
	for name, b := range files {
		for _, imp := range []string{`"go/build"`, `"flag"`, `"log"`, `"os/exec"`} {
			if strings.Contains(string(b), imp) {
				t.Errorf("%s still imports %s", name, imp)
			}
		}
	}
	if s := string(files["scope.go"]); !strings.Contains(s, `panic(fmt.Sprint("nil type"))`) || !strings.Contains(s, `"fmt"`) {
		t.Errorf("scope.go: log.Panic not rewritten as panic(fmt.Sprint(...)) with fmt imported:\n%s", s)
	}
	ctx := string(files[contextFile])
	for _, s := range []string{`trimEnvOr("GOOS", runtime.GOOS)`, `"go1.1", "go1.2",`} {
		if !strings.Contains(ctx, s) {
			t.Errorf("%s lacks %s:\n%s", contextFile, s, ctx)
		}
	}
}

// A yaegi whose source has another shape is refused, not half rewritten.
func TestRewriteRefusesAnotherShape(t *testing.T) {
	for _, c := range []struct{ name, file, old, new, msg string }{
		{"another log call", "cfg.go", "log.Panic(n.cfgErrorf", "log.Print(n.cfgErrorf", "log.Print not handled"},
		{"one build.Context fewer", "build.go", "func skipFile(ctx *build.Context", "func skipFile(ctx *struct{ GOOS, GOARCH string }", "expected 8 of build.Context"},
		{"the flag block gone", "use.go", `interp.binPkg["flag"]`, `interp.binPkg["flag2"]`, "flag.NewFlagSet not handled"},
		{"dotWriter changed", "dot.go", "exec.Command(", "exec.CommandContext(nil, ", "dotWriter has changed"},
	} {
		src := interpSources(t)
		s := string(src[c.file])
		if !strings.Contains(s, c.old) {
			t.Fatalf("%s: %s lacks %q", c.name, c.file, c.old)
		}
		src[c.file] = []byte(strings.Replace(s, c.old, c.new, 1))
		_, err := Rewrite(src)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: err = %v, want one saying %q", c.name, err, c.msg)
		}
	}
}
