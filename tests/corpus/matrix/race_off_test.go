//go:build !race && !(js && wasm)

package matrix

// sampleEvery: every case runs (see race_on_test.go).
const sampleEvery = 1
