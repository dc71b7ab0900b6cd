//go:build !js

// Command webbench measures the site in headless Chromium and prints
// medians: on the playground, ready after page load, first run of the
// syllabus bucket example, warm runs and the respawn after a kill; a first
// visit to a lesson over emulated links (bytes moved, the runtime ready, the
// first run finished). On Linux it also gives the processor time each kind
// of Chromium thread spent during the first run (threadcpu.go): on a shared
// machine that says where the first run's work goes better than its
// wall-clock time does. It prints figures and targets side by side; it never
// fails on a timing. (The main thread under an output flood is
// cmd/floodbench, make bench-flood.)
//
//	go run ./tests/browser/cmd/webbench -dir dist
//	go run ./tests/browser/cmd/webbench -dir dist -loads 0   # first visits only
//
// # Emulated links
//
// A first visit is measured over each link two ways:
//
//   - shaped: the test server itself is the link (browser.Link, wrapped
//     around its listener): every connection's answers leave through one
//     shared line paced at the link's bandwidth, packet by packet on an
//     absolute departure-time schedule, and each crossing takes half the
//     round trip, with a round trip more for a new connection's handshake.
//     Every request crosses it alike: the page's, a worker's and the
//     service worker's. A goroutine that wakes late delivers late once and
//     the next packets catch up, so the rate holds on a loaded machine.
//   - CDP: Chromium's own Network.emulateNetworkConditionsByRule on the
//     tab, as before. It throttles only the tab's requests (not a worker's
//     fetch, nor the service worker's), and under load it delivers less than
//     its setting.
//
// Before the visits, a link check downloads checkSeconds' worth of random
// bytes over each link and prints the effective rate (first byte to last)
// beside the setting: through the shaped server with a Go client and with
// Chromium's fetch, and under the CDP rule with Chromium's fetch. The
// first-visit table gives each emulation's measured rate beside its
// figures, and the load average while measuring.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

// fallback is the first-run program when the bucket example cannot run
// (core/bucket not importable in this build).
const fallback = `package main

import "fmt"

func main() {
	for i := 1; i <= 6; i++ {
		fmt.Printf("request %d\n", i)
	}
}
`

const small = `package main

import "fmt"

func main() { fmt.Println("ok") }
`

const spin = `package main

func main() {
	for {}
}
`

func main() {
	dir := flag.String("dir", "dist", "the built site")
	loads := flag.Int("loads", 5, "page loads per series")
	warm := flag.Int("warm", 30, "warm runs per page load")
	kills := flag.Int("kills", 5, "kills per page load")
	reads := flag.Int("reads", 3, "page loads on which runs are pressed after a pause for reading, as a learner does (0: none)")
	readFor := flag.Duration("read", 5*time.Second, "the pause for reading after the first run")
	visits := flag.Int("first-visits", 3, "first visits to a lesson per emulated link (0: none)")
	jsFlags := flag.String("js-flags", "", "V8 flags for Chromium, to take the first run apart (e.g. --liftoff-only: no optimizing tier; --no-wasm-lazy-compilation: compile every function up front); not what learners get")
	flag.Parse()
	log.SetFlags(0)

	if _, err := os.Stat(filepath.Join(*dir, "flakylab.wasm")); err != nil {
		log.Fatalf("webbench: %v: run `make dist` first", err)
	}
	srv, err := browser.Serve(*dir)
	if err != nil {
		log.Fatalf("webbench: %v", err)
	}
	defer srv.Close()
	var extra []chromedp.ExecAllocatorOption
	if *jsFlags != "" {
		extra = append(extra, chromedp.Flag("js-flags", *jsFlags))
	}
	b, err := browser.Launch(context.Background(), extra...)
	if err != nil {
		log.Fatalf("webbench: %v", err)
	}
	defer b.Close()

	s := &samples{}
	for _, cold := range []bool{true, false} {
		for i := 0; i < *loads; i++ {
			if err := measureLoad(b.Ctx, srv.URL, cold, *warm, *kills, s); err != nil {
				log.Fatalf("webbench: %v", err)
			}
		}
	}
	for i := 0; i < *reads; i++ {
		if err := measureReading(b.Ctx, srv.URL, *readFor, s); err != nil {
			log.Fatalf("webbench: %v", err)
		}
	}
	report(*dir, *jsFlags, s)
	if *visits > 0 {
		rates, err := checkLinks()
		if err != nil {
			log.Fatalf("webbench: link check: %v", err)
		}
		printLinkCheck(rates)
		if err := reportFirstVisits(*dir, *visits, rates); err != nil {
			log.Fatalf("webbench: first visit: %v", err)
		}
	}
}

type samples struct {
	readyCold, readyWarm, compileCold, compileWarm                       []float64
	firstRun, warmRun, readyAfterKill, runAfterKill, freshWorker, warmUp []float64
	readFor                                                              time.Duration
	readSmall, readEdited, readIdleRuns                                  []float64
	firstRunCPU                                                          map[string][]float64
	firstRunProgram                                                      string
	version                                                              string
}

type loadResult struct {
	ReadyAt   float64 `json:"readyAt"`
	CompileMs float64 `json:"compileMs"`
	Version   string  `json:"version"`
}

