//go:build !js

// Command floodbench measures how the main thread of a lesson page fares
// while an example floods its output panel, in headless Chromium: the
// longest gap between two firings of a 16 ms timer and the long tasks (over
// 50 ms) the browser reports. Two floods: lines of about 1 KiB until the
// runtime's 1 MiB output cap, and short lines (a write of a dozen bytes
// each, tens of thousands of them) until the cap or the watchdog. It prints
// figures; it never fails on a timing.
//
//	go run ./tests/browser/cmd/floodbench -dir dist
//	go run ./tests/browser/cmd/floodbench -dir dist -trace flood.json   # where the long tasks went
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

type flood struct {
	name, source string
}

var floods = []flood{
	{"1 KiB lines", "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nfunc main() {\n\tfor i := 0; ; i++ {\n\t\tfmt.Println(\"line\", i, strings.Repeat(\"flood \", 170))\n\t}\n}\n"},
	{"short lines", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := 0; ; i++ {\n\t\tfmt.Println(\"line\", i)\n\t}\n}\n"},
	{"one byte per write", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor {\n\t\tfmt.Print(\"x\")\n\t}\n}\n"},
}

// prepare puts the flood into the first example's editor; the page then
// has a moment to lay itself out before anything is measured.
const prepare = `(async () => {
  const sec = document.querySelector("section.example[data-example]");
  const c = sec.querySelector(".cm-content");
  const tile = c.cmTile || c.cmView;
  const view = (tile.root && tile.root.view) || (tile.rootView && tile.rootView.view);
  view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: FLOOD}});
  for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  return true;
})()`

// measure clicks Run and returns {realMs, maxGapMs, longestTaskMs,
// longTasksMs, longTasks, truncated} once the run has ended.
const measure = `(async () => {
  const sec = document.querySelector("section.example[data-example]");
  const start = performance.now();
  const ticks = [start];
  const timer = setInterval(() => ticks.push(performance.now()), 16);
  const tasks = [];
  const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.startTime >= start) { tasks.push(e.duration); (window.__when ??= []).push([Math.round(e.startTime - start), Math.round(e.duration)]); } });
  obs.observe({type: "longtask"});
  const blame = {};
  const loaf = new PerformanceObserver((l) => {
    for (const e of l.getEntries()) for (const s of e.scripts ?? []) {
      const k = (s.invoker || "?") + " " + (s.sourceFunctionName || "") + " " + (s.sourceURL || "").split("/").pop();
      blame[k] = (blame[k] ?? 0) + s.duration;
    }
  });
  try { loaf.observe({type: "long-animation-frame"}); } catch {}
  window.__blame = blame;
  sec.querySelector('button[data-action="run"]').click();
  await new Promise((resolve) => {
    const poll = setInterval(() => {
      if (sec.dataset.running === "false" && /\b(ok|failed)\b/.test(sec.querySelector('[data-role="meta"]').className)) { clearInterval(poll); resolve(); }
    }, 20);
  });
  const real = performance.now() - start;
  await new Promise((r) => setTimeout(r, 100));
  clearInterval(timer);
  obs.disconnect();
  ticks.push(performance.now());
  let gap = 0;
  for (let i = 1; i < ticks.length; i++) gap = Math.max(gap, ticks[i] - ticks[i - 1]);
  return [real, gap, Math.max(0, ...tasks), tasks.reduce((a, b) => a + b, 0), tasks.length,
    sec.querySelector('[data-role="stderr"]').textContent.includes("truncated") ? 1 : 0];
})()`

type options struct {
	rounds    int
	blame     bool
	tracePath string
	profile   bool
}

func main() {
	dir := flag.String("dir", "dist", "the built site")
	var o options
	flag.IntVar(&o.rounds, "rounds", 3, "page loads per flood, one flood each")
	flag.BoolVar(&o.blame, "blame", false, "also print the scripts that took the most time in long animation frames")
	flag.StringVar(&o.tracePath, "trace", "", "save the Chromium trace of each flood's first round in this file (the flood's number is added to its name) and print where the main thread spent its time")
	flag.BoolVar(&o.profile, "profile", false, "print the main thread's JavaScript CPU profile of each flood's first round")
	flag.Parse()
	log.SetFlags(0)
	if _, err := os.Stat(filepath.Join(*dir, "token-bucket.html")); err != nil {
		log.Fatalf("floodbench: %v (run make dist first)", err)
	}
	srv, err := browser.ServeUnder(*dir, "/")
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	b, err := browser.Launch(context.Background(), chromedp.WindowSize(1280, 800))
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close()
	fmt.Println("output floods in a lesson example, headless Chromium 1280x800")
	for n, f := range floods {
		if err := series(b, srv.URL+"token-bucket.html", n+1, f, o); err != nil {
			log.Fatalf("floodbench: %s: %v", f.name, err)
		}
	}
}

// series loads the page o.rounds times and floods it once each time.
func series(b *browser.Browser, url string, n int, f flood, o options) error {
	fmt.Printf("\n%s\n%-6s %8s %11s %13s %13s %9s %9s %10s\n", f.name,
		"round", "run ms", "max gap ms", "longest task", "longest task", "main CPU", "messages", "truncated")
	fmt.Printf("%-6s %8s %11s %13s %13s %9s %9s %10s\n", "", "", "(wall)", "wall ms", "CPU ms", "ms", "", "")
	var gaps, longest, longestCPU []float64
	for i := 1; i <= o.rounds; i++ {
		r, th, err := round(b, url, n, f, o, i == 1)
		if err != nil {
			return fmt.Errorf("round %d: %w", i, err)
		}
		fmt.Printf("%-6d %8.0f %11.0f %13.0f %13.1f %9.0f %9d %10v\n", i, r[0], r[1], r[2], th.longestCPUMs, th.cpuMs, th.messages, r[5] == 1)
		gaps = append(gaps, r[1])
		longest = append(longest, r[2])
		longestCPU = append(longestCPU, th.longestCPUMs)
	}
	fmt.Printf("main-thread gap under the flood: median %.0f ms, worst %.0f ms (one frame is 16.7 ms); longest task median %.0f ms wall, %.1f ms CPU\n",
		median(gaps), slices.Max(gaps), median(longest), median(longestCPU))
	return nil
}

// round opens the page in a new tab, waits for its runtime and floods the
// first example under a trace; first says whether to save the trace or
// profile the JavaScript.
func round(b *browser.Browser, url string, n int, f flood, o options, first bool) ([]float64, threadFigures, error) {
	var th threadFigures
	ctx, cancel := context.WithTimeout(b.Ctx, 2*time.Minute)
	defer cancel()
	tab, closeTab := chromedp.NewContext(ctx)
	defer closeTab()
	if err := chromedp.Do(tab, chromedp.Navigate(url)); err != nil {
		return nil, th, err
	}
	if err := browser.WaitFor(tab, `document.querySelector('[data-role="runtime"]').dataset.state === "ready"`, time.Minute); err != nil {
		return nil, th, err
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](fmt.Sprintf("const FLOOD = %q; %s", f.source, prepare), chromedp.EvalAwaitPromise)); err != nil {
		return nil, th, err
	}
	rec, err := startTrace(tab)
	if err != nil {
		return nil, th, err
	}
	profile := first && o.profile
	if profile {
		if err := startProfile(tab); err != nil {
			return nil, th, err
		}
	}
	r, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](measure, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, th, err
	}
	if profile {
		if err := stopProfile(tab); err != nil {
			return nil, th, err
		}
	}
	events, raw, err := rec.stop(tab)
	if err != nil {
		return nil, th, err
	}
	th = figures(mainThread(events))
	if first && o.tracePath != "" {
		th.breakdown()
		path := fmt.Sprintf("%s.%d%s", trimExt(o.tracePath), n, filepath.Ext(o.tracePath))
		if err := writeTrace(path, raw); err != nil {
			return nil, th, err
		}
		fmt.Println("  trace written to", path)
	}
	if o.blame {
		top, err := chromedp.Run(tab, chromedp.Evaluate[string](`JSON.stringify(Object.entries(window.__blame).sort((a, b) => b[1] - a[1]).slice(0, 6)) + " long tasks [start, ms]: " + JSON.stringify(window.__when ?? [])`))
		if err != nil {
			return nil, th, err
		}
		fmt.Println("  long frames' scripts (ms):", top)
	}
	return r, th, nil
}

func trimExt(p string) string {
	return p[:len(p)-len(filepath.Ext(p))]
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
