# The conformance suite's fragment of the root Makefile: Go's own test
# programs ($(go env GOROOT)/test) through the playground's engine. make test
# runs the gate (TestConformance) with the other native tests; this target
# prints the table.

.PHONY: conformance

conformance: ## $GOROOT/test through the engine: the table per folder, pass rates, disagreements with the known-failures list
	$(GO) run ./tests/gotest/cmd/conformance
