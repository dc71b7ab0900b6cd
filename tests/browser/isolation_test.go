//go:build browser

package browser_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/hostile"
)

// hostPage is a blank page of the site's origin, so that a test can build
// its own Runtime from js/runtime.js, with no page code of its own.
const hostPage = "runtime-host.html"

// hostJS is the test's handle on the page host: window.host.rt is a
// Runtime; pair runs a hostile program and then the innocent one, and
// counts output delivered to the hostile run's callbacks after it ended.
const hostJS = `(async () => {
  const { Runtime } = await import("./js/runtime.js");
  window.host = {
    rt: new Runtime(),
    async pair(hostile, opts, innocent) {
      let done = false, late = 0;
      const record = () => { if (done) late++; };
      const before = this.rt.stats();
      const h = await this.rt.run(hostile, { ...opts, onStdout: record, onStderr: record });
      done = true;
      const mid = this.rt.stats();
      const i = await this.rt.run(innocent, { timeoutMs: 60000 });
      // Output of timers or goroutines the hostile run left would have
      // arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { hostile: h, innocent: i, late, before, mid, after: this.rt.stats() };
    },
  };
  await window.host.rt.ready;
  return true;
})()`

// openHost opens the blank page and sets up window.host.
func openHost(t *testing.T, ctx context.Context) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(shared.dir, hostPage),
		[]byte("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><link rel=\"icon\" href=\"data:,\"><title>runtime host</title></head><body></body></html>\n"), 0o644))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(shared.server.URL+hostPage)))
	eval[bool](t, ctx, hostJS)
}

// hostResult is a RunResult with what the isolation test compares.
type hostResult struct {
	runResult
	Clean    *bool  `json:"clean"`
	Leftover string `json:"leftover"`
}

// summary is what the innocent program's runs are compared on.
func (r hostResult) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "stdout:\n%sstderr:\n%sexit code %d\n", r.Stdout, r.Stderr, r.ExitCode)
	if r.VirtualElapsedMs != nil {
		fmt.Fprintf(&b, "virtual time %v ms\n", *r.VirtualElapsedMs)
	}
	if r.Error != nil {
		fmt.Fprintf(&b, "error %s at %d:%d: %s\n", r.Error.Kind, r.Error.Line, r.Error.Column, r.Error.Message)
	}
	return b.String()
}

type hostStats struct {
	Spawns  int `json:"spawns"`
	Retired int `json:"retired"`
}

type pairResult struct {
	Hostile  hostResult `json:"hostile"`
	Innocent hostResult `json:"innocent"`
	Late     int        `json:"late"`
	Before   hostStats  `json:"before"`
	Mid      hostStats  `json:"mid"`   // when the hostile run had ended
	After    hostStats  `json:"after"` // when the innocent one had too
}

// TestHostileRunsCannotSpoilTheNextInThePage runs each hostile program of
// tests/hostile through the page host (runtime.js, the worker, the wasm),
// then the innocent one on the same Runtime, whose output must equal its
// output on the Runtime's first, fresh worker. A run that cannot be proved
// clean retires its worker; one that never yields meets the watchdog.
func TestHostileRunsCannotSpoilTheNextInThePage(t *testing.T) {
	ctx, p := tab(t)
	openHost(t, ctx)
	innocent := hostile.Innocent()
	fresh := eval[hostResult](t, ctx, fmt.Sprintf(`host.rt.run(%s, {timeoutMs: %d})`, js(innocent), runMs))
	require.Nil(t, fresh.Error, "the innocent program on a fresh worker: %+v\n%s", fresh.Error, fresh.Stderr)
	require.NotNil(t, fresh.Clean)
	require.True(t, *fresh.Clean, "the innocent program ends cleanly: %s", fresh.Leftover)
	want := fresh.summary()

	for _, c := range hostile.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			// The limit ends only the programs that never end (a busy
			// machine may take many seconds over the others).
			opts := map[string]any{"timeoutMs": runMs, "maxOutput": 64 << 10, "realTime": c.RealTime}
			stopped := c.Endless || c.Busy
			if stopped {
				opts["timeoutMs"] = 2500
			}
			pr := eval[pairResult](t, ctx, fmt.Sprintf(`host.pair(%s, %s, %s)`, js(c.Source), js(opts), js(innocent)))
			h := pr.Hostile
			switch {
			case stopped:
				require.NotNil(t, h.Error, "%s: want the watchdog to stop it", c.Name)
				assert.Equal(t, "timeout", h.Error.Kind, "%s: %s", c.Name, h.Error.Message)
				assert.Greater(t, pr.After.Spawns, pr.Before.Spawns, "%s: its worker was replaced (a new standby started)", c.Name)
			default:
				got := h.Stdout + h.Stderr
				if h.Error != nil {
					got += h.Error.Message
				}
				assert.Contains(t, got, c.Want, "%s: the hostile run's output and error", c.Name)
				require.NotNil(t, h.Clean, "%s: the result says whether it ended cleanly", c.Name)
				assert.Equal(t, c.Clean, *h.Clean, "%s: clean (leftover %q)", c.Name, h.Leftover)
				if c.Clean {
					assert.Equal(t, pr.Before.Retired, pr.Mid.Retired, "%s: a clean run keeps its worker", c.Name)
				} else {
					assert.Equal(t, pr.Before.Retired+1, pr.Mid.Retired, "%s: a run that is not clean retires its worker", c.Name)
				}
			}
			assert.Equal(t, want, pr.Innocent.summary(), "%s: the innocent program after it, want (fresh worker) vs got", c.Name)
			if assert.NotNil(t, pr.Innocent.Clean) {
				assert.True(t, *pr.Innocent.Clean, "%s: the innocent run after it is clean: %s", c.Name, pr.Innocent.Leftover)
			}
			assert.Zero(t, pr.Late, "%s: output delivered after its run ended", c.Name)
		})
	}
	assert.Empty(t, p.All(), "console errors or uncaught exceptions")
}
