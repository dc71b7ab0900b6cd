//go:build browser

package site

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// stormRow is a row of a storm table as the page shows it.
type stormRow struct {
	Strategy string   `json:"strategy"`
	Cells    []string `json:"cells"`
}

func stormTable(t *testing.T, ctx context.Context, view string) map[string][]string {
	t.Helper()
	var rows []stormRow
	js := `JSON.stringify([...document.querySelectorAll('figure[data-sim="storm"] [data-view="` + view + `"] [data-role="table"] tbody tr')].map((tr) => ({strategy: tr.cells[0].textContent, cells: [...tr.cells].slice(1).map((c) => c.textContent)})))`
	if err := json.Unmarshal([]byte(evalString(t, ctx, js)), &rows); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, r := range rows {
		out[r.Strategy] = r.Cells
	}
	return out
}

// number reads a table cell such as "1 836" or "4.3 s" (in seconds) or
// "1.2 min".
func number(t *testing.T, cell string) float64 {
	t.Helper()
	s := strings.ReplaceAll(strings.TrimSuffix(cell, "%"), "\u2009", "")
	scale := 1.0
	switch {
	case strings.HasSuffix(s, " min"):
		s, scale = strings.TrimSuffix(s, " min"), 60
	case strings.HasSuffix(s, " s"):
		s = strings.TrimSuffix(s, " s")
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("cell %q is not a number: %v", cell, err)
	}
	return f * scale
}

const stormFig = `document.querySelector('figure[data-sim="storm"]')`

// setSlider moves a view's slider as a learner would and waits for the
// re-simulation it starts.
func setSlider(t *testing.T, ctx context.Context, view, name string, value int) {
	t.Helper()
	runs := evalString(t, ctx, stormFig+`.dataset.runs`)
	evalString(t, ctx, `(() => { const i = `+stormFig+`.querySelector('[data-view="`+view+`"] input[name="`+name+`"]'); i.value = "`+strconv.Itoa(value)+`"; i.dispatchEvent(new Event("input", {bubbles: true})); return ""; })()`)
	if err := waitFor(ctx, stormFig+`.dataset.runs !== `+quote(runs), stepWait); err != nil {
		failWithShot(t, ctx, "storm", "moving %s to %d did not re-simulate: %v", name, value, err)
	}
}

