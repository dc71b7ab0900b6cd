// Package quizbrowser drives the quiz and review views (web/quiz) in
// headless Chromium (/usr/bin/chromium). The tests build their own small
// site, with the views bundled by esbuild, the bank document and a few
// pages, so they do not depend on the lesson site's build. They need the
// "browser" build tag and node_modules (npm ci):
//
//	go test -tags browser -count=1 ./tests/quizbrowser/
//
// QUIZ_SCREENSHOTS=1 also saves screenshots under screenshots/ for a person
// to look at.
package quizbrowser
