//go:build !js

package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

// link is a network link, emulated two ways (see emulation).
type link struct {
	name      string
	mbps      float64
	latencyMs float64
}

var links = []link{
	{"9 Mbps, 60 ms", 9, 60},
	{"1.6 Mbps, 150 ms", 1.6, 150},
}

// shaped is the link as the shaped server emulates it.
func (l link) shaped() browser.Link {
	return browser.Link{Mbps: l.mbps, RTT: time.Duration(l.latencyMs * float64(time.Millisecond))}
}

// emulation is how a first visit's link is emulated.
type emulation string

const (
	// shapedServer: the server sends every connection's bytes through one
	// paced line and adds the round trips (browser.Link), so the page's,
	// its workers' and the service worker's requests all cross the link.
	shapedServer emulation = "shaped"
	// cdpRule: CDP Network.emulateNetworkConditionsByRule on the page's
	// tab. It throttles the page's own requests; the service worker's are
	// not throttled, and neither, in the Chromium measured, was a fetch of
	// the wasm from a dedicated worker (the whole 2.8 MB in about 0.5 s at
	// "9 Mbps"); and it delivers less than its setting on a loaded machine
	// (see the link check's figures).
	cdpRule emulation = "CDP"
)

var emulations = []emulation{shapedServer, cdpRule}

// emulateCDP applies the CDP rule for l to the tab ctx.
func emulateCDP(ctx context.Context, l link) error {
	bytesPerSec := l.mbps * 1e6 / 8
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return err
	}
	rule := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{
		{Latency: l.latencyMs, DownloadThroughput: bytesPerSec, UploadThroughput: bytesPerSec},
	}}
	_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, rule)
	return err
}

// firstVisitLesson is the lesson a first visit opens: it has examples, so
// the page needs the runtime at once.
const firstVisitLesson = "token-bucket.html"

// firstVisitProbe runs in every document of the tab: it clicks Run on the
// first example as soon as its editor is mounted (the run waits for the
// runtime) and records, in ms from navigation start, when the runtime is
// ready and when that run has finished.
//
// It also follows the page's workers (by wrapping Worker): when each was
// created, sent the compiled module (init), had its Go runtime up (ready),
// and sent and answered runs (a runner's first may be its warm-up run), to say where the
// time goes once the bytes have arrived.
const firstVisitProbe = `window.bench = {workers: []};
{
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, opts) {
      super(url, opts);
      const w = {created: performance.now()};
      window.bench.workers.push(w);
      const post = this.postMessage.bind(this);
      this.postMessage = (msg, ...rest) => {
        if (msg && msg.type === "init") w.init = performance.now();
        if (msg && msg.type === "run") (w.runs ??= []).push(performance.now());
        return post(msg, ...rest);
      };
      this.addEventListener("message", (e) => {
        const d = e.data;
        if (d && d.type === "ready") w.ready = performance.now();
        if (d && (d.type === "result" || d.type === "error")) (w.answers ??= []).push(performance.now());
      });
    }
  };
}
const benchPoll = setInterval(() => {
  const b = window.bench;
  const rt = document.querySelector('[data-role="runtime"]');
  if (!b.ready && rt && rt.dataset.state === "ready") b.ready = performance.now();
  const ex = document.querySelector("section.example[data-example]");
  if (!ex) return;
  if (!b.clicked && ex.querySelector(".cm-editor")) {
    ex.querySelector('button[data-action="run"]').click();
    b.clicked = performance.now();
  }
  const meta = ex.querySelector('[data-role="meta"]');
  if (b.clicked && ex.dataset.running === "false" && /\b(ok|failed)\b/.test(meta.className)) {
    b.ran = performance.now();
    const wasm = performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname.endsWith("/flakylab.wasm"));
    b.wasmEnd = wasm ? wasm.responseEnd : 0;
    b.wasmStart = wasm ? wasm.startTime : 0;
    b.outcome = meta.textContent;
    clearInterval(benchPoll);
  }
}, 10);`

type firstVisit struct {
	readyMs, ranMs   float64
	pageBytes        int64 // what the tab received (CDP encodedDataLength)
	serverBytes      int64 // what the server sent, the offline copy included
	wasmBodies       int   // full (200) answers for flakylab.wasm
	offlineMs        float64
	phases           []float64 // as phaseNames
	outcome, failure string
	requests         []request // the critical path's requests
	marks            []mark
}

