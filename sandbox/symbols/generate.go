package symbols

// One line per package learner programs may import. Adding a line (and
// running go generate) is all it takes to allow a compiled package; the
// runtime's allow-list is derived from the resulting tables.

//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract bytes
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract container/heap
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract container/list
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract context
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract errors
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract fmt
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract io
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract math
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract math/bits
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract math/rand
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract math/rand/v2
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract sort
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract strconv
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract strings
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract sync
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract sync/atomic
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract time
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract unicode
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract unicode/utf8
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/backoff
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/breaker
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/bucket
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/classify
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/clock
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/idempotency
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/provider
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/retry
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/flakylab/flakylab/core/storm
