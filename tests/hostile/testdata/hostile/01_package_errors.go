// Assigns every exported error variable of the allowed packages; the
// assignments take effect within the run.
//
// want: true hacked <nil> true
// clean: yes
package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/provider"
)

func main() {
	context.Canceled = nil
	context.DeadlineExceeded = errors.New("deadline? what deadline")
	strconv.ErrSyntax = nil
	strconv.ErrRange = errors.New("range")
	errors.ErrUnsupported = nil
	breaker.ErrOpen = errors.New("hacked")
	breaker.ErrTooManyProbes = nil
	idempotency.ErrFull = nil
	idempotency.ErrInvalidKey = nil
	idempotency.ErrNotInFlight = nil
	provider.ErrConnectionReset = nil
	provider.ErrResponseLost = nil
	provider.ErrTimeout = nil
	fmt.Println(context.Canceled == nil, breaker.ErrOpen, strconv.ErrSyntax, provider.ErrTimeout == nil)
}
