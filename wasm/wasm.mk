# The runtime's fragment of the root Makefile: the browser runtime
# (flakylab.wasm) and its tests under Node. The root Makefile defines GO,
# GOROOT_WASM and WASMENV.

WASM_OUT := dist
WASM_BIN := $(WASM_OUT)/flakylab.wasm
# The gzip budget from the runtime issue, in bytes.
WASM_GZIP_MAX := 3500000
WASM_BROTLI := $(shell command -v brotli 2>/dev/null)

.PHONY: wasm test-runtime wasm-symbols

wasm: ## build dist/flakylab.wasm (+ .gz, .br) and wasm_exec.js; print the sizes
	@mkdir -p $(WASM_OUT)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $(WASM_BIN) ./wasm
	cp "$(GOROOT_WASM)/wasm_exec.js" $(WASM_OUT)/wasm_exec.js
	gzip -9 -n -k -f $(WASM_BIN)
	$(if $(WASM_BROTLI),brotli -q 11 -k -f $(WASM_BIN))
	@raw=$$(wc -c < $(WASM_BIN)); gz=$$(wc -c < $(WASM_BIN).gz); \
	br=$(if $(WASM_BROTLI),$$(wc -c < $(WASM_BIN).br),); \
	awk -v r=$$raw -v g=$$gz -v b="$$br" 'BEGIN { \
		printf "flakylab.wasm: raw %.2f MB, gzip %.2f MB", r/1e6, g/1e6; \
		if (b != "") printf ", brotli %.2f MB", b/1e6; else printf ", brotli: no encoder on PATH"; \
		printf "\n" }'; \
	if [ $$gz -gt $(WASM_GZIP_MAX) ]; then \
		echo "flakylab.wasm: gzip size $$gz bytes is over the budget of $(WASM_GZIP_MAX)"; exit 1; fi

test-runtime: ## runtime tests (sandbox, front end, bridge, widgets, the corpus through the sandbox) compiled to GOOS=js GOARCH=wasm under Node
	$(WASMENV) $(GO) test -count=1 -timeout 5m ./wasm/... ./tests/corpus

wasm-symbols: ## regenerate the interpreter's symbol tables (after changing wasm/symbols/generate.go or core)
	cd wasm/symbols && $(GO) generate .

# make test covers the runtime under Node too.
test: test-runtime
