// Package exercisesbrowser drives the exercise pages of the built course
// (dist/) in headless Chromium (/usr/bin/chromium): for every exercise it
// submits the reference solution (every check passes) and a plausible
// wrong one (the check that catches the mistake fails with a message that
// names it), reading the results from the page; a submission that loops
// forever in one check reports that check as timed out while the others
// still report; failed checks become review cards; "Show a solution"
// appears after three checks that did not pass and fetches the solution;
// the edit and the progress survive a reload and show on the index;
// lessons link to their exercises; a file without the functions asked for
// gets diagnostics, not runs; hints come one at a time; the quiz grader
// compiled into the runtime answers through rt.core; and every attack of
// exercises/attack fails in the page, which never shows or stores the
// checks' real verdicts.
//
// The tests need the "browser" build tag and a built site; without dist/
// they fail and say how to build it:
//
//	make dist && go test -tags browser -count=1 ./tests/exercisesbrowser/
//
// EXERCISES_DIST points them at another build. EXERCISES_SHOTS=1 also saves
// screenshots of an exercise page (light, dark, 360 px wide) under
// screenshots/.
package exercisesbrowser
