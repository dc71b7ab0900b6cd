//go:build browser

package site

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
)

// offlineCopyHas is true once the service worker controls the page and its
// copy holds the Go runtime.
const offlineCopyHas = `(async () => {
  if (!navigator.serviceWorker.controller) return false;
  const keys = await caches.keys();
  if (keys.length !== 1) return false;
  return Boolean(await (await caches.open(keys[0])).match(new URL("flakylab.wasm", location.href).href));
})()`

// TestFirstVisitDownloadsTheRuntimeOnce opens a lesson in a fresh browser
// and waits for the offline copy to hold the runtime: the server must have
// sent flakylab.wasm whole exactly once (the copy revalidates what the page
// downloaded), and the service worker must have been asked for only after
// the runtime was downloaded.
func TestFirstVisitDownloadsTheRuntimeOnce(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	load(t, ctx, srv.URL+"token-bucket.html")
	if got := evalString(t, ctx, runtimeState); got != "ready" {
		failWithShot(t, ctx, "first-visit", "the Go runtime is %q, not ready", got)
	}
	if err := waitFor(ctx, offlineCopyHas, 60*time.Second); err != nil {
		failWithShot(t, ctx, "first-visit", "the offline copy never held the runtime: %v", err)
	}
	log := srv.Responses()
	var wasm []browser.Response
	sw, wasmDone := -1, -1
	for i, r := range log {
		switch r.Path {
		case "/flakylab.wasm":
			wasm = append(wasm, r)
			if r.Status == 200 && wasmDone < 0 {
				wasmDone = i
			}
		case "/sw.js":
			if sw < 0 {
				sw = i
			}
		}
	}
	var full int
	for _, r := range wasm {
		if r.Status == 200 {
			full++
		}
	}
	if full != 1 {
		t.Errorf("flakylab.wasm was sent whole %d times on the first visit, want 1; its answers: %s", full, describe(wasm))
	}
	if sw < wasmDone {
		t.Errorf("the service worker (answer %d) was fetched before the runtime's download ended (answer %d)", sw, wasmDone)
	}
	if got := p.All(); len(got) > 0 {
		t.Errorf("page problems:\n  %s", strings.Join(got, "\n  "))
	}
}

func describe(rs []browser.Response) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%d %s %d bytes", r.Status, r.Encoding, r.Bytes))
	}
	return strings.Join(parts, "; ")
}

// scriptsWith lists the scripts the page loaded (itself and its workers
// aside) whose text contains the marker, and the count of scripts loaded.
const scriptsWith = `(async (marker) => {
  const urls = performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.endsWith(".js"));
  const hits = [];
  for (const u of urls) if ((await (await fetch(u)).text()).includes(marker)) hits.push(u.slice(u.lastIndexOf("/") + 1));
  return urls.length + ": " + hits.join(" ");
})`

// TestIndexLoadsOnlyWhatItUses: the course index shows progress, the
// review count and the progress file; it must not load the editor, the
// storm chart or the exercise pages' script. The lesson with examples and
// the storm chart loads the first two (so the markers do find them).
func TestIndexLoadsOnlyWhatItUses(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	markers := []struct{ what, marker string }{
		{"the editor (CodeMirror)", "cm-activeLineGutter"},
		{"the storm chart (uPlot)", "u-legend"},
	}
	load(t, ctx, srv.URL+"index.html")
	for _, m := range markers {
		got := evalString(t, ctx, scriptsWith+`(`+fmt.Sprintf("%q", m.marker)+`)`)
		if _, hits, _ := strings.Cut(got, ": "); hits != "" {
			t.Errorf("the index loaded %s: scripts %s", m.what, hits)
		}
	}
	if got := evalString(t, ctx, `performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.endsWith("/exercise.js")).join(" ")`); got != "" {
		t.Errorf("the index loaded the exercise pages' script: %s", got)
	}
	load(t, ctx, srv.URL+"backoff-and-jitter.html")
	for _, m := range markers {
		got := evalString(t, ctx, scriptsWith+`(`+fmt.Sprintf("%q", m.marker)+`)`)
		if _, hits, _ := strings.Cut(got, ": "); hits == "" {
			t.Errorf("the storm lesson loaded no script with %s (%q): the marker finds nothing", m.what, m.marker)
		}
	}
	if got := p.All(); len(got) > 0 {
		t.Errorf("page problems:\n  %s", strings.Join(got, "\n  "))
	}
}

