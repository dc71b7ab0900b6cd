# The runtime's fragment of the root Makefile: the browser runtime
# (flakylab.wasm) and its tests under Node. The root Makefile defines GO,
# GOROOT_WASM and WASMENV.

WASM_OUT := dist
WASM_BIN := $(WASM_OUT)/flakylab.wasm
# The size budget for the runtime as browsers get it (brotli), in bytes;
# make bench-size checks it (a build never fails on size).
WASM_BROTLI_MAX := 2600000
# Inlining off: with the type checker linked in, it takes 0.64 MB off the
# gzip size (4.17 -> 3.53 MB with gzip -9) for a slower front end once warm
# (the bucket example's check: 2.8 -> 3.9 ms under Node; the first check
# after frontend.Warm stays about 25 ms).
WASM_GCFLAGS := all=-l
# ... except in core/, whose loops the widgets run directly (the storm
# chart re-simulates on every change of a setting): about 20 % less CPU for
# the chart's costliest run under Node, for 6 kB more gzip.
WASM_GCFLAGS_CORE := github.com/flakylab/flakylab/core/...=

.PHONY: wasm test-runtime wasm-symbols bench-frontend bench-size yaegi-trim

# yaegi's interp package as the runtime builds it: without go/build, flag,
# log and os/exec, which its reflection would otherwise keep whole (0.4 MB
# of wasm code and data; wasm/cmd/trimyaegi). Every target that uses
# WASMENV (whose -modfile is the go.mod written here) depends on it.
yaegi-trim:
	@$(GO) run ./wasm/cmd/trimyaegi -o .build/trim

wasm test-runtime bench-frontend test-wasm bench-run bench-storm: yaegi-trim

wasm: ## build dist/flakylab.wasm and wasm_exec.js (make dist adds the .br and .gz siblings)
	@mkdir -p $(WASM_OUT)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -overlay="$(WASM_OVERLAY)" -modfile="$(WASM_MODFILE)" -gcflags="$(WASM_GCFLAGS)" -gcflags="$(WASM_GCFLAGS_CORE)" -ldflags="-s -w" -o $(WASM_BIN).new ./wasm
	@# One data segment instead of the linker's 100 000: the same memory, 0.14 MB less brotli;
	@# and no file and line tables in the runtime's function table (wasm/README.md, Size).
	$(GO) run ./wasm/cmd/mergedata -strip-lines $(WASM_BIN).new
	@# An unchanged runtime keeps its file (and time), so its siblings stay current.
	@if cmp -s $(WASM_BIN).new $(WASM_BIN); then rm -f $(WASM_BIN).new; else mv -f $(WASM_BIN).new $(WASM_BIN); fi
	cp -p "$(GOROOT_WASM)/wasm_exec.js" $(WASM_OUT)/wasm_exec.js

bench-size: wasm ## the runtime's size: raw, gzip and brotli (budget: brotli <= 2.6 MB)
	@$(GO) run ./web/cmd/precompress -sizes -brotli-max $(WASM_BROTLI_MAX) $(WASM_BIN)

# The timeout only catches a hang: under Node on a busy 2-core machine the
# corpus and the runtime's packages take several minutes each.
test-runtime: ## runtime tests (sandbox, front end, bridge, widgets, the corpus and the hostile programs through the sandbox) compiled to GOOS=js GOARCH=wasm under Node
	@# In a zone other than UTC, as many learners' browsers are: the runtime must not follow it.
	TZ=America/New_York $(WASMENV) $(GO) test -gcflags="$(WASM_GCFLAGS)" -count=1 -timeout 15m ./wasm/... ./sandbox/... ./tests/corpus ./tests/hostile

bench-frontend: ## the front end's added latency for the syllabus bucket example, warm, under Node (as built for the browser) and natively
	@$(WASMENV) $(GO) test -gcflags="$(WASM_GCFLAGS)" -run '^$$' -bench CheckBucketExample -benchtime=400x -count=1 ./sandbox/frontend | grep -E '^Benchmark' | sed 's/^/node (js\/wasm): /'
	@$(GO) test -run '^$$' -bench CheckBucketExample -benchtime=200x -count=1 ./sandbox/frontend | grep -E '^Benchmark' | sed 's/^/native:         /'

wasm-symbols: ## regenerate the interpreter's symbol tables (after changing sandbox/symbols/generate.go or core)
	cd sandbox/symbols && $(GO) generate .

# make test covers the runtime under Node too.
test: test-runtime
