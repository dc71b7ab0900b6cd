// Package site drives the built course (dist/) in headless Chromium
// (/usr/bin/chromium): every page loads with no console error or failed
// request, every example runs and prints what its lesson shows, the editor
// behaves (an edit's own output; an endless loop ended by Stop, by the
// watchdog and by another example's Run while the page stays responsive; a
// reload keeps edits without running them; Reset is undoable; a compile
// error marks the learner's line; Tab, Esc and Ctrl+Enter alone), a quick
// check scores and feeds the review cards, the pictures draw and the token
// bucket asks Go, progress survives an export and import, the site works
// offline after a first visit and is replaced by a new build, and it works
// under a sub-path. The tests need the "browser" build tag and a built
// site; without dist/ they fail and say how to build it:
//
//	make dist && go test -tags browser -count=1 ./tests/site/   (or make test-site)
//
// SITE_DIST points them at another build. SITE_SHOTS=1 also saves
// screenshots for a person to look at under screenshots/: every page full
// length at 1200 px light and a few dark and at 360 px (page-NAME-MODE.png,
// with slices -1, -2, … small enough to view at full size; a page wider
// than a 360 px window fails), and the main widgets light, dark and narrow.
// A failing test saves one there too.
package site