// firstRunProbe clicks Run on the first example as soon as its editor is
// mounted (while the runtime still loads) and records, in ms from
// navigation start, when that was, when the runtime said ready, when the
// run ended and when the page registered its service worker.
const firstRunProbe = `window.firstRun = {};
if (navigator.serviceWorker) {
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => {
    window.firstRun.registered ??= performance.now();
    return register(...args);
  };
}
const firstRunPoll = setInterval(() => {
  const f = window.firstRun;
  const rt = document.querySelector('[data-role="runtime"]');
  if (!f.ready && rt && rt.dataset.state === "ready") f.ready = performance.now();
  const ex = document.querySelector("section.example[data-example]");
  if (!ex) return;
  if (!f.clicked && ex.querySelector(".cm-editor")) {
    ex.querySelector('button[data-action="run"]').click();
    f.clicked = performance.now();
  }
  const meta = ex.querySelector('[data-role="meta"]');
  if (f.clicked && !f.ran && ex.dataset.running === "false" && /\b(ok|failed)\b/.test(meta.className)) {
    f.ran = performance.now();
    f.outcome = meta.textContent;
  }
}, 5);`

// TestOfflineCopyWaitsForTheFirstRun: on a first visit, Run pressed while
// the runtime loads runs alone: the page registers its service worker (and
// the offline copy's requests start) only after that run has ended. The
// page's link is slowed to 9 Mbps, as in make bench-web.
func TestOfflineCopyWaitsForTheFirstRun(t *testing.T) {
	// Not parallel: it times the page itself (see harness_test.go).
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: firstRunProbe}); err != nil {
		t.Fatal(err)
	}
	// Over a 9 Mbps link the runtime takes seconds to arrive while the
	// editor takes a fraction of one, so Run is pressed while it loads even
	// on a machine too busy to mount the editor quickly.
	const bytesPerSec = 9e6 / 8
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	link := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{
		{Latency: 60, DownloadThroughput: bytesPerSec, UploadThroughput: bytesPerSec},
	}}
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, link); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"token-bucket.html")); err != nil {
		t.Fatal(err)
	}
	if err := waitFor(ctx, `window.firstRun.ran > 0 && window.firstRun.registered > 0`, 90*time.Second); err != nil {
		failWithShot(t, ctx, "first-run-offline", "the first run or the registration never happened: %v (probe %s)", err,
			evalString(t, ctx, `JSON.stringify(window.firstRun)`))
	}
	type probe struct {
		Clicked, Ready, Ran, Registered float64
		Outcome                         string
	}
	f, err := chromedp.Run(ctx, chromedp.Evaluate[probe](`window.firstRun`))
	require.NoError(t, err)
	require.Less(t, f.Clicked, f.Ready, "Run was not pressed while the runtime loaded: %+v", f)
	assert.Contains(t, f.Outcome, "finished", "the first run: %+v", f)
	assert.GreaterOrEqual(t, f.Registered, f.Ran, "the service worker was registered %.0f ms before the first run ended: %+v", f.Ran-f.Registered, f)
	if err := waitFor(ctx, offlineCopyHas, 60*time.Second); err != nil {
		failWithShot(t, ctx, "first-run-offline", "the offline copy never held the runtime: %v", err)
	}
	if got := p.All(); len(got) > 0 {
		t.Errorf("page problems:\n  %s", strings.Join(got, "\n  "))
	}
}

// quizShown is true once the lesson's quick checks have their questions.
const quizShown = `document.querySelector("[data-quiz] .quiz-questions li") !== null`

