// Package browser drives the built site (dist/) in headless Chromium: the
// end-to-end tests of the playground (build tag "browser", run by
// `make test-browser`) and the web benchmark (cmd/webbench) share these
// helpers, and so do the other browser test packages under tests/ (site,
// quizbrowser, exercisesbrowser): see harness.go.
//
// The package builds only natively: chromedp drives a browser process.
package browser
