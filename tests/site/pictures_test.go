//go:build browser

package site

import (
	"strings"
	"testing"
)

// TestPicturesDrawAndBucketAsksGo checks that the three pictures draw their
// Go-computed data, and that the learner's own requests to the token bucket
// are decided by the Go runtime's widget API: a fresh bucket of 5 lets 5
// requests at once through and refuses the sixth.
//
// It runs alone, before the parallel tests (harness_test.go): the bucket
// refills in real time, so the sixth request must come soon after the
// burst. Beside the other tests, under a load of about 12 in a fresh-clone
// CI run, 1.5 s passed between the two and the sixth was allowed.
func TestPicturesDrawAndBucketAsksGo(t *testing.T) {
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	// The token bucket's page comes last: the bucket is then asked on
	// that load, once its runtime is ready (load waits for it).
	marks := []struct{ page, sel string }{
		{"backoff-and-jitter.html", `[data-sim="backoff"] svg circle`},
		{"circuit-breakers.html", `[data-sim="breaker"] svg rect`},
		{"token-bucket.html", `[data-sim="bucket"] svg polyline`},
	}
	for _, m := range marks {
		load(t, ctx, srv.URL+m.page)
		if evalString(t, ctx, `String(document.querySelectorAll(`+quote(m.sel)+`).length)`) == "0" {
			failWithShot(t, ctx, "picture-"+shotName(m.page), "%s: the picture drew nothing (%s)", m.page, m.sel)
		}
	}

	if state := evalString(t, ctx, runtimeState); state != "ready" {
		text := evalString(t, ctx, `document.querySelector('[data-role="runtime-text"]').textContent`)
		failWithShot(t, ctx, "bucket", "the Go runtime on token-bucket.html is %q (%s), so the bucket cannot ask it", state, text)
	}
	status := `document.querySelector('[data-sim="bucket"] [data-role="status"]').textContent`
	click(t, ctx, `[data-sim="bucket"] [data-action="burst"]`)
	if err := waitFor(ctx, status+` !== ""`, runHang); err != nil {
		failWithShot(t, ctx, "bucket", "no answer to a burst: %v", err)
	}
	if got := evalString(t, ctx, status); got != "5 of 5 allowed." {
		failWithShot(t, ctx, "bucket", "a burst of 5 on a full bucket of 5: got %q", got)
	}
	click(t, ctx, `[data-sim="bucket"] [data-action="request"]`)
	if err := waitFor(ctx, status+`.startsWith("Refused") || `+status+`.startsWith("Allowed")`, runHang); err != nil {
		failWithShot(t, ctx, "bucket", "no answer to one more request: %v", err)
	}
	if got := evalString(t, ctx, status); !strings.HasPrefix(got, "Refused") {
		failWithShot(t, ctx, "bucket", "a sixth request right after the burst: got %q", got)
	}
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, "bucket", "problems:\n  %s", strings.Join(got, "\n  "))
	}
}
