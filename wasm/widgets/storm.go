package widgets

import (
	"time"

	"github.com/flakylab/flakylab/core/storm"
)

// The retry-storm chart re-simulates in the widget worker as the learner
// changes its settings. Each result says how long the simulation itself
// took (simMs), so a page or a benchmark can show it.

func stormRun(_ *API, in args) (any, error) {
	var c storm.Config
	if err := decode(&c, in.at(0), "config"); err != nil {
		return nil, err
	}
	res, err := storm.Run(c)
	if err != nil {
		return nil, badArg("%v", err)
	}
	return encode(res), nil
}

// Bounds of stormSeries' step, in milliseconds.
const (
	minSeriesStepMs = 1
	maxSeriesStepMs = 60_000
)

// stormSeries runs the overload model and returns what the chart draws:
// the totals, and the calls reaching the provider in each step of stepMs
// (default 250), so a run's series crosses into JavaScript as one array
// of numbers instead of an object per slice.
func stormSeries(_ *API, in args) (any, error) {
	var c storm.Config
	if err := decode(&c, in.at(0), "config"); err != nil {
		return nil, err
	}
	stepMs, err := in.optNumber(1, 250)
	if err != nil {
		return nil, err
	}
	if stepMs < minSeriesStepMs || stepMs > maxSeriesStepMs || stepMs != float64(int64(stepMs)) {
		return nil, badArg("%s: argument 2 (the step) must be a whole number of milliseconds in [%d, %d], got %v", in.name, minSeriesStepMs, maxSeriesStepMs, stepMs)
	}
	start := time.Now()
	res, err := storm.Run(c)
	took := time.Since(start)
	if err != nil {
		return nil, badArg("%v", err)
	}
	step := time.Duration(stepMs) * time.Millisecond
	var offered []any
	for _, sl := range res.Slices {
		i := int(sl.Start / step)
		for len(offered) <= i {
			offered = append(offered, 0.0)
		}
		offered[i] = offered[i].(float64) + float64(sl.Offered)
	}
	return map[string]any{
		"calls":        float64(res.TotalCalls),
		"succeeded":    float64(res.Successes),
		"failed":       float64(res.Failures),
		"requests":     float64(res.Requests),
		"gaveUp":       float64(res.GaveUp),
		"refused":      float64(res.Refused),
		"unfinished":   float64(res.Unfinished),
		"completionMs": float64(res.Completion) / float64(time.Millisecond),
		"stepMs":       stepMs,
		"offered":      offered,
		"simMs":        float64(took) / float64(time.Millisecond),
	}, nil
}

// stormContention runs the contention model: {calls, completion (ms),
// gaveUp, simMs}.
func stormContention(_ *API, in args) (any, error) {
	var c storm.ContentionConfig
	if err := decode(&c, in.at(0), "config"); err != nil {
		return nil, err
	}
	start := time.Now()
	res, err := storm.RunContention(c)
	took := time.Since(start)
	if err != nil {
		return nil, badArg("%v", err)
	}
	out := encode(res).(map[string]any)
	out["simMs"] = float64(took) / float64(time.Millisecond)
	return out, nil
}
