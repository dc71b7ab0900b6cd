//go:build !js

package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// startProfile starts V8's sampling profiler on the page's main thread.
func startProfile(tab context.Context) error {
	if _, err := chromedp.Call(tab, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(tab, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		return err
	}
	_, err := chromedp.Call(tab, profiler.Start, cdp.Empty{})
	return err
}

// stopProfile stops the profiler and prints the functions with the most
// self time. Time spent in the browser on behalf of a script (a layout that
// reading scrollWidth forces) counts as that script's.
func stopProfile(tab context.Context) error {
	r, err := chromedp.Call(tab, profiler.Stop, cdp.Empty{})
	if err != nil {
		return err
	}
	p := r.Profile
	nodes := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		nodes[n.ID] = n
	}
	self := map[string]float64{}
	for i, id := range p.Samples {
		if i >= len(p.TimeDeltas) {
			break
		}
		f := nodes[id].CallFrame
		// Line numbers are 0-based in the profile.
		self[fmt.Sprintf("%s %s:%d", f.FunctionName, f.URL, f.LineNumber+1)] += float64(p.TimeDeltas[i]) / 1000
	}
	type row struct {
		what string
		ms   float64
	}
	var rows []row
	for k, v := range self {
		rows = append(rows, row{k, v})
	}
	slices.SortFunc(rows, func(a, b row) int { return cmp.Compare(b.ms, a.ms) })
	fmt.Println("  JavaScript profile, self time:")
	for i, r := range rows {
		if i == 15 {
			break
		}
		fmt.Printf("    %8.1f ms  %s\n", r.ms, r.what)
	}
	return nil
}
