// Package storm simulates how clients' retries load a remote service, so
// that the difference between retry strategies can be seen and measured:
// without jitter, clients that failed together retry together and their
// retries arrive in spikes; with full jitter the same retries spread out.
//
// Both models are deterministic, event-driven simulations: events are
// ordered by simulated time, equal instants in the order they were
// scheduled, and every random draw comes from a math/rand/v2 source seeded
// from the configuration. The same configuration therefore always gives
// the same result, on every platform, and a run takes no wall time beyond
// the computation.
//
// # The overload model (Run)
//
// Clients call a provider that serves up to Config.Capacity requests per
// second. Each client gets one new request every RequestInterval (starting
// at a random offset) and works through its requests one at a time, in
// order: a request that keeps failing holds up the ones behind it, which
// pile up as a backlog.
//
//   - A call the provider accepts takes RoundTrip + ServiceTime and
//     succeeds. Admission is a token bucket (core/bucket's arithmetic)
//     refilling Capacity tokens per second and holding Burst's worth: the
//     provider takes on only a tenth of a second's work at once by
//     default, so a spike of calls arriving together is mostly turned
//     away.
//   - A call beyond capacity is turned away with a 429 after RoundTrip.
//     Turning it away is not free: it costs the provider RejectCost of a
//     token (when it has that much), so a flood of rejected retries eats
//     the capacity that would have served real work.
//   - From OutageStart to OutageEnd the provider is down: every call fails
//     with a 503 after RoundTrip. When the outage begins the provider drops
//     every call it was serving, so all the clients waiting on one learn of
//     the outage at the same instant. That shared moment is what puts
//     retries in step: clients that failed together and wait the same
//     backoff come back together.
//   - 429 and 503 answers carry RetryAfter when it is set; clients with
//     HonorRetryAfter wait exactly that long instead of their own backoff.
//
// After a failed call a client waits as its Strategy says (core/backoff
// computes the jittered delays) and calls again, up to MaxAttempts calls
// per request (no limit by default). Optionally each client has its own
// circuit breaker (core/breaker), which fails requests at once while it is
// open, and its own token bucket capping its call rate.
//
// The overload model's clock moves in whole ticks of a millisecond (Tick):
// every duration of the Config is rounded down to whole ticks, and clients
// that do the same thing at the same tick (retry, at the same attempt, or
// hear the same answer) move through the simulation as one cohort. A storm
// of retries from clients in step therefore costs a step per cohort, not
// per call: the cost of a run grows with the clients and the simulated
// time, not with the calls a storm makes (10 000 clients retrying at once
// for two simulated minutes, 24 million calls, take a few tens of
// milliseconds). What tells clients apart still costs a step per client: a
// call the provider accepts, a jittered wait, a new request, a client's
// own breaker or rate limit.
//
// New requests arrive for Config.Duration; the run then goes on until every
// request has succeeded or been given up, but stops at 2·Duration at the
// latest. Result.Slices gives the load over time (calls arriving per
// Slice, split by outcome), and the totals say what each strategy cost.
// With the defaults (100 clients, 150 requests/s of capacity, a 15 s outage)
// immediate retries keep the provider saturated with rejections long after
// the outage ends (in most runs for good); un-jittered exponential backoff
// sends the backlog back in synchronized spikes that the provider mostly
// turns away; the jittered strategies spread it out and drain it sooner.
// Here the price of lockstep is time, not calls: the contention model below
// is the setting where jitter also saves the calls.
//
// # The contention model (RunContention)
//
// This is the setting of the AWS Architecture Blog study "Exponential
// Backoff and Jitter" (Marc Brooker, 2015): N clients start together and
// each must make one write to a single versioned row, with optimistic
// concurrency. A client reads the version, then writes with
// compare-and-swap; the write fails if another client wrote in between, and
// the client backs off and starts over. Every message takes a network delay
// drawn from Normal(10 ms, 2 ms), clamped at zero; the backoff has base 5 ms
// and cap 2 s. The model reproduces the study's findings: at 100 clients,
// full jitter needs less than half the writes of un-jittered exponential
// backoff and finishes more than five times sooner. The package README has
// the table for 10 to 190 clients.
package storm
