module github.com/flakylab/flakylab/tests/bench

go 1.26.0

replace github.com/flakylab/flakylab => ../..

require (
	github.com/cenkalti/backoff/v5 v5.0.3
	github.com/flakylab/flakylab v0.0.0-00010101000000-000000000000
	github.com/sony/gobreaker/v2 v2.4.0
	github.com/stretchr/testify v1.12.1
	golang.org/x/time v0.16.0
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
