# The lesson pages' fragment of the root Makefile. It hooks into dist (from
# web/web.mk): the lessons are rendered, web/static copied in and the editor
# bundled into dist/ (every page that loads a bundle, the playground too,
# gets modulepreload links for its chunks) before dist's own recipe
# precompresses everything, so make dist and make serve always include the
# course pages.

SITE_OUT ?= $(DIST)

.PHONY: site site-pages

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

site-pages: node_modules/.package-lock.json ## render web/lessons and bundle the editor into dist/
	$(GO) run ./web/site/cmd/build -out $(SITE_OUT) -gzip=false

dist: site-pages

site: dist ## the whole site: runtime, page host and lessons in dist/

# axe-core on every page at two sizes takes about two minutes alone and
# four when make test runs every suite at once on two cores; on a machine
# shared by many builds the whole package has taken over ten minutes, and
# on a quiet machine alone it takes about eleven (639 s); beside the other
# browser suites it went past 15 minutes once.
.PHONY: test-site
test-site: dist ## the course pages in headless Chromium: clean loads, examples, progress file, offline, sub-path, axe-core
	$(GO) test -tags browser -count=1 -timeout 25m ./tests/site/

test: test-site

.PHONY: bench-flood
bench-flood: dist ## the main-thread gap of a lesson page while an example prints until the 1 MiB cap (headless Chromium)
	$(GO) run ./tests/browser/cmd/floodbench -dir $(DIST)

bench: bench-flood
