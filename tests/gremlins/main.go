// Command gremlins measures how well core's own tests catch mistakes: it
// runs github.com/go-gremlins/gremlins (pinned by this module's tool
// directive) over each core package, one package at a time, and prints a
// table of killed, lived, not covered and timed-out mutants with each
// package's test efficacy, killed / (killed + lived), then every survivor
// with its source line.
//
// Survivors that no test can kill because the mutated code behaves exactly
// like the original are listed, with the reason, in core/mutants.md; the
// table counts them apart. An entry that matches no survivor is reported
// as stale.
//
// Each package runs on a copy of go.mod, go.sum and core/ in a temporary
// folder, so nothing of the checkout is touched and gremlins copies only
// what the tests need. Run it from this folder:
//
//	go run . [-coefficient 10] [-workers 0] [-min 95] [./core/bucket ...]
//
// It exits with status 1 when a package's efficacy is below -min.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

type options struct {
	root        string
	listFile    string
	coefficient int
	workers     int
	target      float64
	verbose     bool
	patterns    []string
}

func main() {
	var o options
	flag.StringVar(&o.root, "root", "../..", "the repository's root")
	flag.StringVar(&o.listFile, "equivalent", "core/mutants.md", "the list of equivalent mutants, relative to -root")
	// The coverage run that sets the timeout is measured under the same load
	// as the mutants' runs, so 10 leaves room for a loaded machine; each
	// mutant that hangs (an endless loop) costs that long, though.
	flag.IntVar(&o.coefficient, "coefficient", 10, "gremlins' timeout coefficient: a mutant's test run may take this many times the coverage run")
	flag.IntVar(&o.workers, "workers", 0, "mutants tested at once (0: gremlins' default, one per CPU)")
	flag.Float64Var(&o.target, "min", 95, "the efficacy every package must reach, in percent")
	flag.BoolVar(&o.verbose, "v", false, "show gremlins' own output, a line per mutant")
	flag.Parse()
	o.patterns = flag.Args()
	if len(o.patterns) == 0 {
		o.patterns = []string{"./core/..."}
	}
	ok, err := run(o, os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gremlins:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

// corePackage is a package to mutate: its import path, its folder relative
// to the root, and the files its native build leaves out (wasm-only files).
type corePackage struct {
	ImportPath string
	Dir        string
	Ignored    []string
}

func run(o options, stdout, stderr io.Writer) (bool, error) {
	start := time.Now()
	root, err := filepath.Abs(o.root)
	if err != nil {
		return false, err
	}
	listText, err := os.ReadFile(filepath.Join(root, o.listFile))
	if err != nil {
		return false, err
	}
	eq, err := parseEquivalents(bytes.NewReader(listText))
	if err != nil {
		return false, err
	}
	bin, err := gremlinsBinary()
	if err != nil {
		return false, err
	}
	pkgs, err := listPackages(root, o.patterns)
	if err != nil {
		return false, err
	}
	stage, err := os.MkdirTemp("", "flakylab-gremlins-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(stage)
	if err := stageModule(root, stage); err != nil {
		return false, err
	}

	source := newSourceFiles(root)
	results := map[string][]mutant{}
	var rows []tally
	for i, p := range pkgs {
		fmt.Fprintf(stderr, "[%d/%d] %s ...\n", i+1, len(pkgs), p.Dir)
		began := time.Now()
		ms, err := unleash(o, bin, stage, p, stderr)
		if err != nil {
			return false, err
		}
		markNoBlock(ms, source.text)
		results[p.Dir] = ms
		t := count(p.Dir, ms, eq)
		rows = append(rows, t)
		fmt.Fprintf(stderr, "[%d/%d] %s: %d mutants, efficacy %.1f%%, in %s\n",
			i+1, len(pkgs), p.Dir, t.Total, t.Efficacy(), time.Since(began).Round(time.Second))
	}

	fmt.Fprintln(stdout)
	writeTable(stdout, rows, o.target)
	lines := source.line
	var all []mutant
	for _, p := range pkgs {
		all = append(all, results[p.Dir]...)
	}
	writeList(stdout, "Survivors", statusLived, all, eq, lines)
	writeList(stdout, "Not covered by the package's own tests", statusNotCovered, all, eq, lines)
	writeList(stdout, "Outside coverage blocks, never run by gremlins", statusNoBlock, all, eq, lines)
	writeList(stdout, "Timed out (counted neither killed nor lived)", statusTimedOut, all, eq, lines)
	for _, p := range pkgs {
		if len(p.Ignored) > 0 {
			fmt.Fprintf(stdout, "\n%s: not mutated (not in the native build): %s\n", p.Dir, strings.Join(p.Ignored, ", "))
		}
	}
	if st := eq.stale(results); len(st) > 0 {
		fmt.Fprintf(stdout, "\nStale entries in %s (no such survivor: killed now, or the code moved):\n", o.listFile)
		for _, e := range st {
			fmt.Fprintf(stdout, "  line %d: %s %s %s\n", e.Line, e.Pkg, e.Position, e.Type)
		}
	}
	fmt.Fprintf(stdout, "\ntimeout coefficient %d; wall time %s\n", o.coefficient, time.Since(start).Round(time.Second))

	ok := true
	for _, t := range rows {
		if t.Efficacy() < o.target {
			ok = false
		}
	}
	return ok, nil
}

// gremlinsBinary builds (or finds in the build cache) the gremlins tool
// pinned in this module's go.mod.
func gremlinsBinary() (string, error) {
	out, err := exec.Command("go", "tool", "-n", "gremlins").Output()
	if err != nil {
		return "", fmt.Errorf("go tool -n gremlins (run from tests/gremlins): %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// listPackages resolves the patterns in the root module; only packages
// under core/ are accepted, since only core/ is staged.
func listPackages(root string, patterns []string) ([]corePackage, error) {
	args := append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .IgnoredGoFiles \",\"}}"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	var errBuf bytes.Buffer
	cmd.Stderr = &errBuf
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v\n%s", strings.Join(patterns, " "), err, errBuf.String())
	}
	var pkgs []corePackage
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			return nil, fmt.Errorf("go list: unexpected line %q", line)
		}
		rel, err := filepath.Rel(root, fields[1])
		if err != nil {
			return nil, err
		}
		rel = filepath.ToSlash(rel)
		if !strings.HasPrefix(rel, "core/") {
			return nil, fmt.Errorf("%s is not under core/: only core's packages are mutated", rel)
		}
		p := corePackage{ImportPath: fields[0], Dir: rel}
		if fields[2] != "" {
			p.Ignored = strings.Split(fields[2], ",")
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// unleash runs gremlins over one package of the staged module and returns
// its mutants.
func unleash(o options, bin, stage string, p corePackage, stderr io.Writer) ([]mutant, error) {
	out := filepath.Join(stage, strings.ReplaceAll(p.Dir, "/", "_")+".json")
	args := []string{"unleash", "--timeout-coefficient", fmt.Sprint(o.coefficient), "-o", out,
		// Only this folder's files: not those of nested folders (their own
		// packages, testdata), not those the native build leaves out.
		"-E", "/"}
	if o.workers > 0 {
		args = append(args, "--workers", fmt.Sprint(o.workers))
	}
	for _, f := range p.Ignored {
		args = append(args, "-E", "^"+regexp.QuoteMeta(f)+"$")
	}
	args = append(args, filepath.Join(stage, p.Dir))
	cmd := exec.Command(bin, args...)
	// -count=1: the coverage run that sets the timeout must not come from
	// the test cache, or the timeout would be a fraction of a real run.
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -count=1"))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if o.verbose {
		cmd.Stdout, cmd.Stderr = io.MultiWriter(&log, stderr), io.MultiWriter(&log, stderr)
	}
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("gremlins on %s: %v\n%s", p.Dir, err, log.String())
	}
	f, err := os.Open(out)
	if err != nil {
		return nil, fmt.Errorf("gremlins on %s wrote no results: %v\n%s", p.Dir, err, log.String())
	}
	defer f.Close()
	return parseOutput(f, p.Dir)
}
