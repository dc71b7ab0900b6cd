//go:build race

package hostile

// raceEnabled: the interpreter shares a closure's frame between the
// goroutines it starts without synchronisation (yaegi getFunc), which the
// race detector reports; the programs here all start goroutines, so their
// test runs without -race (make test-native runs it so) and under Node.
const raceEnabled = true
