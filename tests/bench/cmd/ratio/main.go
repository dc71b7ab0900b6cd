// Command ratio reads `go test -bench` output on standard input, passes it
// through unchanged, and then prints, for every benchmark that has an "ours"
// and a "theirs" sub-benchmark, the ours/theirs ratio of ns/op together with
// both allocation counts.
//
// Sub-benchmarks are named Benchmark<Case>/ours and Benchmark<Case>/<library>.
// A benchmark run several times (-count) counts with its fastest run.
//
// It also prints overheads: a sub-benchmark named <group>-bare is the
// baseline of every sibling named <group>-<variant>, and each variant's
// ns/op minus the baseline's is what the variant adds per operation (the
// cost of a middleware per request, say).
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// result is one benchmark line's figures.
type result struct {
	nsPerOp     float64
	allocsPerOp float64
	hasAllocs   bool
}

// pair collects our figures and the other library's for one case.
type pair struct {
	ours, theirs *result
	library      string
}

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ratio:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	pairs := map[string]*pair{}
	all := map[string]*result{}
	var order []string
	failed := false
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(out, line)
		if strings.HasPrefix(line, "FAIL") || strings.HasPrefix(line, "--- FAIL") {
			failed = true
		}
		name, r, ok := parse(line)
		if !ok {
			continue
		}
		if prev, seen := all[name]; !seen {
			order = append(order, name)
		} else if prev.nsPerOp <= r.nsPerOp {
			r = prev // with -count N, the fastest run: the one a busy machine disturbed least
		}
		all[name] = r
		caseName, side, found := strings.Cut(name, "/")
		if !found {
			continue
		}
		if strings.Contains(side, "-") {
			continue // <group>-<variant>: an overhead, not an ours/theirs pair
		}
		p := pairs[caseName]
		if p == nil {
			p = &pair{}
			pairs[caseName] = p
		}
		if side == "ours" {
			p.ours = r
		} else {
			p.theirs, p.library = r, side
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if failed {
		return fmt.Errorf("benchmarks failed")
	}
	names := make([]string, 0, len(pairs))
	for n, p := range pairs {
		if p.ours != nil && p.theirs != nil {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return fmt.Errorf("no ours/theirs benchmark pairs found")
	}
	sort.Strings(names)
	fmt.Fprintln(out)
	fmt.Fprintf(out, "%-28s %-12s %10s %10s %7s %12s %12s\n",
		"case", "vs", "ours ns/op", "their ns", "ratio", "ours allocs", "their allocs")
	for _, n := range names {
		p := pairs[n]
		fmt.Fprintf(out, "%-28s %-12s %10.1f %10.1f %7.2f %12s %12s\n",
			strings.TrimPrefix(n, "Benchmark"), p.library,
			p.ours.nsPerOp, p.theirs.nsPerOp, p.ours.nsPerOp/p.theirs.nsPerOp,
			allocs(p.ours), allocs(p.theirs))
	}
	overheads(out, all, order)
	return nil
}

// overheads prints, for every <group>-<variant> sub-benchmark with a
// <group>-bare sibling, the ns/op it adds to the baseline.
func overheads(out io.Writer, all map[string]*result, order []string) {
	header := false
	for _, name := range order {
		parent, side, ok := strings.Cut(name, "/")
		group, variant, ok2 := strings.Cut(side, "-")
		if !ok || !ok2 || variant == "bare" {
			continue
		}
		base := all[parent+"/"+group+"-bare"]
		if base == nil {
			continue
		}
		if !header {
			fmt.Fprintln(out)
			fmt.Fprintf(out, "%-44s %10s %10s %12s %12s\n", "overhead", "ns/op", "bare ns/op", "added ns/op", "added allocs")
			header = true
		}
		r := all[name]
		added := "-"
		if r.hasAllocs && base.hasAllocs {
			added = strconv.FormatFloat(r.allocsPerOp-base.allocsPerOp, 'f', -1, 64)
		}
		fmt.Fprintf(out, "%-44s %10.1f %10.1f %12.1f %12s\n",
			strings.TrimPrefix(name, "Benchmark"), r.nsPerOp, base.nsPerOp, r.nsPerOp-base.nsPerOp, added)
	}
}

func allocs(r *result) string {
	if !r.hasAllocs {
		return "-"
	}
	return strconv.FormatFloat(r.allocsPerOp, 'f', -1, 64)
}

// parse reads a line such as
// "BenchmarkAllow/ours-2   123   45.6 ns/op   0 B/op   0 allocs/op".
func parse(line string) (string, *result, bool) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
		return "", nil, false
	}
	name := f[0]
	if i := strings.LastIndex(name, "-"); i > 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	r := &result{}
	seenNs := false
	for i := 2; i+1 < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			continue
		}
		switch f[i+1] {
		case "ns/op":
			r.nsPerOp, seenNs = v, true
		case "allocs/op":
			r.allocsPerOp, r.hasAllocs = v, true
		}
	}
	return name, r, seenNs
}
