// Package coresym holds yaegi symbol tables for the core packages, so that
// the grader's tests and command can run check programs natively before the
// runtime's own tables (wasm/) are available. The other files are
// generated; regenerate them with go generate after changing a core API.
package coresym

import "reflect"

// Symbols maps "import/path/name" to the package's exported symbols.
var Symbols = map[string]map[string]reflect.Value{}

//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/backoff
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/breaker
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/bucket
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/classify
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/clock
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/idempotency
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/provider
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract -name coresym github.com/flakylab/flakylab/core/retry
