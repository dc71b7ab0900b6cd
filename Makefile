# flakylab: make serve · make test · make dist · make bench · make help
SHELL := /bin/bash
GO ?= go
GOROOT_DIR := $(shell $(GO) env GOROOT)
GOROOT_WASM := $(GOROOT_DIR)/lib/wasm
# Every GOOS=js GOARCH=wasm build and test takes the math package's Exp and
# Log as amd64 computes them (wasm/_amd64math/README.md): the overlay that
# says so names files by absolute path, so it is written here, at each run
# of make, into .build/ (not in the repository).
WASM_OVERLAY := $(CURDIR)/.build/wasm-overlay.json
WASM_OVERLAY_JSON := {"Replace":{"$(GOROOT_DIR)/src/math/exp_noasm.go":"$(CURDIR)/wasm/_amd64math/exp.go","$(GOROOT_DIR)/src/math/log_stub.go":"$(CURDIR)/wasm/_amd64math/log.go"}}
$(shell mkdir -p .build && printf '%s\n' '$(WASM_OVERLAY_JSON)' > .build/wasm-overlay.json.new && mv -f .build/wasm-overlay.json.new .build/wasm-overlay.json)
# They also build yaegi's interp package without go/build, flag, log and
# os/exec (wasm/cmd/trimyaegi): with the go.mod that make yaegi-trim writes
# into .build/trim, whose replace directive points at the rewritten copy.
WASM_MODFILE := $(CURDIR)/.build/trim/go.mod
WASMENV := PATH="$(GOROOT_WASM):$$PATH" GOOS=js GOARCH=wasm GOFLAGS="$$GOFLAGS -overlay=$(WASM_OVERLAY) -modfile=$(WASM_MODFILE)"
COVER_MIN := 90

.DEFAULT_GOAL := help

# Fragments owned by the runtime and the site; they add their own targets.
-include wasm/wasm.mk
-include web/web.mk
-include exercises/exercises.mk
-include tests/gremlins/gremlins.mk
-include tests/gotest/gotest.mk

.PHONY: help
help: ## list the targets
	@grep -hE '^[a-z][a-z-]*:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 14

.PHONY: serve
serve: ## build the course into dist/ and serve it at http://localhost:8080
	@if [ -d web/site ]; then $(MAKE) dist && $(GO) run ./web/cmd/serve -dir dist -addr localhost:8080; \
	else echo "make serve: the site is not built yet (it lands with the lesson-site issue)"; fi

# make test runs its suites side by side, TEST_JOBS at a time (each fragment
# adds its own with `test: test-SUITE`). A suite's output is printed whole
# when it ends, so logs never interleave, and a failed suite does not stop
# the others: make names every failed one at the end. TEST_JOBS=1 runs them
# one after the other.
TEST_JOBS ?= 3
ifeq ($(MAKECMDGOALS),test)
MAKEFLAGS += -j$(TEST_JOBS) --output-sync=target --keep-going
TEST_START := $(shell date +%s)
endif

# Suites start in the order of test's prerequisites. A fragment whose suite
# is the longest adds it to TEST_FIRST, so that it starts as soon as what it
# needs is built, not once a job slot is free after the suites listed here.
.PHONY: test
test: $(TEST_FIRST) lint test-native test-cover test-wasm test-quiz ## run every test in parallel: lint, native (-race), coverage, wasm under Node, Node, headless Chromium
	@echo "make test: every suite passed in $$(( $$(date +%s) - $(TEST_START) )) s"

# staticcheck runs at this version, outside the module's requirements; the
# go command caches its build.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: lint
lint: ## gofmt, go mod tidy, go vet and staticcheck, natively (browser tests included) and for GOOS=js GOARCH=wasm
	@bad=$$(gofmt -l $$(find . -name '*.go' -not -path './dist/*' -not -path './node_modules/*' -not -path '*/testdata/invalid/*')); \
	if [ -n "$$bad" ]; then echo "not gofmt'ed:"; echo "$$bad"; exit 1; fi
	$(GO) mod tidy -diff
	cd tests/bench && $(GO) mod tidy -diff
	@# dist/ holds Go files (the exercises' solutions) and must stay out of ./...
	@if $(GO) list ./... | grep -q '/dist/'; then echo "go list ./... walks dist/: make dist writes dist/go.mod to prevent that"; exit 1; fi
	$(GO) vet -tags browser ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...
	$(GO) run $(STATICCHECK) -tags browser ./...
	$(GO) run -exec "env GOOS=js GOARCH=wasm" $(STATICCHECK) ./...

