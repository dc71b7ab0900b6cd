// Command table runs the matrix through the playground's engine natively
// and prints its numbers by kind, holder and use; with -v, every case that
// is not a pass, with what happened.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/flakylab/flakylab/tests/corpus/matrix"
)

func main() {
	verbose := flag.Bool("v", false, "print every case that is not a pass")
	only := flag.String("run", "", "only the cases whose name contains this")
	dir := flag.String("dir", "tests/corpus/matrix", "the matrix package's folder")
	flag.Parse()
	golden, err := matrix.ReadGolden(filepath.Join(*dir, matrix.GoldenPath))
	if err != nil {
		fmt.Fprintln(os.Stderr, "table:", err)
		os.Exit(1)
	}
	var cases []matrix.Case
	for _, c := range matrix.Cases() {
		if strings.Contains(c.Name, *only) {
			cases = append(cases, c)
		}
	}
	outcomes := matrix.ClassifyAll(cases, golden)
	if *verbose {
		for _, o := range outcomes {
			if o.Class != matrix.Pass {
				fmt.Printf("--- %s %s\n%s\n", o.Class, o.Case.Name, o.Detail)
			}
		}
	}
	for part, title := range []string{"by kind", "by holder", "by use"} {
		fmt.Printf("\n%s\n%s", title, matrix.Table(outcomes, part))
	}
}
