# flakylab: make serve · make test · make dist · make bench · make help
SHELL := /bin/bash
GO ?= go
GOROOT_WASM := $(shell $(GO) env GOROOT)/lib/wasm
WASMENV := PATH="$(GOROOT_WASM):$$PATH" GOOS=js GOARCH=wasm
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
	@if [ -d web/site ]; then $(MAKE) dist && $(GO) run ./web/cmd/serve -dir dist -addr :8080; \
	else echo "make serve: the site is not built yet (it lands with the lesson-site issue)"; fi

.PHONY: test
test: test-native test-cover test-wasm test-quiz ## run every test: native (-race), coverage, wasm under Node, Node, headless Chromium

.PHONY: test-native
test-native: ## native tests with the race detector
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

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
	$(GO) test -tags browser -count=1 -timeout 4m ./tests/quizbrowser/

.PHONY: bench bench-core
bench: bench-core bench-frontend bench-size bench-web ## every benchmark: core side by side with other libraries, the type checker, the runtime in Chromium

bench-core: ## core against x/time/rate, gobreaker and cenkalti/backoff, with ours/theirs ratios
	cd tests/bench && $(GO) test -run '^$$' -bench . -benchmem -count=1 . | $(GO) run ./cmd/ratio
