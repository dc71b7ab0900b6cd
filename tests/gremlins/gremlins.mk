# Mutation testing of core's own tests: the root Makefile includes this.
# tests/gremlins is a module of its own, so gremlins and its dependencies
# stay out of the project's go.mod; its tool directive pins v0.6.0.

.PHONY: mutants mutants-core test-gremlins lint-gremlins

# Extra flags for the runner, e.g. GREMLINS_FLAGS='-v ./core/bucket'.
GREMLINS_FLAGS ?=

mutants: mutants-core ## mutation testing: how many seeded mistakes the tests catch

mutants-core: ## gremlins over each core package: killed, lived, not covered, timed out, efficacy (>= 95%), the survivors
	cd tests/gremlins && $(GO) run . $(GREMLINS_FLAGS)

test-gremlins: ## the mutation runner's own tests (parsing gremlins' output, the table, the equivalent list)
	cd tests/gremlins && $(GO) vet . && $(GO) test -count=1 .

test: test-gremlins

lint-gremlins: ## the mutation runner's module: go mod tidy, go vet and staticcheck (gofmt is in lint)
	cd tests/gremlins && $(GO) mod tidy -diff && $(GO) vet ./... && $(GO) run $(STATICCHECK) ./...

lint: lint-gremlins
