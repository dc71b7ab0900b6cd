package sandbox

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// playgroundBucket is the playground's bucket example (web/site/js/
// playground.js), the program of the first-run latency target.
const playgroundBucket = `package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

func main() {
	b, err := bucket.New(3, 1)
	if err != nil {
		panic(err)
	}
	start := time.Now()
	for i := 1; i <= 6; {
		now := time.Now()
		at := now.Sub(start).Seconds()
		d := b.TakeAt(now, 1)
		if !d.Allowed {
			wait := d.RetryAfter.Round(time.Millisecond)
			fmt.Printf("%4.1fs  request %d: 429, retry in %v\n", at, i, wait)
			time.Sleep(d.RetryAfter)
			continue
		}
		fmt.Printf("%4.1fs  request %d: allowed\n", at, i)
		i++
	}
}
`

// playgroundSmall is the warm run of the web bench (tests/browser/cmd/
// webbench).
const playgroundSmall = `package main

import "fmt"

func main() { fmt.Println("ok") }
`

// BenchmarkRun times whole runs, warm (after a first run of the same
// program), of the web bench's programs (and of the bucket example
// changed by a comment each time, which the front end checks anew), and reports the median of each
// step of a run (Result.Phases) besides ms/run and the median and 90th
// percentile of whole runs: under Node (make bench-run, as built for the
// browser) this is where a warm run's time goes on the Go side. On a busy
// machine the medians of the steps add up to less than the median run:
// a run is more often interrupted somewhere than any one step is. first-ms is the first run of the program in this
// process (other benchmarks may have run before it).
func BenchmarkRun(b *testing.B) {
	for _, bc := range []struct {
		name, src string
		edited    bool // each run's source differs (by a comment), as after an edit
	}{
		{"small", playgroundSmall, false},
		{"bucket", playgroundBucket, false},
		{"bucket-edited", playgroundBucket, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			first := Run(context.Background(), bc.src, Options{})
			if first.Err != nil {
				b.Fatalf("run of %s: %v", bc.name, first.Err)
			}
			steps := map[string][]time.Duration{}
			var order []string
			var totals []time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				src := bc.src
				if bc.edited {
					src += fmt.Sprintf("// run %d\n", len(totals))
				}
				res := Run(context.Background(), src, Options{})
				if res.Err != nil {
					b.Fatalf("run of %s: %v", bc.name, res.Err)
				}
				totals = append(totals, res.RealElapsed)
				for _, p := range res.Phases {
					if _, ok := steps[p.Name]; !ok {
						order = append(order, p.Name)
					}
					steps[p.Name] = append(steps[p.Name], p.Duration)
				}
			}
			b.ReportMetric(float64(b.Elapsed())/1e6/float64(b.N), "ms/run")
			b.ReportMetric(float64(first.RealElapsed)/1e6, "first-ms")
			slices.Sort(totals)
			b.ReportMetric(float64(totals[len(totals)/2])/1e6, "p50-ms")
			b.ReportMetric(float64(totals[len(totals)*9/10])/1e6, "p90-ms")
			var line []string
			for _, name := range order {
				ds := steps[name]
				slices.Sort(ds)
				line = append(line, fmt.Sprintf("%s %.2f", name, float64(ds[len(ds)/2])/1e6))
			}
			b.Logf("median ms per step: %s", strings.Join(line, ", "))
		})
	}
}

// warmUpFirst is the runtime's first warm-up program (web/static/js/
// runtime.js, WARM_UPS[0]).
const warmUpFirst = `package main

import "fmt"

func main() { _ = fmt.Sprint(0) }
`

// BenchmarkFirstRun is the page's first run as the web bench makes it:
// the runtime's first warm-up program, then at once the bucket example,
// in a fresh process. It only means that when it runs alone in its
// process with -benchtime=1x (make bench-run does so); it logs the steps
// of both runs.
func BenchmarkFirstRun(b *testing.B) {
	for b.Loop() {
		for _, p := range []struct{ name, src string }{{"warm-up", warmUpFirst}, {"bucket", playgroundBucket}} {
			res := Run(context.Background(), p.src, Options{})
			if res.Err != nil {
				b.Fatalf("run of %s: %v", p.name, res.Err)
			}
			var line []string
			for _, ph := range res.Phases {
				line = append(line, fmt.Sprintf("%s %.1f", ph.Name, float64(ph.Duration)/1e6))
			}
			b.Logf("%s: %.1f ms: %s", p.name, float64(res.RealElapsed)/1e6, strings.Join(line, ", "))
			b.ReportMetric(float64(res.RealElapsed)/1e6, p.name+"-ms")
		}
	}
}