// measureFirstVisit opens the lesson in a fresh browser profile over the
// emulated link, then waits for the offline copy (the service worker
// active and controlling the page) before counting the bytes.
func measureFirstVisit(dir string, l link, emu emulation) (firstVisit, error) {
	var fv firstVisit
	serve := browser.Serve
	if emu == shapedServer {
		serve = func(dir string) (*browser.Server, error) { return browser.ServeOver(dir, l.shaped()) }
	}
	srv, err := serve(dir)
	if err != nil {
		return fv, err
	}
	defer srv.Close()
	b, err := browser.Launch(context.Background())
	if err != nil {
		return fv, err
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(b.Ctx, 3*time.Minute)
	defer cancel()

	var mu sync.Mutex
	if err := chromedp.Do(ctx); err != nil { // open the tab before listening to it
		return fv, err
	}
	requests := newWaterfall()
	err = chromedp.Listen(ctx, func(ev any) {
		requests.listen(ev)
		if e, ok := ev.(*network.EventLoadingFinished); ok {
			mu.Lock()
			fv.pageBytes += int64(e.EncodedDataLength)
			mu.Unlock()
		}
	})
	if err != nil {
		return fv, err
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return fv, err
	}
	if emu == cdpRule {
		if err := emulateCDP(ctx, l); err != nil {
			return fv, err
		}
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: firstVisitProbe}); err != nil {
		return fv, err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+firstVisitLesson)); err != nil {
		return fv, err
	}
	if err := browser.WaitFor(ctx, `window.bench.ran > 0`, 150*time.Second); err != nil {
		fv.failure = "the first run did not finish: " + err.Error()
		return fv, nil
	}
	type probe struct {
		Ready   float64       `json:"ready"`
		Ran     float64       `json:"ran"`
		WasmEnd float64       `json:"wasmEnd"`
		WasmAt  float64       `json:"wasmStart"`
		Workers []workerTimes `json:"workers"`
		Outcome string        `json:"outcome"`
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[probe](`window.bench`))
	if err != nil {
		return fv, err
	}
	fv.readyMs, fv.ranMs, fv.outcome = p.Ready, p.Ran, p.Outcome
	fv.phases = phasesOf(p.WasmAt, p.WasmEnd, p.Ran, p.Workers)
	// The page counts from navigation start, the waterfall from the
	// document's request: the same moment to a few milliseconds.
	fv.requests = requests.requests(p.Ran / 1000)
	fv.marks = []mark{{"(wasm compiled, sent to worker)", 0}, {"(Go runtime up in the worker)", 0}, {"(runtime ready on the page)", p.Ready / 1000}, {"(first run finished)", p.Ran / 1000}}
	if len(p.Workers) > 0 {
		fv.marks[0].at, fv.marks[1].at = p.Workers[0].Init/1000, p.Workers[0].Ready/1000
	}
	offline := `navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === "activated"`
	if err := browser.WaitFor(ctx, offline, 90*time.Second); err != nil {
		fv.failure = "the offline copy never took over: " + err.Error()
	} else {
		fv.offlineMs, _ = chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.now()`))
	}
	time.Sleep(500 * time.Millisecond) // answers still being written
	mu.Lock()
	defer mu.Unlock()
	fv.serverBytes = srv.BytesSent()
	oneWay := l.latencyMs / 1000 // CDP adds its latency to each answer
	if emu == shapedServer {
		oneWay /= 2
	}
	fv.requests = addUnseen(fv.requests, srv.Responses(), oneWay)
	for _, r := range srv.Responses() {
		if r.Path == "/flakylab.wasm" && r.Status == 200 {
			fv.wasmBodies++
		}
	}
	return fv, nil
}

// reportFirstVisits measures n first visits per link and emulation and
// prints medians beside the targets; rates are the link check's.
func reportFirstVisits(dir string, n int, rates map[link]linkRates) error {
	fmt.Printf("\nfirst visit to %s: fresh profile, emulated link, Run clicked as soon as the editor shows; load average %s\n", firstVisitLesson, loadAverage())
	fmt.Printf("%-18s %-10s %7s %7s %7s %9s %9s %6s %5s  %s\n", "link", "emulation", "eff.", "ready s", "run s", "page MB", "server MB", "ratio", "wasm", "targets")
	for _, emu := range emulations {
		for _, l := range links {
			if err := reportFirstVisit(dir, n, l, emu, rates[l]); err != nil {
				return err
			}
		}
	}
	fmt.Println("  (medians of", n, "visits; eff.: the link's effective rate in the link check, Mbps (shaped: Chromium's);")
	fmt.Println("   ready: the runtime's status says ready; run: the first example's run has finished;")
	fmt.Println("   page MB: what the tab received; server MB: all the server sent, the offline copy included; wasm: most full answers for flakylab.wasm in one visit;")
	fmt.Println("   where it went, s: wasm asked: when its download started; bytes: until its last byte; compile: after it; go start: in the first worker;")
	fmt.Println("   to the run: until the learner's run went to that worker (after a warm-up run, if any); run: in the worker; shown: its end on the page;")
	fmt.Println("   workers: started before the run was answered;")
	fmt.Println("   critical path: every request sent before the first run ended, in s from the document's request; by: what asked (parser,")
	fmt.Println("   script, preload; (server): a worker's own request, which the tab does not report, timed from the server's log);")
	fmt.Println("   · waiting for the answer, = its body arriving; ^ the moments below the requests)")
	return nil
}

func reportFirstVisit(dir string, n int, l link, emu emulation, r linkRates) error {
	var ready, ran, ratio, pageMB, serverMB []float64
	var phases [][]float64
	var visits []firstVisit
	wasm := 0
	for range n {
		fv, err := measureFirstVisit(dir, l, emu)
		if err != nil {
			return err
		}
		if fv.failure != "" {
			fmt.Printf("%-18s %-10s %s\n", l.name, emu, fv.failure)
			continue
		}
		visits = append(visits, fv)
		ready = append(ready, fv.readyMs/1000)
		ran = append(ran, fv.ranMs/1000)
		pageMB = append(pageMB, float64(fv.pageBytes)/1e6)
		serverMB = append(serverMB, float64(fv.serverBytes)/1e6)
		ratio = append(ratio, float64(fv.serverBytes)/float64(fv.pageBytes))
		wasm = max(wasm, fv.wasmBodies)
		if len(fv.phases) == len(phaseNames) {
			phases = append(phases, fv.phases)
		}
	}
	if len(ran) == 0 {
		return nil
	}
	target := "bytes <= 1.1 x page; wasm sent once"
	if l.mbps == 9 {
		target = "run <= 3.5 s; " + target
	}
	eff := r.shapedChromium
	if emu == cdpRule {
		eff = r.cdpChromium
	}
	fmt.Printf("%-18s %-10s %7.2f %7.2f %7.2f %9.3f %9.3f %6.3f %5d  %s\n", l.name, emu, eff, median(ready), median(ran),
		median(pageMB), median(serverMB), median(ratio), wasm, target)
	if len(phases) > 0 {
		fmt.Printf("%-18s", "  where it went:")
		for i, name := range phaseNames {
			col := make([]float64, len(phases))
			for j, p := range phases {
				col[j] = p[i]
			}
			fmt.Printf(" %s %.2f", name, median(col))
		}
		fmt.Println()
	}
	if l.mbps == 9 && emu == shapedServer {
		// The visit whose run ended at the median, request by request.
		slices.SortFunc(visits, func(a, b firstVisit) int { return cmp.Compare(a.ranMs, b.ranMs) })
		mid := visits[len(visits)/2]
		fmt.Printf("  critical path of the median visit (%.2f s to the run's end):\n", mid.ranMs/1000)
		printWaterfall(mid.requests, mid.marks, mid.ranMs/1000)
	}
	return nil
}

// loadAverage is the machine's load over the last 1, 5 and 15 minutes.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// workerTimes is what the probe saw of one worker, in ms from navigation
// start (0: not seen).
type workerTimes struct {
	Created float64   `json:"created"`
	Init    float64   `json:"init"`
	Ready   float64   `json:"ready"`
	Runs    []float64 `json:"runs"`    // run requests sent
	Answers []float64 `json:"answers"` // answers received
}

// phaseNames name the steps of a first visit, in seconds: until the page
// asks for the wasm, until its last byte, its compilation after that (until
// the page hands the module to the first worker), the Go runtime's start in
// that worker, the wait from then to the learner's run being sent to it (a
// warm-up run, if any), that run in the worker, the page showing its end,
// and the workers started before the run was answered.
var phaseNames = []string{"wasm asked", "bytes", "compile", "go start", "to the run", "run", "shown", "workers"}

func phasesOf(wasmStart, wasmEnd, ran float64, workers []workerTimes) []float64 {
	if len(workers) == 0 {
		return nil
	}
	w := workers[0]
	// The learner's run is the last one sent to the first worker before the
	// page showed its end, and its answer the last one before that.
	last := func(ts []float64) float64 {
		v := 0.0
		for _, t := range ts {
			if t <= ran {
				v = t
			}
		}
		return v
	}
	sent, answered := last(w.Runs), last(w.Answers)
	started := 0
	for _, o := range workers {
		if o.Created < answered {
			started++
		}
	}
	return []float64{
		wasmStart / 1000,
		wasmEnd / 1000,
		(w.Init - wasmEnd) / 1000,
		(w.Ready - w.Init) / 1000,
		(sent - w.Ready) / 1000,
		(answered - sent) / 1000,
		(ran - answered) / 1000,
		float64(started),
	}
}
