// Package site drives the built course (dist/) in headless Chromium
// (/usr/bin/chromium): every page loads with no console error or failed
// request, every example runs and prints what its lesson shows, a quick
// check scores and feeds the review cards, the pictures draw and the token
// bucket asks Go, progress survives an export and import, the site works
// offline after a first visit and is replaced by a new build, and it works
// under a sub-path. The tests need the "browser" build tag and a built
// site; without dist/ they fail and say how to build it:
//
//	make dist && go test -tags browser -count=1 ./tests/site/   (or make test-site)
//
// SITE_DIST points them at another build. SITE_SHOTS=1 also saves
// screenshots of every page and of the main widgets, light, dark and 360 px
// wide, under screenshots/ for a person to look at; a failing test saves one
// there too.
package site
