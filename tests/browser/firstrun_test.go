//go:build browser

package browser_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunPressedWhileLoadingGoesFirst: a run asked for before the runtime
// is up (Run pressed while a first visit downloads) is the first worker's
// first run, with no warm-up run before it, and the standby worker starts
// only once it has finished, so nothing competes with it for the CPU.
func TestRunPressedWhileLoadingGoesFirst(t *testing.T) {
	ctx, p := keptPlayground(t)

	type figures struct {
		During  map[string]any `json:"during"`
		After   map[string]any `json:"after"`
		Stdout  string         `json:"stdout"`
		Error   string         `json:"error"`
		Standby string         `json:"standby"`
	}
	got := eval[figures](t, ctx, `(async () => {
		const rt = new playground.runtime.constructor();
		let during = null;
		const r = await rt.run(`+js(hello)+`, {onStdout: () => { during ??= rt.stats(); }});
		const after = rt.stats();
		const error = r.error ? r.error.kind + ": " + r.error.message : "";
		// The standby comes after the run; wait for it (a hang is caught by
		// the test's own deadline).
		while (rt.stats().standby !== "ready") await new Promise((f) => setTimeout(f, 50));
		const standby = rt.stats().standby;
		rt.close();
		return {during, after, stdout: r.stdout, error, standby};
	})()`)
	require.Empty(t, got.Error, "the run failed")
	assert.Equal(t, "hello from flakylab\nsecond line\n", got.Stdout)
	require.NotNil(t, got.During, "no output reached the handler")
	assert.EqualValues(t, 1, got.During["spawns"], "workers started while the first run printed: %v", got.During)
	assert.Equal(t, "none", got.During["standby"], "the standby while the first run printed: %v", got.During)
	assert.Nil(t, got.During["lastWarmUpMs"], "a warm-up run went before the first run: %v", got.During)
	assert.Nil(t, got.After["lastWarmUpMs"], "a warm-up run went before the first run: %v", got.After)
	assert.Equal(t, "ready", got.Standby, "the standby after the first run")
	assert.Empty(t, p.All())
}

// TestStandbyStartsDuringLaterRuns: after the page's first run, a run never
// goes on without a standby worker starting beside it. Here a runaway is
// stopped and another starts at once, before the promoted worker's
// replacement has been asked for: a standby must still come up while the
// second one spins, so that stopping it (or another example's Run) finds a
// worker ready instead of a cold start.
func TestStandbyStartsDuringLaterRuns(t *testing.T) {
	ctx, p := keptPlayground(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const rt = new playground.runtime.constructor();
		const sleep = (ms) => new Promise((f) => setTimeout(f, ms));
		const until = async (cond, ms) => {
			const end = performance.now() + ms;
			while (!cond()) {
				if (performance.now() > end) return false;
				await sleep(50);
			}
			return true;
		};
		try {
			const first = await rt.run(`+js(hello)+`);
			if (first.error) return {failed: "the first run: " + first.error.message};
			if (!await until(() => rt.stats().standby === "ready", 60000)) return {failed: "no standby after the first run"};
			const a = rt.run(`+js(spin)+`, {timeoutMs: 60000});
			await sleep(300);
			rt.stop();
			// At once: the standby that replaced the stopped worker has
			// not yet asked for its own replacement.
			const b = rt.run(`+js(spin)+`, {timeoutMs: 60000});
			const stopped = await a;
			const during = await until(() => rt.stats().standby === "ready", 45000);
			const stats = rt.stats();
			rt.stop();
			const second = await b;
			return {first: stopped.error?.kind ?? "", during, standby: stats.standby, spawns: stats.spawns, second: second.error?.kind ?? ""};
		} finally {
			rt.close();
		}
	})()`)
	t.Logf("%v", got)
	require.Nil(t, got["failed"], "%v", got)
	assert.Equal(t, "stopped", got["first"], "the first runaway: %v", got)
	assert.Equal(t, true, got["during"], "no standby ready while the second runaway spun: %v", got)
	assert.Equal(t, "stopped", got["second"], "the second runaway: %v", got)
	assert.Empty(t, p.All())
}
