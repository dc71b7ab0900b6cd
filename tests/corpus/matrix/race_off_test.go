//go:build !race

package matrix

// sampleEvery: every case runs (see race_on_test.go).
const sampleEvery = 1
