// Package clock provides the Clock interface, the wall clock (Real) and a
// deterministic virtual clock (Virtual) that the lessons, the tests and the
// browser runtime share.
//
// # The model
//
// A Virtual holds an instant that only moves forward, and a queue of pending
// wake-ups: sleepers, timers, tickers, AfterFunc callbacks and context
// deadlines. Time moves in one of two ways:
//
//   - Advance(d) moves it by hand: every wake-up due by Now()+d fires in
//     order, Now() reading each one's instant as it fires, and Now() ends at
//     the old Now()+d. Clocks made by NewManual move only this way.
//   - Auto-advance, on clocks made by NewVirtual: when the program is
//     waiting for the clock, time jumps to the earliest pending wake-up, fires
//     it, lets the goroutines it released run, and repeats. A program that
//     sleeps thirty seconds therefore returns at once, yet prints what it
//     would have printed in real time.
//
// Wake-ups fire one at a time in order of their instant; wake-ups due at the
// same instant fire in the order they were scheduled (created, or re-armed by
// Reset). A timer, sleeper or deadline scheduled with a duration <= 0 fires
// at once, before the call returns.
//
// # When the program counts as waiting
//
// Auto-advance is driven by a background goroutine, the advancer, that
// exists only while wake-ups are pending and stops for good on Close. Before
// each firing it waits for the program to be quiescent:
//
//   - every goroutine released by the previous firing has resumed (a sleeper
//     has returned from Sleep, an AfterFunc callback has started);
//   - no clock activity (any call on the Virtual, its timers or tickers) has
//     happened over several consecutive runtime.Gosched rounds;
//   - the Go scheduler reports no other goroutine running or ready to run
//     (runtime/metrics), so a goroutine that was just woken, or that is
//     working between two clock calls, is waited for.
//
// Under GOOS=js GOARCH=wasm there is one thread and no preemption, so when
// the advancer runs every other goroutine is blocked or queued; the
// conditions above hold exactly when every goroutine is blocked, so wake
// order and everything the program prints are deterministic (barring
// goroutines that wait for the JavaScript host or for real time).
//
// Natively, with several threads, the conditions must also hold for a short
// real-time grace (50µs). This is best effort, not a guarantee. The
// scheduler counts a thread the operating system has paused as running, so
// a woken goroutine is waited for however long a loaded machine leaves its
// thread unscheduled; but a goroutine that keeps running without touching
// the clock (a long computation, or unrelated goroutines in the same
// process, such as another Virtual's advancer) is waited for only until the
// process has spent 250ms of CPU time since the clock's last activity (on
// Linux and macOS; elsewhere 250ms of real time, and 10ms under wasm, where
// only a goroutine that yields in a loop can keep running), and then time
// moves on while it runs. A goroutine inside a system call, such as a write
// to a pipe, counts as waiting. The tests of this package repeat
// multi-goroutine scenarios hundreds of times, under the race detector and
// with GOMAXPROCS from 1 to 8; still, a native test that needs an exact
// guarantee should use NewManual with BlockUntil and Advance.
//
// Other consequences of the rule:
//
//   - A goroutine blocked on something other than the clock (a channel, a
//     mutex, I/O) counts as waiting. If all goroutines are so blocked and a
//     wake-up is pending, time moves to it, as it would in real time.
//   - A goroutine that does not block sees Now() stand still between its
//     own calls (natively, within the limit above).
//   - A loop that polls Now until some time has passed, without blocking,
//     never ends: time does not move while it keeps the clock busy (and
//     under wasm nothing else runs at all).
//   - A leaked ticker that nobody reads keeps firing; after 64 firings that
//     changed nothing the advancer sleeps 1ms of real time before each, so a
//     program stuck on something else does not burn a CPU core.
//
// # Timers and tickers
//
// Timer and Ticker follow the Go 1.23 semantics of time.Timer and
// time.Ticker: after Stop or Reset returns, no value from before the call is
// received from C. C has a buffer of one (time's channels report a capacity
// of zero); Stop and Reset empty it, and Stop reports true when it removed an
// undelivered value, as time.Timer.Stop does. A ticker drops ticks for a
// slow receiver: while a tick waits in C, later ticks are discarded.
//
// # Zero value and concurrency
//
// The zero Virtual is not usable: create one with NewVirtual or NewManual.
// All methods of Virtual, Timer and Ticker are safe for concurrent use.
// Instants carry no monotonic clock reading.
package clock