// bankTiming says, in ms from navigation start, when quiz/bank.json was
// asked for and when the runtime's last byte came (0: not yet), and the
// runtime's state then.
const bankTiming = `(() => {
  const find = (p) => performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname.endsWith(p));
  const bank = find("/quiz/bank.json"), wasm = find("/flakylab.wasm");
  return {bankAsked: bank ? bank.startTime : -1, wasmEnd: wasm ? wasm.responseEnd : 0,
    runtime: document.querySelector('[data-role="runtime"]').dataset.state ?? ""};
})()`

type bankTimes struct {
	BankAsked float64 `json:"bankAsked"`
	WasmEnd   float64 `json:"wasmEnd"`
	Runtime   string  `json:"runtime"`
}

// TestQuizBankWaitsForTheRuntime: on a lesson's first visit the runtime's
// download has the line to itself: the quick checks' questions
// (quiz/bank.json) are asked for only after its last byte, unless the
// learner scrolls to the quiz first, and then they come at once. The link
// is emulated by the server (browser.Link), slow enough at 1 Mbps that the
// runtime takes over 20 s to arrive.
func TestQuizBankWaitsForTheRuntime(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	const lesson = "token-bucket.html"
	t.Run("quiz out of view", func(t *testing.T) {
		srv := shapedServer(t, dist, browser.Link{Mbps: 9, RTT: 60 * time.Millisecond})
		ctx := newBrowser(t)
		p := watch(t, ctx)
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+lesson)); err != nil {
			t.Fatal(err)
		}
		below := evalBool(t, ctx, `document.querySelector("[data-quiz]").getBoundingClientRect().top > 2 * innerHeight`)
		require.True(t, below, "the quiz of %s is within two screens of the top: this case needs it out of view", lesson)
		if err := waitFor(ctx, quizShown, 90*time.Second); err != nil {
			failWithShot(t, ctx, "bank-after-runtime", "the quiz never showed its questions: %v", err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[bankTimes](bankTiming))
		require.NoError(t, err)
		require.Positive(t, got.WasmEnd, "the quiz showed before the runtime's download ended: %+v", got)
		// The page learns of the last byte from its counted copy of the
		// body, which can be delivered a millisecond before the
		// browser's resource timing marks the response's end (seen:
		// 0.7 ms in a CI run); a request made earlier than that would
		// share the line with the runtime's last megabytes.
		const slack = 25 // ms
		assert.GreaterOrEqual(t, got.BankAsked, got.WasmEnd-slack, "quiz/bank.json was asked for %.0f ms before the runtime's last byte: %+v", got.WasmEnd-got.BankAsked, got)
		if got := p.All(); len(got) > 0 {
			t.Errorf("page problems:\n  %s", strings.Join(got, "\n  "))
		}
	})
	t.Run("learner at the quiz", func(t *testing.T) {
		srv := shapedServer(t, dist, browser.Link{Mbps: 1, RTT: 60 * time.Millisecond})
		ctx := newBrowser(t)
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+lesson)); err != nil {
			t.Fatal(err)
		}
		if err := waitFor(ctx, `document.querySelector("[data-quiz]") !== null`, stepWait); err != nil {
			t.Fatal(err)
		}
		evalBool(t, ctx, `(document.querySelector("[data-quiz]").scrollIntoView(), true)`)
		if err := waitFor(ctx, quizShown, 60*time.Second); err != nil {
			failWithShot(t, ctx, "bank-when-seen", "the quiz in view never showed its questions: %v", err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[bankTimes](bankTiming))
		require.NoError(t, err)
		assert.NotEqual(t, "ready", got.Runtime, "the runtime was ready before the quiz showed: the case proves nothing (%+v)", got)
		assert.True(t, got.WasmEnd == 0 || got.BankAsked < got.WasmEnd, "quiz/bank.json waited for the runtime although the quiz was in view: %+v", got)
	})
}

// shapedServer serves dir behind an emulated link until the test ends.
func shapedServer(t *testing.T, dir string, l browser.Link) *browser.Server {
	t.Helper()
	s, err := browser.ServeOver(dir, l)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}
