//go:build !js

// Command stormbench measures the retry-storm chart's re-simulation in
// headless Chromium: for each strategy of each view, the time one run of
// core/storm takes in the page's widget worker (simMs, measured in Go
// inside the worker) and the whole round trip from the page (wallMs), at
// the chart's opening settings and at the most expensive settings its
// sliders offer. It prints medians and minimums (the minimum is the least
// disturbed by other work on the machine) next to the 50 ms target; it
// never fails on a timing.
//
//	go run ./tests/browser/cmd/stormbench -dir dist
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

// targetMs is the budget for one re-simulation in the browser.
const targetMs = 50

type timing struct {
	SimMs  float64 `json:"simMs"`
	WallMs float64 `json:"wallMs"`
}

type scenario struct {
	name, view string
	settings   string // a JavaScript expression of the settings object
}

func main() {
	dir := flag.String("dir", "dist", "the built site")
	reps := flag.Int("n", 7, "runs per strategy and scenario, after one warm-up run")
	flag.Parse()
	log.SetFlags(0)
	if _, err := os.Stat(filepath.Join(*dir, "backoff-and-jitter.html")); err != nil {
		log.Fatalf("stormbench: %v: run `make dist` first", err)
	}
	srv, err := browser.Serve(*dir)
	if err != nil {
		log.Fatalf("stormbench: %v", err)
	}
	defer srv.Close()
	b, err := browser.Launch(context.Background())
	if err != nil {
		log.Fatalf("stormbench: %v", err)
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(b.Ctx, 10*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"backoff-and-jitter.html")); err != nil {
		log.Fatalf("stormbench: %v", err)
	}
	const fig = `document.querySelector('figure[data-sim="storm"][data-interactive="true"]')`
	if err := browser.WaitFor(ctx, fig+`?.dataset.runs >= "2"`, 2*time.Minute); err != nil {
		log.Fatalf("stormbench: the storm chart never simulated: %v", err)
	}
	// The sliders' own bounds give the most expensive settings: the most
	// clients, the least capacity, the longest outage.
	bound := func(view, name, which string) string {
		return `Number(` + fig + `.querySelector('[data-view="` + view + `"] input[name="` + name + `"]').` + which + `)`
	}
	scenarios := []scenario{
		{"opening", "contention", `{clients: 100}`},
		{"most clients", "contention", `{clients: ` + bound("contention", "clients", "max") + `}`},
		{"opening", "overload", `{clients: 100, capacity: 150, outage: 15}`},
		{"worst", "overload", `{clients: ` + bound("overload", "clients", "max") + `, capacity: ` + bound("overload", "capacity", "min") + `, outage: ` + bound("overload", "outage", "max") + `}`},
	}
	strategies, err := eval[[]string](ctx, `[...`+fig+`.querySelectorAll('[data-view="overload"] input[name="strategy"]')].map((i) => i.value)`)
	if err != nil {
		log.Fatalf("stormbench: %v", err)
	}
	fmt.Printf("retry-storm chart, one re-simulation in headless Chromium (%d runs after a warm-up; target <= %d ms)\n", *reps, targetMs)
	for _, sc := range scenarios {
		settings, err := eval[string](ctx, `JSON.stringify(`+sc.settings+`)`)
		if err != nil {
			log.Fatalf("stormbench: %v", err)
		}
		fmt.Printf("\n%s view, %s settings %s\n", sc.view, sc.name, settings)
		fmt.Printf("  %-13s %22s %22s\n", "strategy", "simMs median (min)", "wallMs median (min)")
		for _, s := range strategies {
			if sc.view == "contention" && s == "no-retry" {
				continue
			}
			ts, err := eval[[]timing](ctx, `(async () => {
				const chart = `+fig+`.storm;
				const s = `+sc.settings+`;
				const out = [];
				for (let i = 0; i <= `+fmt.Sprint(*reps)+`; i++) {
					const t = await chart.run("`+sc.view+`", s, "`+s+`");
					if (i > 0) out.push({simMs: t.simMs, wallMs: t.wallMs});
				}
				return out;
			})()`)
			if err != nil {
				log.Fatalf("stormbench: %s %s: %v", sc.view, s, err)
			}
			var sim, wall []float64
			for _, t := range ts {
				sim = append(sim, t.SimMs)
				wall = append(wall, t.WallMs)
			}
			mark := ""
			if median(sim) > targetMs {
				mark = "  over the target"
			}
			fmt.Printf("  %-13s %12.1f (%6.1f) %13.1f (%6.1f)%s\n", s, median(sim), slices.Min(sim), median(wall), slices.Min(wall), mark)
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("\nload average after measuring: %s (wall-clock figures grow with it)\n", strings.Join(strings.Fields(string(b))[:3], " "))
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func eval[T any](ctx context.Context, expr string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}
