package sandbox

import "time"

// Phase is one step of a run and the wall-clock time it took.
type Phase struct {
	Name     string
	Duration time.Duration
}

// phaseClock records the steps of a run as it goes: each mark closes the
// step that began at the previous one. It costs a clock read per step, so
// every run keeps it (Result.Phases); the benchmarks print it.
type phaseClock struct {
	last   time.Time
	phases []Phase
}

func newPhaseClock(start time.Time) *phaseClock {
	return &phaseClock{last: start, phases: make([]Phase, 0, 12)}
}

// mark ends the step called name now.
func (c *phaseClock) mark(name string) {
	now := time.Now()
	c.phases = append(c.phases, Phase{Name: name, Duration: now.Sub(c.last)})
	c.last = now
}
