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
	ctx, p := tab(t)
	openPlayground(t, ctx)

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
