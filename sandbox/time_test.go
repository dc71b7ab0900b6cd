package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sleeper sleeps 30 virtual seconds in steps and prints what it sees.
const sleeper = `package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	fmt.Println("start", start.Format(time.RFC3339))
	for i := 1; i <= 3; i++ {
		time.Sleep(10 * time.Second)
		fmt.Println("slept", i, time.Since(start))
	}
	fmt.Println("end", time.Now().Format(time.RFC3339))
}
`

func TestVirtualTimeSleepsAtOnceAndDeterministically(t *testing.T) {
	want := "start 2026-01-01T09:00:00Z\nslept 1 10s\nslept 2 20s\nslept 3 30s\nend 2026-01-01T09:00:30Z\n"
	for i := 0; i < 3; i++ {
		res := runSource(t, sleeper, Options{})
		requireSuccess(t, sleeper, res)
		assert.Equal(t, want, res.Stdout, "run %d", i)
		assert.Equal(t, 30*time.Second, res.VirtualElapsed, "run %d: virtual elapsed", i)
		// Only a run that really slept would take the 30 seconds it printed;
		// however loaded the machine, compiling and running take far less.
		assert.Less(t, res.RealElapsed, res.VirtualElapsed, "run %d: the 30 virtual seconds were slept in real time", i)
	}
}

func TestVirtualTimersTickersAndDeadlines(t *testing.T) {
	skipUnderRace(t)
	cases := []struct {
		name, src, want string
		elapsed         time.Duration
	}{
		{
			name:    "timers fire in virtual order",
			src:     "a := time.After(3 * time.Second)\nb := time.NewTimer(time.Second)\nc := time.Tick(2 * time.Second)\n<-b.C\nfmt.Println(\"b\", time.Now().Second())\n<-c\nfmt.Println(\"c\", time.Now().Second())\n<-a\nfmt.Println(\"a\", time.Now().Second())\n",
			want:    "b 1\nc 2\na 3\n",
			elapsed: 3 * time.Second,
		},
		{
			name:    "ticker and stop",
			src:     "tk := time.NewTicker(250 * time.Millisecond)\ndefer tk.Stop()\nn := 0\nfor range tk.C {\n\tn++\n\tif n == 4 {\n\t\tbreak\n\t}\n}\nfmt.Println(n, time.Since(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)))\n",
			want:    "4 1s\n",
			elapsed: time.Second,
		},
		{
			name:    "context deadline",
			src:     "ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)\ndefer cancel()\nselect {\ncase <-ctx.Done():\n\tfmt.Println(ctx.Err())\ncase <-time.After(time.Minute):\n\tfmt.Println(\"late\")\n}\n",
			want:    "context deadline exceeded\n",
			elapsed: 2 * time.Second,
		},
		{
			name:    "goroutines sleeping in parallel",
			src:     "var wg sync.WaitGroup\nvar mu sync.Mutex\nvar order []int\nfor _, d := range []int{3, 1, 2} {\n\twg.Add(1)\n\tgo func(d int) {\n\t\tdefer wg.Done()\n\t\ttime.Sleep(time.Duration(d) * time.Second)\n\t\tmu.Lock()\n\t\torder = append(order, d)\n\t\tmu.Unlock()\n\t}(d)\n}\nwg.Wait()\nfmt.Println(order)\n",
			want:    "[1 2 3]\n",
			elapsed: 3 * time.Second,
		},
		{
			name:    "AfterFunc and Timer type",
			src:     "var t *time.Timer\ndone := make(chan bool)\nt = time.AfterFunc(5*time.Second, func() { close(done) })\n<-done\nfmt.Println(t.Stop(), time.Now().Second())\n",
			want:    "false 5\n",
			elapsed: 5 * time.Second,
		},
		{
			name:    "core retry with time.Now and a sleep",
			src:     "start := time.Now()\nsleep := func(ctx context.Context, d time.Duration) error { time.Sleep(d); return nil }\ncalls := 0\np := retry.Policy{MaxAttempts: 3, Idempotent: true, Backoff: backoff.Config{Base: time.Second, Cap: 4 * time.Second}, Sleep: sleep, Now: time.Now}\n_, err := p.Do(context.Background(), func(ctx context.Context, attempt int) (retry.Response, error) {\n\tcalls++\n\treturn retry.Response{Status: 503}, nil\n})\nfmt.Println(calls, err != nil, time.Since(start))\n",
			want:    "3 true 3s\n",
			elapsed: 3 * time.Second,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			requireSuccess(t, tc.src, res)
			assert.Equal(t, tc.want, res.Stdout, "source:\n%s", tc.src)
			// Exact to the nanosecond: only the virtual clock gives that (the
			// sleeper test above shows that it does not sleep in real time).
			assert.Equal(t, tc.elapsed, res.VirtualElapsed, "source:\n%s\nvirtual elapsed", tc.src)
		})
	}
}

