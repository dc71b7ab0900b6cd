// Command build renders the course's lesson pages into a static site folder.
//
//	go run ./web/site/cmd/build -out dist
//
// Run it from the repository root after npm ci (for esbuild) and after the
// runtime files are in the output folder (make dist does both): the service
// worker it writes (sw.js) lists and hashes them, so that a new build of the
// runtime also replaces the offline copy.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/flakylab/flakylab/web/site"
)

func main() {
	out := flag.String("out", "dist", "folder to write the site into")
	lessons := flag.String("lessons", "web/lessons", "folder of NN-slug.md lesson files")
	esbuild := flag.String("esbuild", "node_modules/.bin/esbuild", "esbuild binary for the JavaScript bundle")
	bundle := flag.Bool("bundle", true, "bundle the page JavaScript with esbuild")
	gz := flag.Bool("gzip", true, "write .gz siblings of every file written")
	static := flag.String("static", "web/static", "the page host's folder, copied into the output as it is (its files are kept offline too)")
	flag.Parse()

	res, err := site.Build(site.Options{Lessons: os.DirFS(*lessons), Out: *out, Compress: *gz})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	files := res.Files
	if *static != "" {
		// Before the bundle, which gives the pages that load it (the
		// playground among them) their modulepreload links.
		if _, err := site.CopyStatic(*static, *out, *gz); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if *bundle {
		js, err := site.Bundle(*esbuild, ".", *out)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, f := range js {
			if *gz {
				if err := site.CompressFile(filepath.Join(*out, f)); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				continue
			}
			// No stale precompressed copy of an older bundle may be
			// served in place of the new one.
			for _, ext := range []string{".gz", ".br"} {
				if err := os.Remove(filepath.Join(*out, f) + ext); err != nil && !os.IsNotExist(err) {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
			}
		}
		for _, f := range js {
			if !slices.Contains(files, f) { // a page given its modulepreload links
				files = append(files, f)
			}
		}
	}
	version, err := site.WriteServiceWorker(site.OfflineOptions{Out: *out, Files: files, Static: *static, Compress: *gz})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	files = append(files, site.ServiceWorkerFile)
	fmt.Printf("site: %d files written to %s (offline copy version %s)\n", len(files), *out, version)
}
