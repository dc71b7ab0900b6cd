// The innocent program: it prints what the hostile programs try to spoil
// (package variables, time and locations, contexts, goroutines, timers,
// the random source), so that any trace of them changes its output.
package main

import (
	"context"
	"errors"
	"fmt"
	mathrand "math/rand"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"
	"unicode"

	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/provider"
)

func main() {
	start := time.Now()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fmt.Println(ctx.Err(), errors.Is(ctx.Err(), context.Canceled))
	tctx, tcancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer tcancel()
	<-tctx.Done()
	fmt.Println(tctx.Err(), tctx.Err() == context.DeadlineExceeded, time.Since(start))

	_, err := strconv.Atoi("x")
	fmt.Println(err, errors.Is(err, strconv.ErrSyntax))
	_, err = strconv.ParseInt("99999999999999999999", 10, 64)
	fmt.Println(errors.Is(err, strconv.ErrRange))
	fmt.Println(errors.ErrUnsupported, breaker.ErrOpen, breaker.ErrTooManyProbes)
	fmt.Println(idempotency.ErrFull, idempotency.ErrInvalidKey, idempotency.ErrNotInFlight)
	fmt.Println(provider.ErrConnectionReset, provider.ErrResponseLost, provider.ErrTimeout)
	fmt.Println(time.UTC, time.UTC == nil, time.Local == nil, time.Now())
	fmt.Println(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), time.Now().Location() == time.UTC)

	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * time.Second)
			mu.Lock()
			total += i
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println("goroutines:", total, time.Since(start))

	tk := time.NewTicker(250 * time.Millisecond)
	for range 3 {
		<-tk.C
	}
	tk.Stop()
	fired := make(chan bool)
	time.AfterFunc(time.Second, func() { fired <- true })
	<-fired
	fmt.Println("timers:", time.Since(start))
	fmt.Println("random:", rand.IntN(1000), rand.IntN(1000), mathrand.Intn(1000))
	fmt.Println("unicode:", unicode.IsUpper('Ā'), unicode.Is(unicode.Latin, 'A'), unicode.Categories["Lu"] == unicode.Lu,
		unicode.Scripts["Greek"] == unicode.Greek, unicode.SimpleFold('A'), unicode.ToUpper('ā'))
}