type runTiming struct {
	Ms    float64 `json:"ms"`
	Error string  `json:"error"`
}

func measureLoad(parent context.Context, base string, cold bool, warm, kills int, s *samples) error {
	ctx, cancel := chromedp.NewContext(parent)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // open the tab before any timeout
		return err
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: cold}); err != nil {
		return err
	}
	tctx, tcancel := context.WithTimeout(ctx, 2*time.Minute)
	defer tcancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(base+"playground.html")); err != nil {
		return err
	}
	if err := browser.WaitFor(tctx, `["ready", "error"].includes(document.body.dataset.state)`, 30*time.Second); err != nil {
		return err
	}
	if status, err := eval[string](tctx, `document.body.dataset.state === "error" ? document.getElementById("status").textContent : ""`); err != nil || status != "" {
		return fmt.Errorf("the page did not start: %s%v", status, err)
	}
	load, err := eval[loadResult](tctx, `({readyAt: playground.readyAt,
		compileMs: playground.runtime.stats().compileMs, version: playground.runtime.version})`)
	if err != nil {
		return err
	}
	s.version = load.Version
	if cold {
		s.readyCold = append(s.readyCold, load.ReadyAt)
		s.compileCold = append(s.compileCold, load.CompileMs)
	} else {
		s.readyWarm = append(s.readyWarm, load.ReadyAt)
		s.compileWarm = append(s.compileWarm, load.CompileMs)
	}

	// The first run on this page: the syllabus bucket example.
	before := chromiumThreads()
	first, err := timeRun(tctx, `playground.examples.bucket`)
	if err != nil {
		return err
	}
	for kind, ms := range cpuBetween(before, chromiumThreads()) {
		if s.firstRunCPU == nil {
			s.firstRunCPU = map[string][]float64{}
		}
		s.firstRunCPU[kind] = append(s.firstRunCPU[kind], ms)
	}
	s.firstRunProgram = "bucket example (core/bucket, capacity 3, 1 token/s)"
	if first.Error != "" {
		s.firstRunProgram = "plain fmt program (bucket example failed: " + first.Error + ")"
		if first, err = timeRun(tctx, js(fallback)); err != nil {
			return err
		}
	}
	s.firstRun = append(s.firstRun, first.Ms)

	for range warm {
		r, err := timeRun(tctx, js(small))
		if err != nil {
			return err
		}
		s.warmRun = append(s.warmRun, r.Ms)
	}

	for range kills {
		if err := measureKill(tctx, s); err != nil {
			return err
		}
	}
	return nil
}

// measureKill starts an endless loop, stops it and times how soon the
// runtime is ready again and how soon a new run completes; then it waits
// for the replacement standby and records how long that fresh worker took.
func measureKill(ctx context.Context, s *samples) error {
	if err := browser.WaitFor(ctx, `playground.runtime.stats().standby === "ready"`, 30*time.Second); err != nil {
		return err
	}
	if _, err := eval[bool](ctx, `(playground.spinning = playground.runtime.run(`+js(spin)+`, {timeoutMs: 60000}), true)`); err != nil {
		return err
	}
	time.Sleep(150 * time.Millisecond) // let the worker sink into the loop
	type killTiming struct {
		Ready float64 `json:"ready"`
		Run   float64 `json:"run"`
		Kind  string  `json:"kind"`
	}
	k, err := eval[killTiming](ctx, `(async () => {
		const rt = playground.runtime;
		const t0 = performance.now();
		rt.stop();
		await rt.ready;
		const ready = performance.now() - t0;
		const r = await rt.run(`+js(small)+`);
		const run = performance.now() - t0;
		const spun = await playground.spinning;
		return {ready, run, kind: r.error ? "next run failed: " + r.error.message : spun.error.kind};
	})()`)
	if err != nil {
		return err
	}
	if k.Kind != "stopped" {
		return fmt.Errorf("kill: %s", k.Kind)
	}
	s.readyAfterKill = append(s.readyAfterKill, k.Ready)
	s.runAfterKill = append(s.runAfterKill, k.Run)
	if err := browser.WaitFor(ctx, `playground.runtime.stats().standby === "ready"`, 30*time.Second); err != nil {
		return err
	}
	type spawnTiming struct {
		Spawn  float64 `json:"lastSpawnMs"`
		WarmUp float64 `json:"lastWarmUpMs"`
	}
	fresh, err := eval[spawnTiming](ctx, `playground.runtime.stats()`)
	if err != nil {
		return err
	}
	s.freshWorker = append(s.freshWorker, fresh.Spawn)
	s.warmUp = append(s.warmUp, fresh.WarmUp)
	return nil
}

func timeRun(ctx context.Context, srcExpr string) (runTiming, error) {
	return eval[runTiming](ctx, `(async () => {
		const t0 = performance.now();
		const r = await playground.runtime.run(`+srcExpr+`);
		return {ms: performance.now() - t0, error: r.error ? r.error.kind + ": " + r.error.message : ""};
	})()`)
}

