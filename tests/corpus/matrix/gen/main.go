// Command gen writes the matrix's golden file: what `go run` prints for
// every case. It builds all cases into one binary with the go command and
// runs it once per case.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/flakylab/flakylab/tests/corpus/matrix"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run() error {
	cases := matrix.Cases()
	got, err := matrix.RunNatively(cases)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(got, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(matrix.GoldenPath, append(data, '\n'), 0o644)
}
