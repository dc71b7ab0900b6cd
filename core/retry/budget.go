package retry

import (
	"fmt"
	"sync"
)

// Defaults for NewBudget, the values of the AWS SDKs' retry quota.
const (
	// DefaultBudgetCapacity is the number of tokens a new Budget holds.
	DefaultBudgetCapacity = 500
	// DefaultRetryCost is the number of tokens a retry takes.
	DefaultRetryCost = 5
	// DefaultTimeoutCost is the number of tokens a retry after a timeout
	// takes.
	DefaultTimeoutCost = 10
	// DefaultSuccessRefund is the number of tokens a call that succeeds at
	// its first attempt puts back.
	DefaultSuccessRefund = 1
)

// Budget is a retry budget shared by many calls, in the manner of the AWS
// SDKs' retry quota: a bucket of tokens that starts full. Every retry
// withdraws tokens first (more after a timeout, which suggests an
// overloaded server); when too few are left, retries stop and calls fail
// after their first attempt. Successes put tokens back. While a dependency
// is healthy the budget stays full; during an outage the defaults allow 100
// retries (50 after timeouts) before it is empty, and from then on about
// one retry per five first-attempt successes.
//
// Create a Budget with NewBudget; the zero Budget holds no tokens and so
// allows no retries. A Budget is safe for concurrent use: share one among
// all the calls to the same dependency.
type Budget struct {
	mu            sync.Mutex
	tokens        int
	capacity      int
	retryCost     int
	timeoutCost   int
	successRefund int
}

// NewBudget returns a full Budget. A zero argument selects its default:
// capacity DefaultBudgetCapacity (500) tokens, retryCost DefaultRetryCost
// (5) per retry, timeoutCost DefaultTimeoutCost (10) per retry after a
// timeout, and successRefund DefaultSuccessRefund (1) returned by a call
// that succeeds at its first attempt. Negative arguments are rejected.
func NewBudget(capacity, retryCost, timeoutCost, successRefund int) (*Budget, error) {
	for _, p := range []struct {
		name string
		v    int
	}{{"capacity", capacity}, {"retryCost", retryCost}, {"timeoutCost", timeoutCost}, {"successRefund", successRefund}} {
		if p.v < 0 {
			return nil, fmt.Errorf("retry: budget %s must be >= 0, got %d", p.name, p.v)
		}
	}
	b := &Budget{
		capacity:      orDefault(capacity, DefaultBudgetCapacity),
		retryCost:     orDefault(retryCost, DefaultRetryCost),
		timeoutCost:   orDefault(timeoutCost, DefaultTimeoutCost),
		successRefund: orDefault(successRefund, DefaultSuccessRefund),
	}
	b.tokens = b.capacity
	return b, nil
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// Withdraw takes the cost of one retry: the timeout cost when the failure
// that prompted it was a timeout, the retry cost otherwise. It returns the
// number of tokens taken and true, or 0 and false (taking nothing) when the
// budget holds fewer tokens than the cost.
func (b *Budget) Withdraw(timeout bool) (taken int, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	cost := b.retryCost
	if timeout {
		cost = b.timeoutCost
	}
	if cost == 0 || b.tokens < cost { // cost 0 only in the zero Budget
		return 0, false
	}
	b.tokens -= cost
	return cost, true
}

// Refund records a call that succeeded. taken is what the Withdraw before
// the successful attempt took: it is returned in full. A call that succeeded
// at its first attempt passes 0 and earns the success refund instead. The
// budget never holds more than its capacity.
func (b *Budget) Refund(taken int) {
	if taken <= 0 {
		taken = b.successRefund
	}
	b.mu.Lock()
	b.tokens = min(b.tokens+taken, b.capacity)
	b.mu.Unlock()
}

// Tokens returns the number of tokens in the budget now.
func (b *Budget) Tokens() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.tokens
}

// Capacity returns the most tokens the budget can hold.
func (b *Budget) Capacity() int { return b.capacity }
