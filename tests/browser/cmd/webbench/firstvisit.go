//go:build !js

package main

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

// link is an emulated network link (CDP Network.emulateNetworkConditionsByRule
// on the page's tab, which covers the page and its dedicated workers; the
// service worker's own requests are not throttled).
type link struct {
	name      string
	mbps      float64
	latencyMs float64
}

var links = []link{
	{"9 Mbps, 60 ms", 9, 60},
	{"1.6 Mbps, 150 ms", 1.6, 150},
}

// firstVisitLesson is the lesson a first visit opens: it has examples, so
// the page needs the runtime at once.
const firstVisitLesson = "token-bucket.html"

// firstVisitProbe runs in every document of the tab: it clicks Run on the
// first example as soon as its editor is mounted (the run waits for the
// runtime) and records, in ms from navigation start, when the runtime is
// ready and when that run has finished.
const firstVisitProbe = `window.bench = {};
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
	outcome, failure string
}

// measureFirstVisit opens the lesson in a fresh browser profile over the
// emulated link, then waits for the offline copy (the service worker
// active and controlling the page) before counting the bytes.
func measureFirstVisit(dir string, l link) (firstVisit, error) {
	var fv firstVisit
	srv, err := browser.Serve(dir)
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
	err = chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventLoadingFinished); ok {
			mu.Lock()
			fv.pageBytes += int64(e.EncodedDataLength)
			mu.Unlock()
		}
	})
	if err != nil {
		return fv, err
	}
	bytesPerSec := l.mbps * 1e6 / 8
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return fv, err
	}
	rule := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{
		{Latency: l.latencyMs, DownloadThroughput: bytesPerSec, UploadThroughput: bytesPerSec},
	}}
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, rule); err != nil {
		return fv, err
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
		Ready   float64 `json:"ready"`
		Ran     float64 `json:"ran"`
		Outcome string  `json:"outcome"`
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[probe](`window.bench`))
	if err != nil {
		return fv, err
	}
	fv.readyMs, fv.ranMs, fv.outcome = p.Ready, p.Ran, p.Outcome
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
	for _, r := range srv.Responses() {
		if r.Path == "/flakylab.wasm" && r.Status == 200 {
			fv.wasmBodies++
		}
	}
	return fv, nil
}

// reportFirstVisits measures n first visits per link and prints medians
// beside the targets.
func reportFirstVisits(dir string, n int) error {
	fmt.Printf("\nfirst visit to %s: fresh profile, emulated link, Run clicked as soon as the editor shows\n", firstVisitLesson)
	fmt.Printf("%-18s %9s %9s %10s %10s %7s %6s  %s\n", "link", "ready s", "run s", "page MB", "server MB", "ratio", "wasm", "targets")
	for _, l := range links {
		var ready, ran, ratio, pageMB, serverMB []float64
		wasm := 0
		for range n {
			fv, err := measureFirstVisit(dir, l)
			if err != nil {
				return err
			}
			if fv.failure != "" {
				fmt.Printf("%-18s %s\n", l.name, fv.failure)
				continue
			}
			ready = append(ready, fv.readyMs/1000)
			ran = append(ran, fv.ranMs/1000)
			pageMB = append(pageMB, float64(fv.pageBytes)/1e6)
			serverMB = append(serverMB, float64(fv.serverBytes)/1e6)
			ratio = append(ratio, float64(fv.serverBytes)/float64(fv.pageBytes))
			wasm = max(wasm, fv.wasmBodies)
		}
		if len(ran) == 0 {
			continue
		}
		target := "bytes <= 1.1 x page; wasm sent once"
		if l.mbps == 9 {
			target = "run <= 3.5 s; " + target
		}
		fmt.Printf("%-18s %9.2f %9.2f %10.3f %10.3f %7.3f %6d  %s\n", l.name, median(ready), median(ran),
			median(pageMB), median(serverMB), median(ratio), wasm, target)
	}
	fmt.Println("  (medians of", n, "visits; ready: the runtime's status says ready; run: the first example's run has finished;")
	fmt.Println("   page MB: what the tab received; server MB: all the server sent, the offline copy included; wasm: most full answers for flakylab.wasm in one visit)")
	return nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
