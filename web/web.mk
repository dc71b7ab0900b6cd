# The site's fragment of the root Makefile: dist/, its server, and the checks
# of the page host (Node unit tests, headless Chromium end to end, timings).
# The wasm target (wasm/wasm.mk) puts flakylab.wasm and wasm_exec.js in dist/.

DIST := dist
WEB_STATIC := web/static
BROTLI := $(shell command -v brotli 2>/dev/null)
# Text files get precompressed siblings; the server picks one per request.
WEB_TEXT := -name '*.html' -o -name '*.js' -o -name '*.mjs' -o -name '*.css' \
	-o -name '*.svg' -o -name '*.json' -o -name '*.map' -o -name '*.txt'

# wasm is the runtime's target (wasm/wasm.mk); it must be phony, or the
# wasm/ directory would count as an up-to-date file of that name.
.PHONY: dist serve-dist test-js test-browser bench-web wasm

dist: wasm ## build the runtime and the site into dist/, with .gz (and .br) siblings
	@mkdir -p $(DIST)
	cp -R $(WEB_STATIC)/. $(DIST)/
	@find $(DIST) -type f \( $(WEB_TEXT) \) -print | while IFS= read -r f; do \
		gzip -9 -n -k -f "$$f" || exit 1; \
		$(if $(BROTLI),brotli -q 11 -k -f "$$f" && touch -r "$$f" "$$f.br" || exit 1;) \
	done
	@echo "dist/: $$(find $(DIST) -type f | wc -l | tr -d ' ') files, $$(du -sh $(DIST) | cut -f1)$(if $(BROTLI),, (no brotli on PATH: .gz only))"

serve-dist: dist ## build dist/ and serve it at http://localhost:8080
	$(GO) run ./web/cmd/serve -dir $(DIST) -addr :8080

test-js: ## unit tests of the page host's pure parts under Node
	node --experimental-detect-module --test web/test/

test-browser: dist ## the playground in headless Chromium (/usr/bin/chromium)
	$(GO) test -tags browser -count=1 -timeout 3m ./tests/browser/...

bench-web: dist ## ready, first run, warm run and respawn times in headless Chromium
	$(GO) run ./tests/browser/cmd/webbench -dir $(DIST)

# make test covers the page host too.
test: test-js test-browser

# The lesson pages hook their own prerequisites into dist; the root Makefile
# only includes this fragment, so pull theirs in (once).
ifeq ($(filter web/site.mk,$(MAKEFILE_LIST)),)
-include web/site.mk
endif
