//go:build !js

package main

import (
	"cmp"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"

	"github.com/flakylab/flakylab/tests/browser"
)

// request is one request of a first visit as the tab's Network domain saw
// it (the page and its dedicated workers), in seconds from the document's
// request.
type request struct {
	id        network.RequestID
	path      string
	kind      string  // CDP resource type: Document, Script, Fetch, …
	initiator string  // what asked: parser, script, preload, other
	sent      float64 // the request left
	headers   float64 // its response headers arrived (0: never)
	done      float64 // its last byte arrived (0: never)
	bytes     int64   // encoded bytes received
	cached    bool    // answered from a cache, not the network
}

// waterfall collects the requests of one page load from CDP network events.
type waterfall struct {
	mu    sync.Mutex
	start float64 // MonotonicTime of the first request, in seconds
	byID  map[network.RequestID]*request
	order []*request
}

// seconds is a CDP monotonic time in seconds.
func seconds(t cdp.MonotonicTime) float64 {
	return t.Float64()
}

func newWaterfall() *waterfall {
	return &waterfall{byID: map[network.RequestID]*request{}}
}

func (w *waterfall) at(ts float64) float64 {
	if w.start == 0 {
		w.start = ts
	}
	return ts - w.start
}

// listen takes the events of chromedp.Listen.
func (w *waterfall) listen(ev any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		if e.Request == nil {
			return
		}
		r := &request{id: e.RequestID, path: shortPath(e.Request.URL), kind: string(e.Type), sent: w.at(seconds(e.Timestamp))}
		if e.Initiator != nil {
			r.initiator = string(e.Initiator.Type)
		}
		if old, ok := w.byID[e.RequestID]; ok { // a redirect reuses the id
			*old = *r
			return
		}
		w.byID[e.RequestID] = r
		w.order = append(w.order, r)
	case *network.EventResponseReceived:
		if r, ok := w.byID[e.RequestID]; ok {
			// The event's own time is when it was reported, which can be
			// after the body; the timing says when the headers came.
			r.headers = w.at(seconds(e.Timestamp))
			if e.Response == nil {
				return
			}
			if t := e.Response.Timing; t != nil && t.ReceiveHeadersEnd > 0 {
				r.headers = w.at(t.RequestTime + t.ReceiveHeadersEnd/1000)
			}
			r.cached = e.Response.FromDiskCache || e.Response.FromServiceWorker || e.Response.FromPrefetchCache
		}
	case *network.EventLoadingFinished:
		if r, ok := w.byID[e.RequestID]; ok {
			r.done = w.at(seconds(e.Timestamp))
			r.bytes = int64(e.EncodedDataLength)
		}
	}
}

// shortPath is a URL's path (and query) without the server's address; data:
// URLs are cut short.
func shortPath(raw string) string {
	if strings.HasPrefix(raw, "data:") {
		return "data:…"
	}
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	p := strings.TrimPrefix(u.Path, "/")
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p
}

// requests returns a copy of what was seen, in the order the requests left,
// up to cutoff seconds (the first run's end): what came later is not on
// the critical path.
func (w *waterfall) requests(cutoff float64) []request {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []request
	for _, r := range w.order {
		if r.sent <= cutoff {
			out = append(out, *r)
		}
	}
	slices.SortStableFunc(out, func(a, b request) int { return cmp.Compare(a.sent, b.sent) })
	return out
}

// printWaterfall draws the requests of one first visit on a time line of
// width columns from 0 to end seconds: '·' waiting for the answer, '=' the
// body arriving. Marks (runtime ready, run finished, …) follow as lines.
func printWaterfall(reqs []request, marks []mark, end float64) {
	const width = 56
	col := func(t float64) int {
		c := int(t / end * width)
		return min(max(c, 0), width-1)
	}
	fmt.Printf("  %-34s %-9s %6s %6s %6s %8s  0%s%.1f s\n", "request (before the run ended)", "by", "sent", "hdrs", "done", "KB", strings.Repeat(" ", width-6), end)
	for _, r := range reqs {
		bar := []byte(strings.Repeat(" ", width))
		from, hdr, to := col(r.sent), col(r.headers), col(r.done)
		if r.done == 0 {
			to = width - 1
		}
		if r.headers == 0 {
			hdr = to
		}
		for c := from; c <= to; c++ {
			bar[c] = '='
			if c < hdr {
				bar[c] = '.'
			}
		}
		done := fmt.Sprintf("%6.2f", r.done)
		if r.done == 0 {
			done = "     -"
		}
		name := r.path
		if len(name) > 34 {
			name = "…" + name[len(name)-33:]
		}
		note := ""
		if r.cached {
			note = " (cache)"
		}
		fmt.Printf("  %-34s %-9s %6.2f %6.2f %s %8.1f  |%s|%s\n", name, r.initiator, r.sent, r.headers, done, float64(r.bytes)/1e3, strings.ReplaceAll(string(bar), ".", "·"), note)
	}
	for _, m := range marks {
		if m.at <= 0 {
			continue
		}
		bar := []byte(strings.Repeat(" ", width))
		bar[col(m.at)] = '^'
		fmt.Printf("  %-34s %-9s %6.2f %6s %6s %8s  |%s|\n", m.name, "", m.at, "", "", "", string(bar))
	}
}

// mark is a moment of a first visit worth seeing beside the requests.
type mark struct {
	name string
	at   float64 // seconds from the document's request
}

// addUnseen adds the answers the tab's Network domain did not see to the
// end (a dedicated worker's own requests: its script's body, importScripts)
// from the server's log, and drops the tab's rows for them that never
// finished. Server times are moved onto the tab's clock through the
// document's request: the server saw it latency after the tab sent it, and
// the tab sees an answer latency after the server wrote it.
func addUnseen(reqs []request, served []browser.Response, latency float64) []request {
	if len(reqs) == 0 || len(served) == 0 {
		return reqs
	}
	doc := served[0].Start
	seen := map[string]bool{}
	var kept []request
	for _, r := range reqs {
		if r.done == 0 && r.headers == 0 {
			continue
		}
		seen[r.path] = true
		kept = append(kept, r)
	}
	cutoff := reqs[len(reqs)-1].sent
	for _, s := range served {
		path := strings.TrimPrefix(s.Path, "/")
		if seen[path] {
			continue
		}
		at := func(t time.Time) float64 { return reqs[0].sent + t.Sub(doc).Seconds() + latency }
		r := request{path: path, initiator: "(server)", sent: at(s.Start) - 2*latency, headers: at(s.Start), done: at(s.End), bytes: s.Bytes}
		if r.sent > cutoff {
			continue
		}
		seen[path] = true
		kept = append(kept, r)
	}
	slices.SortStableFunc(kept, func(a, b request) int { return cmp.Compare(a.sent, b.sent) })
	return kept
}