// TestStormChartTellsOneStory drives the retry-storm simulation of section 4
// in headless Chromium: the study's view comes first and shows full jitter
// doing less than half the work of plain exponential backoff; every column
// is explained; sliders re-simulate in the page's Go runtime; in the
// outage's view the series that leaves the chart is marked as clipped, not
// drawn along the top; and at 390 px nothing in the figure is cut off.
func TestStormChartTellsOneStory(t *testing.T) {
	t.Parallel()
	srv := startServer(t, mustDist(t), "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	load(t, ctx, srv.URL+"backoff-and-jitter.html")
	if err := waitFor(ctx, stormFig+`.dataset.runs >= "2"`, 60*time.Second); err != nil {
		failWithShot(t, ctx, "storm", "the simulation never ran: %v", err)
	}
	if got := evalString(t, ctx, stormFig+`.querySelector('[role="tab"][aria-selected="true"]').dataset.view + " " + `+stormFig+`.querySelector('[data-view="overload"].sim-view').hidden`); got != "contention true" {
		failWithShot(t, ctx, "storm", "the first view shown is %q, want the study's (contention) with the outage's hidden", got)
	}

	// The study's story: at 100 clients full jitter needs less than half
	// the writes of exponential backoff and finishes far sooner.
	rows := stormTable(t, ctx, "contention")
	exp, fj := rows["exponential"], rows["full-jitter"]
	if len(exp) != 2 || len(fj) != 2 {
		failWithShot(t, ctx, "storm", "the study's table has rows %v, want exponential and full-jitter among them", rows)
	}
	if w, e := number(t, fj[0]), number(t, exp[0]); w >= e/2 {
		t.Errorf("at 100 clients full jitter makes %v writes and exponential %v: want less than half", w, e)
	}
	if d, e := number(t, fj[1]), number(t, exp[1]); d*5 >= e {
		t.Errorf("at 100 clients full jitter is done after %v s and exponential after %v s: want five times sooner", d, e)
	}
	if got := evalString(t, ctx, stormFig+`.querySelector('[data-view="contention"] [data-role="takeaway"]').textContent`); !strings.Contains(got, "full jitter needs "+fj[0]+" writes") {
		t.Errorf("the study's takeaway does not state the live numbers: %q", got)
	}

	// Every column of both tables is explained next to it.
	missing := evalString(t, ctx, `[...`+stormFig+`.querySelectorAll('.sim-view')].flatMap((v) => [...v.querySelectorAll('thead th')].slice(1).map((th) => th.textContent).filter((c) => ![...v.querySelectorAll('.sim-columns dt')].some((dt) => dt.textContent === c))).join(", ")`)
	if missing != "" {
		t.Errorf("columns without an explanation: %s", missing)
	}

	// A slider re-simulates live: fewer clients, fewer writes.
	setSlider(t, ctx, "contention", "clients", 50)
	rows50 := stormTable(t, ctx, "contention")
	if number(t, rows50["exponential"][0]) >= number(t, exp[0]) {
		t.Errorf("50 clients made %s writes with exponential backoff, 100 made %s: the table did not follow the slider", rows50["exponential"][0], exp[0])
	}
	if got := evalString(t, ctx, stormFig+`.querySelector('[data-view="contention"] [data-role="clients-text"]').textContent`); got != "50" {
		t.Errorf("the study's text says %s clients after moving the slider to 50", got)
	}

	// The outage's view: a line chart; immediate retry goes above it and
	// is marked as clipped, and the plotted line never runs along the top.
	evalString(t, ctx, stormFig+`.querySelector('[role="tab"][data-view="overload"]').click(), ""`)
	if err := waitFor(ctx, stormFig+`.querySelector('[data-view="overload"] canvas') !== null`, stepWait); err != nil {
		failWithShot(t, ctx, "storm", "the outage's view has no chart: %v", err)
	}
	var clip struct {
		Strategies []string `json:"strategies"`
		PlottedMax float64  `json:"plottedMax"`
		Top        float64  `json:"top"`
	}
	if err := json.Unmarshal([]byte(evalString(t, ctx, `(() => { const s = `+stormFig+`.storm; return JSON.stringify({strategies: s.clipped.map((c) => c.strategy), top: s.top, plottedMax: Math.max(...s.plot.data.slice(1).flat().filter((v) => v !== null))}); })()`)), &clip); err != nil {
		t.Fatal(err)
	}
	if len(clip.Strategies) != 1 || clip.Strategies[0] != "immediate" {
		t.Errorf("clipped series %v, want immediate alone", clip.Strategies)
	}
	if clip.PlottedMax > clip.Top {
		t.Errorf("a plotted value (%v) lies above the chart's top (%v): clipped stretches must be left out of the line", clip.PlottedMax, clip.Top)
	}
	if note := evalString(t, ctx, stormFig+`.querySelector('[data-view="overload"] [data-role="note"]').textContent`); !strings.Contains(note, "immediate goes off the top of the chart") {
		t.Errorf("the note does not say that immediate is clipped: %q", note)
	}
	before := stormTable(t, ctx, "overload")
	setSlider(t, ctx, "overload", "outage", 5)
	after := stormTable(t, ctx, "overload")
	if before["exponential"][0] == after["exponential"][0] {
		t.Errorf("a 5 s outage gave exponential backoff the same calls (%s) as a 15 s one", after["exponential"][0])
	}
	t.Logf("re-simulation times (simMs in the worker, wallMs round trip): %s", evalString(t, ctx, `JSON.stringify(`+stormFig+`.storm.timings)`))

	// On a phone nothing in the figure is cut off, in either view.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	load(t, ctx, srv.URL+"backoff-and-jitter.html")
	if err := waitFor(ctx, stormFig+`.dataset.runs >= "2"`, 60*time.Second); err != nil {
		failWithShot(t, ctx, "storm-phone", "the simulation never ran: %v", err)
	}
	for _, view := range []string{"contention", "overload"} {
		evalString(t, ctx, stormFig+`.querySelector('[role="tab"][data-view="`+view+`"]').click(), ""`)
		time.Sleep(300 * time.Millisecond)
		over := evalString(t, ctx, `(() => {
  const f = `+stormFig+`;
  const right = Math.min(document.documentElement.clientWidth, f.getBoundingClientRect().right) + 1;
  const bad = [...f.querySelectorAll("*")].filter((e) => {
    if (e.closest("[hidden]") || e.getClientRects().length === 0) return false;
    return e.getBoundingClientRect().right > right || e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible";
  });
  return bad.slice(0, 5).map((e) => e.tagName.toLowerCase() + "." + [...e.classList].join(".") + (e.dataset.role ? "[" + e.dataset.role + "]" : "")).join(", ");
})()`)
		if over != "" {
			failWithShot(t, ctx, "storm-phone-"+view, "at 390 px the %s view cuts off: %s", view, over)
		}
	}
	if got := p.All(); len(got) > 0 {
		t.Errorf("problems:\n  %s", strings.Join(got, "\n  "))
	}
}

// TestStormPictureOpensOnTheStudy: the intro's picture has no settings and
// opens on the study's result, exponential backoff against full jitter.
func TestStormPictureOpensOnTheStudy(t *testing.T) {
	t.Parallel()
	srv := startServer(t, mustDist(t), "/")
	ctx := newBrowser(t)
	load(t, ctx, srv.URL+"intro.html")
	if err := waitFor(ctx, stormFig+`.dataset.runs >= "2"`, 60*time.Second); err != nil {
		failWithShot(t, ctx, "storm-intro", "the picture never simulated: %v", err)
	}
	if got := evalString(t, ctx, `String(`+stormFig+`.querySelectorAll('input').length)`); got != "0" {
		t.Errorf("the picture has %s inputs, want none", got)
	}
	rows := stormTable(t, ctx, "contention")
	if len(rows) != 2 || rows["exponential"] == nil || rows["full-jitter"] == nil {
		t.Errorf("the picture's table %v, want exponential and full-jitter", rows)
	}
	if got := evalString(t, ctx, stormFig+`.querySelector('[role="tab"][aria-selected="true"]').dataset.view`); got != "contention" {
		t.Errorf("the picture opens on %q, want the study's view", got)
	}
}