func eval[T any](ctx context.Context, expr string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

func js(s string) string {
	return "`" + strings.NewReplacer("\\", "\\\\", "`", "\\`", "${", "\\${").Replace(s) + "`"
}

func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	i := int(p*float64(len(sorted)-1) + 0.5)
	return sorted[i]
}

func report(dir, jsFlags string, s *samples) {
	fmt.Printf("flakylab web bench: headless Chromium, %s served from %s on localhost\n", cmp.Or(s.version, "runtime"), dir)
	if jsFlags != "" {
		fmt.Printf("  V8 flags: %s (not what learners get)\n", jsFlags)
	}
	for _, f := range []string{"flakylab.wasm", "flakylab.wasm.gz", "flakylab.wasm.br"} {
		if info, err := os.Stat(filepath.Join(dir, f)); err == nil {
			fmt.Printf("  %-18s %6.2f MB\n", f, float64(info.Size())/1e6)
		}
	}
	if len(s.firstRun) == 0 && len(s.readSmall) == 0 { // -loads 0 -reads 0: first visits only
		return
	}
	fmt.Printf("  first run program: %s\n\n", s.firstRunProgram)
	fmt.Printf("%-46s %8s %8s %8s %5s  %s\n", "metric (ms)", "median", "min", "max", "n", "target")
	row := func(name string, xs []float64, target string) {
		if len(xs) == 0 {
			return
		}
		fmt.Printf("%-46s %8.1f %8.1f %8.1f %5d  %s\n", name, percentile(xs, 0.5),
			slices.Min(xs), slices.Max(xs), len(xs), target)
	}
	row("ready after page load, cache disabled", s.readyCold, "<= 1000")
	row("  of which download + compile", s.compileCold, "")
	row("ready after page load, warm cache", s.readyWarm, "<= 1000")
	row("  of which download + compile", s.compileWarm, "")
	row("first run after load", s.firstRun, "<= 300")
	if len(s.firstRunCPU) > 0 {
		fmt.Printf("  processor time during the first run, by Chromium thread (/proc, 10 ms ticks):\n")
		for _, kind := range cpuKinds {
			row("    "+kind, s.firstRunCPU[kind], "")
		}
	}
	row("warm run (p50)", s.warmRun, "<= 20")
	if len(s.warmRun) > 0 {
		fmt.Printf("%-46s %8.1f %8s %8s %5d\n", "warm run (p90)", percentile(s.warmRun, 0.9), "", "", len(s.warmRun))
	}
	if len(s.readSmall) > 0 {
		fmt.Printf("  after the first run, %v of reading, then runs 1 s apart:\n", s.readFor)
		row("    small program", s.readSmall, "<= 20")
		row("    bucket example edited (checked anew)", s.readEdited, "")
		if slices.Max(s.readIdleRuns) > 0 { // a runtime that makes idle runs (stats().idleRuns)
			row("    idle runs the runtime made before them", s.readIdleRuns, "")
		}
	}
	row("ready again after a kill (standby promoted)", s.readyAfterKill, "<= 150")
	row("kill to next run finished", s.runAfterKill, "")
	row("fresh worker from the compiled module", s.freshWorker, "")
	row("  then its warm-up run (in the background)", s.warmUp, "")
}

// measureReading times what a learner sees who reads for a while after the
// first run and then presses Run, then again a second later: the small
// program of the warm runs, and the bucket example edited (a comment added,
// so the front end checks it anew), alternately. The warm runs of
// measureLoad come back to back right after the first run, before the
// runtime's code is optimised; a learner's next Run comes later.
func measureReading(parent context.Context, base string, readFor time.Duration, s *samples) error {
	ctx, cancel := chromedp.NewContext(parent)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // open the tab before any timeout
		return err
	}
	tctx, tcancel := context.WithTimeout(ctx, 2*time.Minute)
	defer tcancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(base+"playground.html")); err != nil {
		return err
	}
	if err := browser.WaitFor(tctx, `document.body.dataset.state === "ready"`, 30*time.Second); err != nil {
		return err
	}
	if _, err := timeRun(tctx, `playground.examples.bucket`); err != nil {
		return err
	}
	s.readFor = readFor
	s.firstRunProgram = cmp.Or(s.firstRunProgram, "bucket example (core/bucket, capacity 3, 1 token/s)")
	time.Sleep(readFor)
	idle, err := eval[float64](tctx, `playground.runtime.stats().idleRuns ?? 0`)
	if err != nil {
		return err
	}
	s.readIdleRuns = append(s.readIdleRuns, idle)
	for i := range 3 {
		r, err := timeRun(tctx, js(small))
		if err != nil || r.Error != "" {
			return fmt.Errorf("run after reading: %s%v", r.Error, err)
		}
		s.readSmall = append(s.readSmall, r.Ms)
		time.Sleep(time.Second)
		r, err = timeRun(tctx, fmt.Sprintf("playground.examples.bucket + %q", fmt.Sprintf("\n// edit %d\n", i)))
		if err != nil || r.Error != "" {
			return fmt.Errorf("edited run after reading: %s%v", r.Error, err)
		}
		s.readEdited = append(s.readEdited, r.Ms)
		time.Sleep(time.Second)
	}
	return nil
}
