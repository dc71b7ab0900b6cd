// Package provider is a scripted fake remote service, the flaky API that the
// course's examples, exercises and tests call.
//
// # The model
//
// A [Provider] plays a script: the n-th [Provider.Call] plays the n-th
// [Step]. A step describes both the network and the server: how long the
// answer takes (Latency), whether the request is lost on the way in (Err: a
// transport error such as [ErrTimeout], and the server never sees it) or
// the response is lost on the way out (DropResponse: the server did the
// work, the caller gets an error), and what the server answers (Status,
// Header, Body). When the script runs out the provider answers 200 with no
// delay, or repeats the last step if Settings.RepeatLast is set.
//
// The server's work (a charge, an email, a created order) counts as done,
// in [Provider.SideEffects], when the server runs the request and the
// status it answers is 2xx. A call that the server answers from its
// idempotency store does no work.
//
// A call's timeline: the request arrives, the server checks the
// idempotency key, the step's Latency passes (through Settings.Sleep, so a
// virtual clock controls it), the server finishes the work, the response
// travels back. If ctx ends during the latency the caller gets ctx.Err() at
// that moment, and by default the server finishes the work anyway, as a real
// server that never hears of the client's deadline does: the lesson that a
// timed-out POST may well have been charged. Step.StopOnCancel models a
// server that abandons the work when its client goes away. (To keep every
// goroutine inside Call, a server that finishes after the caller left does
// so at the moment the caller leaves, not at the end of the latency.)
//
// # Idempotency
//
// With Settings.Idempotency set, a request that carries an IdempotencyKey
// goes through the [idempotency.Store] the way a careful server would: the
// key is parsed with [idempotency.ParseKey] and begun with the request's
// [idempotency.Fingerprint] when the request arrives. A new key runs the
// step and stores its response when the work ends; a retry of a completed
// request replays the stored response (stored failures such as 500 too)
// with no new work; a different request under the same key gets 422; a
// retry while the first is still running gets 409; a malformed key gets
// 400. As on Stripe, a response is stored only once execution began: a step
// answering 408, 429, 503 or 529 (the server turned the request away) or
// stopped by StopOnCancel releases the key, so a retry runs the work. Without a
// store the key is ignored, like a server that does not support it: the
// lesson that a key protects only if the server honours it.
//
// # Zero values and concurrency
//
// The zero Step answers 200 at once. The zero Settings sleep in real time,
// answer 200 after the script, and use no idempotency store. A Provider is
// safe for concurrent use: each call takes the next step in arrival order,
// and counters and the log are updated atomically with respect to each
// other.
package provider
