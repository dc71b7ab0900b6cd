// Command trimyaegi lays out a copy of yaegi's module, for the runtime's
// build, in which the interp package no longer imports go/build, flag, log
// and os/exec. The interpreter is otherwise unchanged: the files it rewrites
// are read from the module cache's copy of the version go.mod requires, and
// each rewrite is a small mechanical edit that fails loudly when yaegi's
// source does not have the expected shape (see Rewrite).
//
// Why: interp calls reflect's MethodByName, so the linker keeps every
// exported method of every type the runtime can reach. interp's options hold
// a go/build.Context, which keeps Import, ImportDir, MatchFile and all they
// call (go/build, go/doc, internal/buildcfg, os/exec...), about 0.4 MB of
// wasm code and data that the playground never runs.
//
//	go run ./wasm/cmd/trimyaegi -o DIR
//
// writes DIR/yaegi (the module: the rewritten files, and symbolic links to
// the module cache for the rest) and DIR/go.mod, DIR/go.sum (the main
// module's, with a replace directive for it); GOOS=js builds use
// -modfile=DIR/go.mod. (The go command refuses an -overlay for files in the
// module cache.) DIR should be inside the main module, so that the replace
// path, which the build information records, is a relative one.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const pkgPath = "github.com/traefik/yaegi/interp"

func main() {
	out := flag.String("o", "", "directory for the rewritten module and the go.mod to build with")
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: trimyaegi -o DIR")
		os.Exit(2)
	}
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "trimyaegi:", err)
		os.Exit(1)
	}
}

type module struct{ Path, Version, Dir string }

type listed struct {
	Dir     string
	GoFiles []string
	Module  *module
}

func run(outDir string) error {
	// The files of interp as a GOOS=js GOARCH=wasm build compiles them.
	cmd := exec.Command("go", "list", "-json=Dir,GoFiles,Module", pkgPath)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list %s: %v", pkgPath, err)
	}
	var p listed
	if err := json.Unmarshal(out, &p); err != nil {
		return err
	}
	if p.Module == nil || p.Module.Dir == "" {
		return fmt.Errorf("%s: not listed in a module", pkgPath)
	}
	if _, err := os.Stat(filepath.Join(p.Dir, contextFile)); err == nil {
		return fmt.Errorf("%s: %s exists already", pkgPath, contextFile)
	}
	src := map[string][]byte{}
	for _, name := range p.GoFiles {
		b, err := os.ReadFile(filepath.Join(p.Dir, name))
		if err != nil {
			return err
		}
		src[name] = b
	}
	files, err := Rewrite(src)
	if err != nil {
		return fmt.Errorf("%s@%s: %v", pkgPath, p.Module.Version, err)
	}
	abs := map[string][]byte{}
	for name, b := range files {
		abs[filepath.Join(p.Dir, name)] = b
	}
	return writeModule(outDir, p.Module, abs)
}

// writeIfChanged keeps an unchanged file as it is, so that its time stays.
func writeIfChanged(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return os.WriteFile(path, data, 0o644)
}

// writeModule lays out outDir/<module's last element> as the module with
// the rewritten and added files (everything else is a symbolic link into the
// module cache), and outDir/go.mod and go.sum as the main module's with a
// replace directive for it.
func writeModule(outDir string, mod *module, files map[string][]byte) error {
	abs, err := filepath.Abs(outDir)
	if err != nil {
		return err
	}
	dst := filepath.Join(abs, filepath.Base(mod.Path))
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	// Directories holding a rewritten or added file are made, the rest linked.
	dirs := map[string]bool{}
	for name := range files {
		for d := filepath.Dir(name); len(d) > len(mod.Dir); d = filepath.Dir(d) {
			dirs[d] = true
		}
	}
	var link func(from, to string) error
	link = func(from, to string) error {
		if err := os.MkdirAll(to, 0o755); err != nil {
			return err
		}
		entries, err := os.ReadDir(from)
		if err != nil {
			return err
		}
		for _, e := range entries {
			f, t := filepath.Join(from, e.Name()), filepath.Join(to, e.Name())
			switch {
			case files[f] != nil:
				// written below
			case dirs[f]:
				if err := link(f, t); err != nil {
					return err
				}
			default:
				if err := os.Symlink(f, t); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := link(mod.Dir, dst); err != nil {
		return err
	}
	for name, b := range files {
		rel, err := filepath.Rel(mod.Dir, name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, rel), b, 0o644); err != nil {
			return err
		}
	}
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("go env GOMOD: %v", err)
	}
	main := strings.TrimSpace(string(gomod))
	modText, err := os.ReadFile(main)
	if err != nil {
		return err
	}
	sum, err := os.ReadFile(strings.TrimSuffix(main, ".mod") + ".sum")
	if err != nil {
		return err
	}
	// A path relative to the main module keeps the machine's paths out of
	// the build information linked into the binary.
	target := dst
	if rel, err := filepath.Rel(filepath.Dir(main), dst); err == nil && !strings.HasPrefix(rel, "..") {
		target = "./" + filepath.ToSlash(rel)
	}
	modText = fmt.Appendf(modText, "\nreplace %s %s => %s\n", mod.Path, mod.Version, target)
	if err := writeIfChanged(filepath.Join(abs, "go.mod"), modText); err != nil {
		return err
	}
	return writeIfChanged(filepath.Join(abs, "go.sum"), sum)
}
