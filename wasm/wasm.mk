# The runtime's fragment of the root Makefile: the browser runtime
# (flakylab.wasm) and its tests under Node. The root Makefile defines GO,
# GOROOT_WASM and WASMENV.

WASM_OUT := dist
WASM_BIN := $(WASM_OUT)/flakylab.wasm
# The gzip budget from the runtime issue, in bytes.
WASM_GZIP_MAX := 3500000
WASM_BROTLI := $(shell command -v brotli 2>/dev/null)
# zopfli (Debian package zopfli) writes gzip about 4% smaller than gzip -9;
# without it the budget is checked on gzip -9's output.
WASM_ZOPFLI := $(shell command -v zopfli 2>/dev/null)
# Inlining off: with the type checker linked in, it takes 0.64 MB off the
# gzip size (4.17 -> 3.53 MB with gzip -9; 3.39 MB with zopfli) for a
# slower front end once warm (the bucket example's check: 2.8 -> 3.9 ms
# under Node; the first check after frontend.Warm stays about 25 ms).
WASM_GCFLAGS := all=-l

.PHONY: wasm test-runtime wasm-symbols bench-frontend

wasm: ## build dist/flakylab.wasm (+ .gz, .br) and wasm_exec.js; print the sizes
	@mkdir -p $(WASM_OUT)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -gcflags="$(WASM_GCFLAGS)" -ldflags="-s -w" -o $(WASM_BIN) ./wasm
	cp "$(GOROOT_WASM)/wasm_exec.js" $(WASM_OUT)/wasm_exec.js
	$(if $(WASM_ZOPFLI),zopfli --i1 -c $(WASM_BIN) > $(WASM_BIN).gz.tmp && mv -f $(WASM_BIN).gz.tmp $(WASM_BIN).gz,gzip -9 -n -k -f $(WASM_BIN))
	$(if $(WASM_BROTLI),brotli -q 11 -k -f $(WASM_BIN) && touch -r $(WASM_BIN) $(WASM_BIN).br)
	@raw=$$(wc -c < $(WASM_BIN)); gz=$$(wc -c < $(WASM_BIN).gz); \
	br=$(if $(WASM_BROTLI),$$(wc -c < $(WASM_BIN).br),); \
	awk -v r=$$raw -v g=$$gz -v b="$$br" 'BEGIN { \
		printf "flakylab.wasm: raw %.2f MB, gzip %.2f MB ($(if $(WASM_ZOPFLI),zopfli,gzip -9))", r/1e6, g/1e6; \
		if (b != "") printf ", brotli %.2f MB", b/1e6; else printf ", brotli: no encoder on PATH"; \
		printf "\n" }'; \
	if [ $$gz -gt $(WASM_GZIP_MAX) ]; then \
		echo "flakylab.wasm: gzip size $$gz bytes is over the budget of $(WASM_GZIP_MAX)"; exit 1; fi

test-runtime: ## runtime tests (sandbox, front end, bridge, widgets, the corpus through the sandbox) compiled to GOOS=js GOARCH=wasm under Node
	$(WASMENV) $(GO) test -gcflags="$(WASM_GCFLAGS)" -count=1 -timeout 5m ./wasm/... ./sandbox/... ./tests/corpus

bench-frontend: ## the front end's added latency for the syllabus bucket example, warm, under Node (as built for the browser) and natively
	@$(WASMENV) $(GO) test -gcflags="$(WASM_GCFLAGS)" -run '^$$' -bench CheckBucketExample -benchtime=400x -count=1 ./sandbox/frontend | grep -E '^Benchmark' | sed 's/^/node (js\/wasm): /'
	@$(GO) test -run '^$$' -bench CheckBucketExample -benchtime=200x -count=1 ./sandbox/frontend | grep -E '^Benchmark' | sed 's/^/native:         /'

wasm-symbols: ## regenerate the interpreter's symbol tables (after changing sandbox/symbols/generate.go or core)
	cd sandbox/symbols && $(GO) generate .

# make test covers the runtime under Node too.
test: test-runtime
