//go:build browser

package browser_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pageExample prints over three virtual seconds, so its output reaches the
// page in more than one message.
const pageExample = `package main

import (
	"fmt"
	"time"
)

func main() {
	for i := 1; i <= 3; i++ {
		fmt.Printf("tick %d\n", i)
		time.Sleep(time.Second)
	}
	fmt.Println("done")
}
`

const pageExampleOutput = "tick 1\ntick 2\ntick 3\ndone\n"

// TestRunOfThePageExampleTakesOverItsWarmUp: a runtime given the page's
// first example warms its worker up with it, and a Run of that example
// pressed while that warm-up run goes on takes it over (its output so far,
// the rest streamed, its result) instead of waiting for it and running the
// program again. Another program waits for the warm-up run as before. The
// next run of the example is a run of its own.
func TestRunOfThePageExampleTakesOverItsWarmUp(t *testing.T) {
	ctx, p := keptPlayground(t)
	other := strings.Replace(pageExample, `"done"`, `"other"`, 1)
	for _, tc := range []struct {
		name, source, want string
		takenOver          float64
	}{
		{"the page's example", pageExample, pageExampleOutput, 1},
		{"another program", other, strings.Replace(pageExampleOutput, "done", "other", 1), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type figures struct {
				Stdout, Streamed, Error, Again string
				TakenOver, TakenOverAfter      float64
			}
			got := eval[figures](t, ctx, `(async () => {
				const rt = new playground.runtime.constructor({warmUp: `+js(pageExample)+`});
				try {
					await rt.ready; // the warm-up run of the example has just started
					const chunks = [];
					const r = await rt.run(`+js(tc.source)+`, {onStdout: (c) => chunks.push(c), timeoutMs: 60000});
					const takenOver = rt.stats().warmUpsTakenOver;
					const again = await rt.run(`+js(tc.source)+`, {timeoutMs: 60000});
					return {Stdout: r.stdout, Streamed: chunks.join(""), Error: r.error ? r.error.kind + ": " + r.error.message : "",
						Again: again.stdout, TakenOver: takenOver, TakenOverAfter: rt.stats().warmUpsTakenOver};
				} finally {
					rt.close();
				}
			})()`)
			require.Empty(t, got.Error, "run of %q", tc.name)
			assert.Equal(t, tc.want, got.Stdout, "stdout of the run")
			assert.Equal(t, tc.want, got.Streamed, "what onStdout received")
			assert.Equal(t, tc.want, got.Again, "stdout of the next run")
			assert.Equal(t, tc.takenOver, got.TakenOver, "warm-up runs taken over by the first run")
			assert.Equal(t, tc.takenOver, got.TakenOverAfter, "warm-up runs taken over after the next run")
		})
	}
	assert.Empty(t, p.All())
}

// TestWarmUpProgramsRun: every warm-up program runs to its end. One that
// the engine refuses warms up nothing but the parser, and nobody sees it
// fail, since a warm-up's result is discarded.
func TestWarmUpProgramsRun(t *testing.T) {
	ctx, p := keptPlayground(t)
	got := eval[[]string](t, ctx, `(async () => {
		const { WARM_UPS } = await import("./js/runtime.js");
		const out = [];
		for (const source of WARM_UPS) {
			// A cold run on a loaded machine may take more than the default.
			const r = await playground.runtime.run(source, {timeoutMs: 60000});
			out.push(r.error ? r.error.kind + ": " + r.error.message : "exit " + r.exitCode);
		}
		return out;
	})()`)
	require.NotEmpty(t, got, "no warm-up programs")
	for i, res := range got {
		assert.Equal(t, "exit 0", res, "warm-up program %d", i)
	}
	assert.Empty(t, p.All())
}

// busyLoop is a program that counts to N, N written in its source: the
// CPU-bound warm-up TestFormatWaitsForTheWarmUpRun keeps a worker busy with.
const busyLoop = `package main

import "fmt"

func main() {
	n := 0
	for i := 0; i < N; i++ {
		n += i % 7
	}
	fmt.Println(n)
}
`

// TestFormatWaitsForTheWarmUpRun: Format pressed while the page's worker
// runs its warm-up program waits for that program, and its timeout counts
// from there. It used to count from the press: on a loaded machine a warm-up
// run longer than the timeout made Format fail ("format did not answer")
// and killed a healthy worker.
//
// The warm-up must outlast the format's timeout (1 s) and stay well inside
// the warm-up's own limit (30 s) however busy the machine is, so its length
// is measured, not guessed: a warm run of the loop on the shared playground
// gives this machine's speed now, and the warm-up counts for about 6 s of
// it (a cold worker only takes longer).
func TestFormatWaitsForTheWarmUpRun(t *testing.T) {
	ctx, p := tab(t)
	openPlayground(t, ctx)
	type figures struct {
		Source, Error string
		WarmingUp     bool
		ElapsedMs     float64
		Iterations    float64
	}
	got := eval[figures](t, ctx, `(async () => {
		const loop = (n) => `+js(busyLoop)+`.replace("N", String(n));
		const probe = 1000000;
		let perMs = 0;
		for (let i = 0; i < 3; i++) { // the last run is a warm one
			const t0 = performance.now();
			const p = await playground.runtime.run(loop(probe), {timeoutMs: 60000});
			if (p.error) throw new Error("the loop did not run: " + p.error.message);
			perMs = probe / Math.max(1, performance.now() - t0);
		}
		const n = Math.round(Math.min(Math.max(perMs * 6000, probe), 200 * probe));
		const rt = new playground.runtime.constructor({warmUp: loop(n), timeoutMs: 1000});
		try {
			await rt.ready; // the warm-up run has just started
			const warmingUp = rt.stats().lastWarmUpMs === null;
			const start = performance.now();
			let source = "", error = "";
			try {
				({ source } = await rt.format("package main\nfunc main( ) {  }\n"));
			} catch (err) {
				error = err.code + ": " + err.message;
			}
			const elapsed = performance.now() - start;
			return {Source: source, Error: error, WarmingUp: warmingUp, ElapsedMs: elapsed, Iterations: n};
		} finally {
			rt.close();
		}
	})()`)
	t.Logf("warm-up of %.0f iterations; the format answered after %.0f ms", got.Iterations, got.ElapsedMs)
	require.True(t, got.WarmingUp, "the warm-up run was over before Format was pressed")
	require.Empty(t, got.Error, "format during the warm-up run")
	assert.Equal(t, "package main\n\nfunc main() {}\n", got.Source)
	assert.Greater(t, got.ElapsedMs, 1000.0, "the format did not wait for the warm-up run: this test proves nothing")
	assert.Empty(t, p.All())
}
