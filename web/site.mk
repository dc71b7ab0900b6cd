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

# With a browser launched per test and the tests one after the other, the
# package took 639 s alone on a quiet machine, went past 15 minutes beside
# the other browser suites, and had not finished in 25 minutes on a machine
# shared with other builds (22 of 44 tests done, load 8-49, median 25). One
# browser for the package and most tests side by side: 553 s at a load of
# 5-13 (median 8), 1 288 s at 12-34 (median 20) on that machine; axe-core
# at both sizes (about 100 and 190 s) ends it. The fresh-clone CI run took
# 1 412 s, close to the 25 minutes it had then; beside the other browser
# suites at a load of 20-25 one run went past 30 minutes. The 40 minutes
# only catch a hang.
.PHONY: test-site
test-site: dist ## the course pages in headless Chromium: clean loads, examples, progress file, offline, sub-path, axe-core
	$(GO) test -tags browser -count=1 -timeout 40m ./tests/site/

# tests/site is make test's longest suite: it starts first (TEST_FIRST in
# the root Makefile), right after dist.
TEST_FIRST += test-site

.PHONY: bench-flood
bench-flood: dist ## the main-thread gap of a lesson page while an example prints until the 1 MiB cap (headless Chromium)
	$(GO) run ./tests/browser/cmd/floodbench -dir $(DIST)

bench: bench-flood