.PHONY: test-native
test-native: ## native tests with the race detector, and the hostile programs without it (the interpreter's goroutines trip it); go vet is in lint
	$(GO) test -race -count=1 ./...
	$(GO) test -count=1 ./tests/hostile/

.PHONY: test-cover
test-cover: ## statement coverage of core/ (fails under 90%)
	@$(GO) test -count=1 -coverpkg=./core/... -coverprofile=.cover.out ./core/... >/dev/null
	@total=$$($(GO) tool cover -func=.cover.out | awk '/^total:/ {print $$3}' | tr -d '%'); \
	echo "core statement coverage: $$total%"; rm -f .cover.out; \
	awk -v t="$$total" -v m=$(COVER_MIN) 'BEGIN { exit (t+0 < m) }' || { echo "coverage below $(COVER_MIN)%"; exit 1; }

.PHONY: test-wasm
test-wasm: ## core tests compiled to GOOS=js GOARCH=wasm and run under Node
	$(WASMENV) $(GO) test -count=1 ./core/...

.PHONY: test-quiz
test-quiz: node_modules/.package-lock.json ## quiz scheduling and grading under Node; the quiz pages in headless Chromium
	node --test web/quiz/
	$(GO) test -tags browser -count=1 -timeout 8m ./tests/quizbrowser/

.PHONY: values-matrix
values-matrix: ## the program's own types through interfaces: pass, refused and WRONG by kind, holder and use
	$(GO) run ./tests/corpus/matrix/cmd/table

.PHONY: corpus-golden
corpus-golden: ## record go run's output of every valid program of tests/corpus (its .out; TestGoldenOutputIsGoRun fails on a stale one)
	@ls tests/corpus/testdata/valid/*.go | xargs -P 2 -I{} sh -c 'f={}; $(GO) run "$$f" > "$${f%.go}.out"'

.PHONY: bench bench-core bench-redis bench-storm bench-run
bench: bench-core bench-redis bench-frontend bench-run bench-size bench-web bench-storm ## every benchmark: core side by side with other libraries, the Redis stores, the type checker, the runtime and the storm chart in Chromium

bench-core: ## core against x/time/rate, gobreaker and cenkalti/backoff, with ours/theirs ratios
	cd tests/bench && $(GO) test -run '^$$' -bench . -skip 'Redis|Middleware' -benchmem -count=1 . | $(GO) run ./cmd/ratio

bench-redis: ## the Redis bucket against go-redis/redis_rate on a local redis-server (ours/theirs), and the middleware's cost per request
	cd tests/bench && $(GO) test -run '^$$' -bench 'Redis|Middleware' -benchmem -benchtime=2000x -count=5 . | $(GO) run ./cmd/ratio

bench-run: ## whole runs of the web bench's programs under Node (as built for the browser): the page's first run after the first warm-up, and warm runs with the median of each step
	@echo "load average: $$(cut -d' ' -f1-3 /proc/loadavg)"
	@$(WASMENV) $(GO) test -gcflags="$(WASM_GCFLAGS)" -run '^$$' -bench '^BenchmarkFirstRun$$' -benchtime=1x -count=1 -v ./sandbox | grep -E '^Benchmark|ms:'
	@$(WASMENV) $(GO) test -gcflags="$(WASM_GCFLAGS)" -run '^$$' -bench '^BenchmarkRun$$' -benchtime=300x -count=1 -v ./sandbox | grep -E '^Benchmark|median'

bench-storm: dist ## the storm simulator: 10 000 clients x 60 s natively, the chart's runs as js/wasm under Node and in headless Chromium
	@echo "core/storm natively, 10 000 clients x 60 s of requests (two simulated minutes) per strategy:"
	@$(GO) test -run '^$$' -bench 'RunLarge' -benchtime=3x -count=1 ./core/storm | grep -E '^Benchmark'
	@echo "core/storm as js/wasm under Node, the chart's opening settings (overload: 100 clients; contention: 100 clients):"
	@$(WASMENV) $(GO) test -gcflags="$(WASM_GCFLAGS)" -gcflags="$(WASM_GCFLAGS_CORE)" -run '^$$' -bench 'Run$$|RunContention' -benchtime=10x -count=1 ./core/storm | grep -E '^Benchmark'
	@echo "load average while measuring: $$(cut -d' ' -f1-3 /proc/loadavg)"
	$(GO) run ./tests/browser/cmd/stormbench -dir $(DIST)

