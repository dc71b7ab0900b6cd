//go:build !js

package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are those of the DevTools Performance panel, plus the
// garbage collector's and the message (de)serialisation of workers.
const traceCategories = "-*,toplevel,devtools.timeline,disabled-by-default-devtools.timeline," +
	"disabled-by-default-devtools.timeline.frame,v8,v8.execute,disabled-by-default-v8.gc,blink,blink.user_timing,loading"

// recorder collects a Chromium trace of one tab (CDP Tracing domain).
type recorder struct {
	mu     sync.Mutex
	events []json.RawMessage
	done   chan struct{}
}

func startTrace(tab context.Context) (*recorder, error) {
	r := &recorder{done: make(chan struct{})}
	err := chromedp.Listen(tab, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			r.mu.Lock()
			for _, v := range e.Value {
				r.events = append(r.events, json.RawMessage(slices.Clone([]byte(v))))
			}
			r.mu.Unlock()
		case *tracing.EventTracingComplete:
			close(r.done)
		}
	})
	if err != nil {
		return nil, err
	}
	_, err = chromedp.Call(tab, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: strings.Split(traceCategories, ",")},
	})
	return r, err
}

// stop ends the trace and waits for every event.
func (r *recorder) stop(tab context.Context) ([]traceEvent, []json.RawMessage, error) {
	if _, err := chromedp.Call(tab, tracing.End, cdp.Empty{}); err != nil {
		return nil, nil, err
	}
	select {
	case <-r.done:
	case <-tab.Done():
		return nil, nil, tab.Err()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	events := make([]traceEvent, 0, len(r.events))
	for _, raw := range r.events {
		var e traceEvent
		if json.Unmarshal(raw, &e) == nil {
			events = append(events, e)
		}
	}
	return events, r.events, nil
}

// traceEvent is the part of a Chromium trace event this tool reads.
type traceEvent struct {
	Name string         `json:"name"`
	Ph   string         `json:"ph"`
	Ts   float64        `json:"ts"`   // µs
	Dur  float64        `json:"dur"`  // µs, complete ("X") events
	Tdur float64        `json:"tdur"` // µs of the thread's CPU time
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Args map[string]any `json:"args"`
}

// writeTrace saves the raw events in the format chrome://tracing and the
// DevTools Performance panel load.
func writeTrace(path string, raw []json.RawMessage) error {
	b, err := json.Marshal(map[string]any{"traceEvents": raw})
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// mainThread returns the complete events of the page's main thread (the
// renderer thread named CrRendererMain that ran the most tasks), in order,
// an enclosing event before the events inside it.
func mainThread(events []traceEvent) []traceEvent {
	names := map[[2]int]string{}
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" {
			if n, ok := e.Args["name"].(string); ok {
				names[[2]int{e.Pid, e.Tid}] = n
			}
		}
	}
	tasks := map[[2]int]int{}
	for _, e := range events {
		if e.Ph == "X" && e.Name == "RunTask" && names[[2]int{e.Pid, e.Tid}] == "CrRendererMain" {
			tasks[[2]int{e.Pid, e.Tid}]++
		}
	}
	var main [2]int
	for k, n := range tasks {
		if n > tasks[main] {
			main = k
		}
	}
	var mine []traceEvent
	for _, e := range events {
		if e.Pid == main[0] && e.Tid == main[1] && e.Ph == "X" {
			mine = append(mine, e)
		}
	}
	slices.SortFunc(mine, func(a, b traceEvent) int {
		return cmp.Or(cmp.Compare(a.Ts, b.Ts), cmp.Compare(b.Dur, a.Dur))
	})
	return mine
}

// threadFigures are the main thread's tasks during a flood. Wall time is
// what a learner waits; CPU time is the work the page asked for. On a
// machine whose cores are shared by many processes the two differ by an
// order of magnitude: the thread waits for a core.
type threadFigures struct {
	tasks                 int
	messages              int     // worker messages handled
	cpuMs                 float64 // CPU time of all tasks
	longestWallMs         float64
	longestCPUMs          float64 // the most CPU time one task took
	selfWallMs, selfCPUMs map[string]float64
}

// figures walks the main thread's events as nested intervals: a top-level
// RunTask is one task, and each event's self time is its own time minus
// that of the events inside it.
func figures(mine []traceEvent) threadFigures {
	f := threadFigures{selfWallMs: map[string]float64{}, selfCPUMs: map[string]float64{}}
	type open struct {
		e                traceEvent
		childWall, child float64
	}
	var stack []open
	pop := func() {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		f.selfWallMs[top.e.Name] += (top.e.Dur - top.childWall) / 1000
		f.selfCPUMs[top.e.Name] += (top.e.Tdur - top.child) / 1000
		if len(stack) > 0 {
			stack[len(stack)-1].childWall += top.e.Dur
			stack[len(stack)-1].child += top.e.Tdur
		}
	}
	for _, e := range mine {
		for len(stack) > 0 && e.Ts >= stack[len(stack)-1].e.Ts+stack[len(stack)-1].e.Dur {
			pop()
		}
		if len(stack) == 0 {
			if e.Name != "RunTask" && e.Name != "ThreadControllerImpl::RunTask" {
				continue
			}
			f.tasks++
			f.cpuMs += e.Tdur / 1000
			f.longestWallMs = max(f.longestWallMs, e.Dur/1000)
			f.longestCPUMs = max(f.longestCPUMs, e.Tdur/1000)
		}
		if e.Name == "HandlePostMessage" {
			f.messages++
		}
		stack = append(stack, open{e: e})
	}
	for len(stack) > 0 {
		pop()
	}
	return f
}

// breakdown prints the kinds of work with the most CPU time on the main
// thread, with their wall time beside it.
func (f threadFigures) breakdown() {
	type row struct {
		name      string
		cpu, wall float64
	}
	var rows []row
	for n, ms := range f.selfCPUMs {
		rows = append(rows, row{n, ms, f.selfWallMs[n]})
	}
	slices.SortFunc(rows, func(a, b row) int { return cmp.Compare(b.cpu, a.cpu) })
	fmt.Printf("  main thread: %d tasks, %d worker messages, %.0f ms of CPU; self time by kind of work:\n", f.tasks, f.messages, f.cpuMs)
	fmt.Printf("    %-52s %9s %9s\n", "", "CPU ms", "wall ms")
	for i, r := range rows {
		if i == 12 || r.cpu < 1 {
			break
		}
		fmt.Printf("    %-52s %9.1f %9.1f\n", r.name, r.cpu, r.wall)
	}
}
