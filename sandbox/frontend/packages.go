package frontend

// Allowed lists the import paths a learner's program may import, in the
// order their type information is stored. It is the one place to change
// when the playground gains or loses a package: run `go generate
// ./sandbox/frontend` afterwards so that the embedded export data follows.
//
// The sandbox's allow-list is this list, and a sandbox test
// (TestAllowListsAgree) fails unless the interpreter's symbol tables and
// source packages cover exactly the same packages.
var Allowed = []string{
	"bytes",
	"cmp",
	"container/heap",
	"container/list",
	"context",
	"errors",
	"fmt",
	"io",
	"iter",
	"maps",
	"math",
	"math/bits",
	"math/rand",
	"math/rand/v2",
	"os",
	"slices",
	"sort",
	"strconv",
	"strings",
	"sync",
	"sync/atomic",
	"time",
	"unicode",
	"unicode/utf8",

	"github.com/flakylab/flakylab/core/backoff",
	"github.com/flakylab/flakylab/core/breaker",
	"github.com/flakylab/flakylab/core/bucket",
	"github.com/flakylab/flakylab/core/classify",
	"github.com/flakylab/flakylab/core/clock",
	"github.com/flakylab/flakylab/core/idempotency",
	"github.com/flakylab/flakylab/core/provider",
	"github.com/flakylab/flakylab/core/retry",
	"github.com/flakylab/flakylab/core/storm",
}

// isAllowed reports whether path is in Allowed.
func isAllowed(path string) bool {
	for _, p := range Allowed {
		if p == path {
			return true
		}
	}
	return false
}
