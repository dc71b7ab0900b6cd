# The exercises' fragment of the root Makefile: the exercise pages in
# headless Chromium (/usr/bin/chromium). dist (web/web.mk, web/site.mk)
# builds the runtime and the site, exercise pages and solutions included.

.PHONY: test-exercises-browser mutants-exercises bench-grader

# The timeout only catches a hang: beside the other browser suites at a
# load of 15-20 the package took 12 minutes (3 of them one wait for a report
# that never came: the grader refused, "core did not answer within 5.0 s").
test-exercises-browser: dist ## every exercise's page: reference and wrong solutions, an endless loop, the solution reveal
	$(GO) test -tags browser -count=1 -timeout 30m ./tests/exercisesbrowser/

test: test-exercises-browser

# make mutants runs this and mutants-core (tests/gremlins/gremlins.mk).
mutants: mutants-exercises

mutants-exercises: ## mutants of each exercise's reference solution through its checks: killed, equivalent (exercises/mutants.md), survivors, score (>= 90%)
	$(GO) run ./exercises/cmd/mutants

bench: bench-grader

bench-grader: ## the command-line grader as a service: honest grading time before and after 100 hostile submissions, peak memory of a check
	$(GO) run ./exercises/cmd/servicebench -n 100
