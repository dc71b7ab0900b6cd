# The exercises' fragment of the root Makefile: the exercise pages in
# headless Chromium (/usr/bin/chromium). dist (web/web.mk, web/site.mk)
# builds the runtime and the site, exercise pages and solutions included.

.PHONY: test-exercises-browser

test-exercises-browser: dist ## every exercise's page: reference and wrong solutions, an endless loop, the solution reveal
	$(GO) test -tags browser -count=1 -timeout 3m ./tests/exercisesbrowser/

test: test-exercises-browser
