# The site's fragment of the root Makefile: dist/, its server, and the checks
# of the page host (Node unit tests, headless Chromium end to end, timings).
# The wasm target (wasm/wasm.mk) puts flakylab.wasm and wasm_exec.js in dist/.

DIST := dist
WEB_STATIC := web/static

# wasm is the runtime's target (wasm/wasm.mk); it must be phony, or the
# wasm/ directory would count as an up-to-date file of that name.
.PHONY: dist serve-dist test-js test-browser bench-web wasm

# Text files and the runtime get .br and .gz siblings (web/cmd/precompress,
# Go libraries only); the server picks one per request.
dist: wasm ## build the runtime and the site into dist/, with .br and .gz siblings
	@mkdir -p $(DIST)
	@# Files older builds put in dist/ that nothing loads any more (modules
	@# now bundled, a catalogue and a table no page reads): the site's build
	@# (web/site.mk), which also copies $(WEB_STATIC) in, only adds.
	rm -rf $(DIST)/js/output.js* $(DIST)/js/share.js* $(DIST)/exercises/exercises.json* $(DIST)/data
	$(GO) run ./web/cmd/precompress $(DIST)
	$(GO) run ./web/cmd/serve -headers > $(DIST)/_headers
	@echo "dist/: $$(find $(DIST) -type f | wc -l | tr -d ' ') files, $$(du -sh $(DIST) | cut -f1)"

# The site's service worker lists and hashes the runtime's files, so the
# pages are rendered after the runtime is built (make -j, as make test runs,
# would otherwise start both at once). dist/go.mod comes first: dist/ holds
# Go files (the exercises' solutions), and a module of its own keeps them out
# of go test ./..., go vet ./... and staticcheck.
site-pages: wasm $(DIST)/go.mod runtime-siblings

# The pages carry the runtime's size and its siblings' (the download bar
# counts what crosses the network), so the runtime is compressed before
# they are rendered; dist's own precompress then finds it current.
.PHONY: runtime-siblings
runtime-siblings: wasm
	$(GO) run ./web/cmd/precompress $(DIST)/flakylab.wasm

$(DIST)/go.mod:
	@mkdir -p $(DIST)
	@printf '%s\n' '// The built site, not Go code: this file keeps dist/ out of the flakylab module.' 'module flakylab.dist' > $@

serve-dist: dist ## build dist/ and serve it at http://localhost:8080
	$(GO) run ./web/cmd/serve -dir $(DIST) -addr localhost:8080

test-js: ## unit tests of the page host's and the course pages' pure parts under Node
	node --experimental-detect-module --test web/test/ web/site/js/

# The timeout only catches a hang. In a fresh-clone CI run the package went
# past 12 minutes with no test failed, once make test started tests/site
# (its tests now side by side) first on the same two cores.
test-browser: dist ## the playground in headless Chromium (/usr/bin/chromium)
	$(GO) test -tags browser -count=1 -timeout 25m ./tests/browser/...

bench-web: dist ## headless Chromium: the playground's ready, run and respawn times; a first visit to a lesson at 9 and 1.6 Mbps, links emulated by the server (shaped) and by CDP, each link's measured rate (bytes, ready, first run, its requests on a time line)
	$(GO) run ./tests/browser/cmd/webbench -dir $(DIST)

# make test covers the page host too.
test: test-js test-browser

# The lesson pages hook their own prerequisites into dist; the root Makefile
# only includes this fragment, so pull theirs in (once).
ifeq ($(filter web/site.mk,$(MAKEFILE_LIST)),)
-include web/site.mk
endif
