//go:build !js

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Where the processor time of the first run goes. A first run on a fresh
// worker costs more than its own thread's time: V8 compiles each function
// of the runtime the first time it is called (on the worker's thread) and
// compiles hot ones again, optimized, on background threads, which compete
// with the worker for the cores. Wall-clock figures on a shared machine
// mostly measure the other tenants; processor time per thread does not.
// Read from /proc (Linux); elsewhere the figures are absent.

// cpuKinds are the kinds of Chromium threads a first run keeps busy.
// "browser UI" is the renderer of Chromium's own interface (headless
// Chromium keeps one, busy now and then), which competes for the cores as
// the other tenants of the machine do.
var cpuKinds = []string{"runtime worker", "V8 background", "page main thread", "browser UI", "other"}

// threadTicks maps /proc/<pid>/task/<tid> of every Chromium thread to its
// kind and its user+system time in clock ticks.
type threadTicks map[string]struct {
	kind  string
	ticks int
}

// chromiumThreads reads the processor time of every Chromium thread, or
// nil when /proc cannot be read.
func chromiumThreads() threadTicks {
	procs, err := filepath.Glob("/proc/[0-9]*")
	if err != nil || len(procs) == 0 {
		return nil
	}
	out := threadTicks{}
	for _, p := range procs {
		cmd, err := os.ReadFile(filepath.Join(p, "cmdline"))
		if err != nil || !strings.Contains(string(cmd), "chromium") {
			continue
		}
		renderer := strings.Contains(string(cmd), "--type=renderer")
		ui := strings.Contains(string(cmd), "--top-chrome-webui")
		tasks, _ := filepath.Glob(filepath.Join(p, "task", "[0-9]*"))
		for _, t := range tasks {
			name, ticks, ok := readStat(filepath.Join(t, "stat"))
			if !ok {
				continue
			}
			kind := "other"
			switch {
			case ui:
				kind = "browser UI"
			case !renderer:
			case strings.HasPrefix(name, "DedicatedWorker"):
				kind = "runtime worker"
			case strings.HasPrefix(name, "ThreadPool"):
				kind = "V8 background"
			case filepath.Base(t) == filepath.Base(p):
				kind = "page main thread"
			}
			out[t] = struct {
				kind  string
				ticks int
			}{kind, ticks}
		}
	}
	return out
}

// readStat returns a thread's name and its user+system time in ticks.
func readStat(path string) (string, int, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", 0, false
	}
	s := string(b)
	open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || end < open || end+2 > len(s) {
		return "", 0, false
	}
	f := strings.Fields(s[end+2:])
	if len(f) < 13 {
		return "", 0, false
	}
	utime, err1 := strconv.Atoi(f[11])
	stime, err2 := strconv.Atoi(f[12])
	if err1 != nil || err2 != nil {
		return "", 0, false
	}
	return s[open+1 : end], utime + stime, true
}

// cpuBetween returns the milliseconds of processor time each kind of
// thread used from before to after (ticks are 10 ms on Linux), or nil when
// either reading failed.
func cpuBetween(before, after threadTicks) map[string]float64 {
	if before == nil || after == nil {
		return nil
	}
	ms := map[string]float64{}
	for _, k := range cpuKinds {
		ms[k] = 0
	}
	for t, a := range after {
		if d := a.ticks - before[t].ticks; d > 0 {
			ms[a.kind] += float64(d) * 10
		}
	}
	return ms
}
