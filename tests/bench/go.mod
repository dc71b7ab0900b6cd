module github.com/flakylab/flakylab/tests/bench

go 1.26.0

replace github.com/flakylab/flakylab => ../..

require (
	github.com/cenkalti/backoff/v5 v5.0.3 // indirect
	github.com/sony/gobreaker/v2 v2.4.0 // indirect
	golang.org/x/time v0.16.0 // indirect
)
