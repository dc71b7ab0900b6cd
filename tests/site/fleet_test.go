//go:build browser

package site

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flakylab/flakylab/wasm/widgets"
)

// TestFleetPictureAsksGo checks the replicas picture of the token-bucket
// lesson: the preset drawn from the builder's data, then, when the slider
// moves to 8 replicas, the Go runtime's answer, compared with the same
// simulation run natively here: the provider gets the allowance once per
// replica with own buckets, and once with the shared store.
func TestFleetPictureAsksGo(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	load(t, ctx, srv.URL+"token-bucket.html")
	const root = `document.querySelector('[data-sim="fleet"]')`
	total := func(which string) string {
		return evalString(t, ctx, root+`.querySelector('[data-role="`+which+`-total"]').textContent`)
	}
	want := func(replicas int) (own, shared string) {
		c := widgets.DefaultFleet
		c.Replicas = replicas
		run, err := widgets.RunFleet(c)
		if err != nil {
			t.Fatalf("RunFleet(%+v): %v", c, err)
		}
		return fmt.Sprintf("%d requests reached the provider", run.Own.Allowed), fmt.Sprintf("%d requests reached the provider", run.Shared.Allowed)
	}

	if err := waitFor(ctx, root+`.dataset.drawn === "1"`, stepWait); err != nil {
		failWithShot(t, ctx, "fleet", "the replicas picture was not drawn: %v", err)
	}
	own, shared := want(widgets.DefaultFleet.Replicas)
	if got := total("own"); got != own {
		failWithShot(t, ctx, "fleet", "preset, own buckets: got %q, want %q", got, own)
	}
	if got := total("shared"); got != shared {
		failWithShot(t, ctx, "fleet", "preset, shared store: got %q, want %q", got, shared)
	}
	if n := evalString(t, ctx, `String(`+root+`.querySelectorAll('svg rect').length)`); n == "0" {
		failWithShot(t, ctx, "fleet", "no bars drawn")
	}

	if state := evalString(t, ctx, runtimeState); state != "ready" {
		failWithShot(t, ctx, "fleet", "the Go runtime on token-bucket.html is %q, so the picture cannot ask it", state)
	}
	evalString(t, ctx, `(() => { const s = `+root+`.querySelector('[data-role="replicas"]'); s.value = "8"; s.dispatchEvent(new Event("input")); return ""; })()`)
	if err := waitFor(ctx, root+`.dataset.decidedBy === "go" && `+root+`.dataset.replicas === "8"`, stepWait); err != nil {
		status := evalString(t, ctx, root+`.querySelector('[data-role="status"]').textContent`)
		failWithShot(t, ctx, "fleet", "no answer from Go for 8 replicas: %v (status %q)", err, status)
	}
	own, shared = want(8)
	if got := total("own"); got != own {
		failWithShot(t, ctx, "fleet", "8 replicas, own buckets: got %q, want %q", got, own)
	}
	if got := total("shared"); got != shared {
		failWithShot(t, ctx, "fleet", "8 replicas, shared store: got %q, want %q", got, shared)
	}
	status := evalString(t, ctx, root+`.querySelector('[data-role="status"]').textContent`)
	if !strings.HasPrefix(status, "8 replicas: the provider receives") {
		failWithShot(t, ctx, "fleet", "status after the move: %q", status)
	}
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, "fleet", "problems:\n  %s", strings.Join(got, "\n  "))
	}
}
