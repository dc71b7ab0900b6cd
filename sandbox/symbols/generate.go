package symbols

// One line per package learner programs may import (yaegi extract, compacted:
// internal/compact). Adding a line (and
// running go generate) is all it takes to allow a compiled package; the
// runtime's allow-list is derived from the resulting tables.

//go:generate go run ./cmd/extract bytes
//go:generate go run ./cmd/extract container/heap
//go:generate go run ./cmd/extract container/list
//go:generate go run ./cmd/extract context
//go:generate go run ./cmd/extract errors
//go:generate go run ./cmd/extract fmt
//go:generate go run ./cmd/extract io
//go:generate go run ./cmd/extract math
//go:generate go run ./cmd/extract math/bits
//go:generate go run ./cmd/extract math/rand
//go:generate go run ./cmd/extract math/rand/v2
//go:generate go run ./cmd/extract sort
//go:generate go run ./cmd/extract strconv
//go:generate go run ./cmd/extract strings
//go:generate go run ./cmd/extract sync
//go:generate go run ./cmd/extract sync/atomic
//go:generate go run ./cmd/extract time
//go:generate go run ./cmd/extract unicode
//go:generate go run ./cmd/extract unicode/utf8
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/backoff
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/breaker
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/bucket
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/classify
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/clock
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/idempotency
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/provider
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/retry
//go:generate go run ./cmd/extract github.com/flakylab/flakylab/core/storm
