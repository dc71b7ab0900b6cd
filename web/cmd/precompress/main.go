// Command precompress writes the .br and .gz siblings of every text file
// and WebAssembly module under the folders it is given (default dist),
// skipping files whose siblings are already current.
//
//	go run ./web/cmd/precompress [dir ...]
//	go run ./web/cmd/precompress -sizes [-brotli-max bytes] file
//
// With -sizes it prints a file's raw, gzip and brotli sizes (writing the
// siblings when they are stale) and fails when brotli is over -brotli-max.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/flakylab/flakylab/web/precompress"
)

func main() {
	sizes := flag.Bool("sizes", false, "print the raw, gzip and brotli sizes of one file")
	brotliMax := flag.Int64("brotli-max", 0, "with -sizes: fail when the brotli size is over this many bytes (0: no budget)")
	flag.Parse()
	if *sizes {
		if flag.NArg() != 1 {
			fmt.Fprintln(os.Stderr, "usage: precompress -sizes [-brotli-max bytes] file")
			os.Exit(2)
		}
		os.Exit(printSizes(flag.Arg(0), *brotliMax))
	}
	dirs := flag.Args()
	if len(dirs) == 0 {
		dirs = []string{"dist"}
	}
	for _, d := range dirs {
		start := time.Now()
		n, err := precompress.Dir(d)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("precompress %s: %d files given .br and .gz siblings in %.1f s\n", d, n, time.Since(start).Seconds())
	}
}

func printSizes(path string, brotliMax int64) int {
	if _, err := precompress.File(path); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	size := func(p string) int64 {
		fi, err := os.Stat(p)
		if err != nil {
			return 0
		}
		return fi.Size()
	}
	raw, gz, br := size(path), size(path+".gz"), size(path+".br")
	fmt.Printf("%s: raw %.2f MB, gzip %.2f MB, brotli %.2f MB", filepath.Base(path), mb(raw), mb(gz), mb(br))
	if brotliMax > 0 {
		fmt.Printf(" (budget: brotli <= %.2f MB)", mb(brotliMax))
	}
	fmt.Println()
	if brotliMax > 0 && br > brotliMax {
		fmt.Printf("%s: brotli size %d bytes is over the budget of %d\n", filepath.Base(path), br, brotliMax)
		return 1
	}
	return 0
}

func mb(n int64) float64 { return float64(n) / 1e6 }
