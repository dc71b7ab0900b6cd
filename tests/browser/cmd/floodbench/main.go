//go:build !js

// Command floodbench measures how the main thread of a lesson page fares
// while an example prints until the runtime's 1 MiB output cap: the longest
// gap between two firings of a 16 ms timer and the long tasks (over 50 ms)
// the browser reports, in headless Chromium. It prints figures; it never
// fails on a timing.
//
//	go run ./tests/browser/cmd/floodbench -dir dist
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

// flood prints lines of about 1 KiB until the runtime stops it at its cap.
const flood = "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nfunc main() {\n\tfor i := 0; ; i++ {\n\t\tfmt.Println(\"line\", i, strings.Repeat(\"flood \", 170))\n\t}\n}\n"

// measure runs the flood in the first example of the page and returns
// {realMs, maxGapMs, longestTaskMs, longTasksMs, longTasks, truncated}.
const measure = `(async () => {
  const sec = document.querySelector("section.example[data-example]");
  const c = sec.querySelector(".cm-content");
  const tile = c.cmTile || c.cmView;
  const view = (tile.root && tile.root.view) || (tile.rootView && tile.rootView.view);
  view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: FLOOD}});
  const start = performance.now();
  const ticks = [start];
  const timer = setInterval(() => ticks.push(performance.now()), 16);
  const tasks = [];
  const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) { tasks.push(e.duration); (window.__when ??= []).push([Math.round(e.startTime - start), Math.round(e.duration)]); } });
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

func main() {
	dir := flag.String("dir", "dist", "the built site")
	rounds := flag.Int("rounds", 3, "page loads, one flood each")
	blame := flag.Bool("blame", false, "also print the scripts that took the most time in long animation frames")
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
	var gaps, longest []float64
	fmt.Println("output flood in a lesson example (lines of about 1 KiB until the 1 MiB cap), headless Chromium 1280x800")
	fmt.Printf("%-6s %10s %12s %14s %14s %10s %10s\n", "round", "run ms", "max gap ms", "longest task", "long tasks ms", "tasks", "truncated")
	for i := 1; i <= *rounds; i++ {
		ctx, cancel := context.WithTimeout(b.Ctx, 2*time.Minute)
		tab, closeTab := chromedp.NewContext(ctx)
		err := chromedp.Do(tab, chromedp.Navigate(srv.URL+"token-bucket.html"))
		if err == nil {
			err = browser.WaitFor(tab, `document.querySelector('[data-role="runtime"]').dataset.state === "ready"`, time.Minute)
		}
		var r []float64
		if err == nil {
			r, err = chromedp.Run(tab, chromedp.Evaluate[[]float64](fmt.Sprintf("const FLOOD = %q; %s", flood, measure), chromedp.EvalAwaitPromise))
		}
		var top string
		if err == nil && *blame {
			top, err = chromedp.Run(tab, chromedp.Evaluate[string](`JSON.stringify(Object.entries(window.__blame).sort((a, b) => b[1] - a[1]).slice(0, 6)) + " long tasks [start, ms]: " + JSON.stringify(window.__when ?? [])`))
		}
		closeTab()
		cancel()
		if top != "" {
			fmt.Println("  long frames' scripts (ms):", top)
		}
		if err != nil {
			log.Fatalf("floodbench: round %d: %v", i, err)
		}
		fmt.Printf("%-6d %10.0f %12.0f %14.0f %14.0f %10.0f %10v\n", i, r[0], r[1], r[2], r[3], r[4], r[5] == 1)
		gaps = append(gaps, r[1])
		longest = append(longest, r[2])
	}
	fmt.Printf("main-thread gap under the flood: median %.0f ms, worst %.0f ms (one frame is 16.7 ms); longest task median %.0f ms\n",
		median(gaps), slices.Max(gaps), median(longest))
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