func TestRealTimeOption(t *testing.T) {
	src := "start := time.Now()\ntime.Sleep(20 * time.Millisecond)\nfmt.Println(time.Now().Year() > 2000, time.Since(start) >= 20*time.Millisecond)\n"
	res := runSource(t, src, Options{RealTime: true})
	requireSuccess(t, src, res)
	assert.Equal(t, "true true\n", res.Stdout, "source:\n%s", src)
	assert.GreaterOrEqual(t, res.VirtualElapsed, 20*time.Millisecond, "real-time elapsed")
	assert.GreaterOrEqual(t, res.RealElapsed, 20*time.Millisecond)
}

func TestRandIsSeededPerRun(t *testing.T) {
	src := "fmt.Println(rand.IntN(1000), rand.IntN(1000), rand.Float64() < 1)\n"
	v1 := "import \"math/rand\"\n\nfmt.Println(rand.Intn(1000), rand.Intn(1000))\n"
	first := runSource(t, src, Options{})
	requireSuccess(t, src, first)
	again := runSource(t, src, Options{})
	assert.Equal(t, first.Stdout, again.Stdout, "the same seed repeats the same draws")
	other := runSource(t, src, Options{Seed: 99})
	assert.NotEqual(t, first.Stdout, other.Stdout, "another seed gives other draws")
	assert.Equal(t, other.Stdout, runSource(t, src, Options{Seed: 99}).Stdout, "seed 99 is repeatable")
	assert.Equal(t, first.Stdout, runSource(t, src, Options{Seed: DefaultSeed}).Stdout, "0 means DefaultSeed")

	a := runSource(t, v1, Options{})
	requireSuccess(t, v1, a)
	assert.Equal(t, a.Stdout, runSource(t, v1, Options{}).Stdout, "math/rand is seeded too")
	assert.NotEqual(t, a.Stdout, runSource(t, v1, Options{Seed: 7}).Stdout, "math/rand follows the seed option")

	reseed := "import \"math/rand\"\n\nrand.Seed(5)\nfmt.Println(rand.Intn(1000))\n"
	r1 := runSource(t, reseed, Options{Seed: 1})
	r2 := runSource(t, reseed, Options{Seed: 2})
	requireSuccess(t, reseed, r1)
	assert.Equal(t, r1.Stdout, r2.Stdout, "after rand.Seed the program's own seed decides")

	own := "r := rand.New(rand.NewPCG(1, 2))\nfmt.Println(r.IntN(1000))\n"
	o1, o2 := runSource(t, own, Options{Seed: 1}), runSource(t, own, Options{Seed: 2})
	requireSuccess(t, own, o1)
	assert.Equal(t, o1.Stdout, o2.Stdout, "a program's own source ignores the run's seed")
	assert.True(t, strings.HasSuffix(o1.Stdout, "\n"))
}

func TestVirtualRunHasCauseVariants(t *testing.T) {
	src := "ctx, cancel := context.WithTimeoutCause(context.Background(), time.Hour, errors.New(\"slow\"))\ndefer cancel()\nstart := time.Now()\n<-ctx.Done()\nfmt.Println(time.Since(start), ctx.Err(), context.Cause(ctx))\n"
	for _, real := range []bool{false, true} {
		if real {
			src = strings.Replace(src, "time.Hour", "time.Millisecond", 1)
		}
		res := runSource(t, src, Options{RealTime: real})
		require.Nil(t, res.Err, "real time %v: source:\n%s", real, src)
		if !real {
			assert.Equal(t, "1h0m0s context deadline exceeded slow\n", res.Stdout, "the virtual clock's hour")
			continue
		}
		assert.True(t, strings.HasSuffix(res.Stdout, " context deadline exceeded slow\n"), "real time: got %q", res.Stdout)
	}
}
