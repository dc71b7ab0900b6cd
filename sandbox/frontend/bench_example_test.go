package frontend

import (
	"testing"
	"time"

	"github.com/flakylab/flakylab/web/examples"
)

// syllabusExample returns the course's bucket example
// (web/examples/bucket-basic), the program the latency target is set on.
func syllabusExample(tb testing.TB) []byte {
	all, err := examples.All()
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range all {
		if e.Name == "bucket-basic" {
			return []byte(e.Source)
		}
	}
	tb.Fatal("no bucket-basic example")
	return nil
}

// BenchmarkCheckBucketExample is the front end's added latency for the
// syllabus bucket example, warm: Warm has run, as the runtime runs it
// right after ready. `make bench-frontend` runs it under Node (GOOS=js
// GOARCH=wasm) and natively; it reports ms/check, the mean over the runs
// (target ≤ 30 ms warm in the browser; a WebAssembly engine keeps
// optimising for the first hundred or so), the first check after Warm as
// first-check-ms, and how long Warm took as warm-up-ms.
func BenchmarkCheckBucketExample(b *testing.B) {
	src := syllabusExample(b)
	began := time.Now()
	Warm()
	warm := time.Since(began)
	began = time.Now()
	if _, diags := Check(src, Options{}); len(diags) > 0 {
		b.Fatal(diags)
	}
	first := time.Since(began)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Check(src, Options{})
	}
	b.ReportMetric(float64(b.Elapsed())/1e6/float64(b.N), "ms/check")
	b.ReportMetric(float64(warm)/1e6, "warm-up-ms")
	b.ReportMetric(float64(first)/1e6, "first-check-ms")
}
