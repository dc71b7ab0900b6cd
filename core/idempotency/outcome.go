package idempotency

import "strconv"

// Outcome is what [Store.Begin] decided about a request. The zero Outcome is
// [Invalid], so a zero [Result] never tells a caller to run the work.
type Outcome int

const (
	// Invalid means the key is empty, longer than 255 characters or not
	// printable ASCII. HTTP status 400.
	Invalid Outcome = iota
	// Fresh means the key is new (or its earlier use expired): the caller
	// runs the work and then calls Complete, or Release if the work never
	// started. HTTPStatus is 0: the work decides the status.
	Fresh
	// Replay means the same request already completed: the Result carries
	// the stored response, to be sent again without redoing the work.
	// HTTPStatus is 0: the stored response carries its own status.
	Replay
	// Mismatch means the key was first used with a different fingerprint:
	// the client reused a key for another request. HTTP status 422.
	Mismatch
	// InFlight means the first request with this key has not completed yet.
	// HTTP status 409: the client may retry later.
	InFlight
	// Full means the store reached MaxEntries and holds no completed entry
	// it could evict. HTTP status 503.
	Full
)

// String returns the outcome's name in lower case, e.g. "in flight", or
// "Outcome(N)" for a value that is not one of the constants.
func (o Outcome) String() string {
	switch o {
	case Invalid:
		return "invalid"
	case Fresh:
		return "fresh"
	case Replay:
		return "replay"
	case Mismatch:
		return "mismatch"
	case InFlight:
		return "in flight"
	case Full:
		return "full"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// HTTPStatus returns the status code a server answers with for the outcome:
// 400 for Invalid, 422 for Mismatch (as the IETF Idempotency-Key draft
// recommends), 409 for InFlight and 503 for Full. Fresh and Replay return 0
// because the status is not the store's to decide: it comes from the work,
// or from the stored response being replayed. A value that is not one of
// the constants returns 500.
func (o Outcome) HTTPStatus() int {
	switch o {
	case Fresh, Replay:
		return 0
	case Invalid:
		return 400
	case Mismatch:
		return 422
	case InFlight:
		return 409
	case Full:
		return 503
	}
	return 500
}
