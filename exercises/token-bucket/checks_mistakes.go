//go:build ignore

package main

import (
	chkmath "math"
	chktime "time"
)

// The mistakes a token bucket is known to make, as small buckets the
// checks replay beside the learner's (chkScript): the report names the
// mistake whose answers are the learner's. And the probe that tells a
// bucket reading the program's clock.

// chkModel is a token bucket with one known mistake. The checks replay it
// beside the learner's: when the learner's answers are the model's, the
// report can name the mistake instead of a symptom.
type chkModel struct {
	mistake                string
	capacity, rate, tokens float64
	last                   chktime.Time
}

var chkMistakes = []string{"truncated-wait", "rounded-up-wait", "full-token-wait", "no-cap", "whole-tokens",
	"refusal-spends", "starts-empty", "fixed-tick", "wait-when-allowed"}

func chkModels(capacity, rate float64) []*chkModel {
	var ms []*chkModel
	for _, m := range chkMistakes {
		tokens := capacity
		if m == "starts-empty" {
			tokens = 0
		}
		if m == "whole-tokens" {
			tokens = chkmath.Floor(capacity)
		}
		ms = append(ms, &chkModel{mistake: m, capacity: capacity, rate: rate, tokens: tokens, last: chkT0})
	}
	return ms
}

func (m *chkModel) allow(now chktime.Time) (bool, chktime.Duration) {
	elapsed := now.Sub(m.last)
	if m.mistake == "fixed-tick" {
		ticks := int64(elapsed / chktime.Second)
		if ticks > 0 {
			m.tokens = chkmath.Min(m.capacity, m.tokens+float64(ticks)*m.rate)
			m.last = m.last.Add(chktime.Duration(ticks) * chktime.Second)
		}
	} else if elapsed > 0 {
		add := elapsed.Seconds() * m.rate
		if m.mistake == "whole-tokens" {
			add = chkmath.Floor(add)
		}
		m.tokens += add
		if m.mistake != "no-cap" && m.tokens > m.capacity {
			m.tokens = m.capacity
		}
		m.last = now
	}
	wait := chktime.Duration((1 - m.tokens) / m.rate * float64(chktime.Second))
	if m.tokens >= 1 {
		m.tokens--
		if m.mistake == "wait-when-allowed" {
			return true, chktime.Duration(float64(chktime.Second) / m.rate)
		}
		return true, 0
	}
	if m.mistake == "refusal-spends" {
		m.tokens--
	}
	if m.mistake == "truncated-wait" {
		wait = wait.Truncate(chktime.Second)
	} else if m.mistake == "rounded-up-wait" {
		wait = chktime.Duration(chkmath.Ceil(wait.Seconds())) * chktime.Second
	} else if m.mistake == "full-token-wait" || m.mistake == "whole-tokens" {
		wait = chktime.Duration(float64(chktime.Second) / m.rate)
	} else if m.mistake == "fixed-tick" {
		wait = m.last.Add(chktime.Second).Sub(now)
	}
	return false, wait
}

// chkDiagnose tells apart mistakes that explain the same answers: it
// replays scripts on which they differ against fresh buckets and keeps the
// ones that still agree with the learner's (all of them if none does).
func chkDiagnose(candidates []*chkModel) []*chkModel {
	scripts := []struct {
		capacity, rate float64
		offsets        []chktime.Duration
	}{
		{2, 4, chkSecs(0, 0, 0, 0.1, 0.2, 0.3, 0.55, 0.6, 1.7, 1.75)},
		{1, 0.5, chkSecs(0, 0.5, 1.2, 2.1, 2.6, 30, 30)},
	}
	alive := candidates
	for _, sc := range scripts {
		b := NewBucket(sc.capacity, sc.rate, chkT0)
		fresh := chkSameMistakes(chkModels(sc.capacity, sc.rate), alive)
		for _, off := range sc.offsets {
			at := chkT0.Add(off)
			ok, wait := b.Allow(at)
			fresh = chkAgreeing(fresh, at, ok, wait)
		}
		if len(fresh) == 0 {
			return alive
		}
		alive = fresh
	}
	return alive
}

// chkSameMistakes returns the models that make one of the candidates'
// mistakes.
func chkSameMistakes(models, candidates []*chkModel) []*chkModel {
	var same []*chkModel
	for _, m := range models {
		for _, c := range candidates {
			if m.mistake == c.mistake {
				same = append(same, m)
			}
		}
	}
	return same
}

// chkAgreeing plays a request at at on each model and keeps those whose
// answer is the learner's.
func chkAgreeing(models []*chkModel, at chktime.Time, ok bool, wait chktime.Duration) []*chkModel {
	var alive []*chkModel
	for _, m := range models {
		if mok, mwait := m.allow(at); chkSame(mok, mwait, ok, wait) {
			alive = append(alive, m)
		}
	}
	return alive
}

// chkReadsTheClock replays requests on two fresh buckets, the second with
// every instant a year later and the program's clock running between its
// calls; the answers of a bucket that uses only the instants it is given
// cannot differ.
func chkReadsTheClock(capacity, rate float64, offsets []chktime.Duration) bool {
	const shift = 365 * 24 * chktime.Hour
	a := NewBucket(capacity, rate, chkT0)
	b := NewBucket(capacity, rate, chkT0.Add(shift))
	for _, off := range offsets {
		at := chkT0.Add(off)
		ok1, w1 := a.Allow(at)
		chktime.Sleep(37 * chktime.Minute)
		ok2, w2 := b.Allow(at.Add(shift))
		if !chkSame(ok1, w1, ok2, w2) {
			return true
		}
	}
	return false
}
