package gotest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
)

// RunAll runs every program with parallel workers and returns the
// outcomes in the programs' order; progress, when not nil, is called
// after each program.
func (r *Runner) RunAll(ctx context.Context, progs []Program, parallel int, progress func(Outcome)) []Outcome {
	out := make([]Outcome, len(progs))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range max(parallel, 1) {
		wg.Go(func() {
			for i := range jobs {
				out[i] = r.Run(ctx, progs[i])
				if progress != nil {
					mu.Lock()
					progress(out[i])
					mu.Unlock()
				}
			}
		})
	}
	for i := range progs {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

// Known is one entry of the known-failures list.
type Known struct {
	Name   string
	Class  Class
	Reason string
	Line   int
}

// ReadKnown parses the known-failures list: one program a line, "name
// <TAB> class <TAB> reason"; blank lines and lines starting with # are
// ignored. Every entry must give a reason.
func ReadKnown(r io.Reader) (map[string]Known, error) {
	known := map[string]Known{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || strings.TrimSpace(f[2]) == "" {
			return nil, fmt.Errorf("known failures, line %d: want name<TAB>class<TAB>reason, got %q", n, line)
		}
		k := Known{Name: f[0], Class: Class(f[1]), Reason: f[2], Line: n}
		if !k.Class.Failing() && k.Class != Flaky {
			return nil, fmt.Errorf("known failures, line %d: %q is not a failing class", n, f[1])
		}
		if _, dup := known[k.Name]; dup {
			return nil, fmt.Errorf("known failures, line %d: %s is listed twice", n, k.Name)
		}
		known[k.Name] = k
	}
	return known, sc.Err()
}

// ReadKnownFile is ReadKnown of a file.
func ReadKnownFile(path string) (map[string]Known, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadKnown(f)
}

// Problems compares outcomes with the known-failures list and returns one
// message per disagreement: a failure not listed, a listed program that
// fails differently or no longer fails (except one listed for its time:
// finishing in time depends on the machine's load; and one listed as
// flaky), and an entry naming no program of the suite.
func Problems(outcomes []Outcome, known map[string]Known) []string {
	var msgs []string
	seen := map[string]bool{}
	for _, o := range outcomes {
		name := o.Program.Name
		seen[name] = true
		k, listed := known[name]
		switch {
		case o.Class.Failing() && !listed:
			msgs = append(msgs, fmt.Sprintf("%s: %s (not in the known-failures list): %s", name, o.Class, o.Detail))
		case listed && k.Class == Flaky:
			// Seen to vary from run to run: every outcome is its own.
		case listed && !o.Class.Failing() && k.Class == Timeout:
			// A program listed for its time passes on a quiet machine:
			// whether it finishes in time depends on the load as much as
			// on the engine, so it neither fails nor leaves the list here.
		case listed && !o.Class.Failing():
			msgs = append(msgs, fmt.Sprintf("%s: listed as %s but now %s: remove it from the known-failures list", name, k.Class, o.Class))
		case listed && o.Class != k.Class:
			msgs = append(msgs, fmt.Sprintf("%s: listed as %s but now %s: %s", name, k.Class, o.Class, o.Detail))
		}
	}
	var stale []string
	for name := range known {
		if !seen[name] {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	for _, name := range stale {
		msgs = append(msgs, fmt.Sprintf("%s: listed as a known failure but not in the suite", name))
	}
	return msgs
}
