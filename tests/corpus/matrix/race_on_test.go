//go:build race && !(js && wasm)

package matrix

// sampleEvery: under the race detector the interpreter runs several times
// slower, so the test runs every tenth case (the programs start no
// goroutines); the whole matrix runs in builds without -race.
const sampleEvery = 10
