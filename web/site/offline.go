package site

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

//go:embed js/sw.js
var serviceWorker []byte

// ServiceWorkerFile is the service worker's name at the root of the site.
const ServiceWorkerFile = "sw.js"

// RuntimeFiles are the Go runtime's files at the root of the site, put there
// by the runtime's build (see wasm/BRIDGE.md).
var RuntimeFiles = []string{"flakylab.wasm", "wasm_exec.js"}

// OfflineOptions says what the service worker keeps for offline use.
type OfflineOptions struct {
	// Out is the site folder.
	Out string
	// Files are the site's own files, relative to Out (Build's and Bundle's
	// results).
	Files []string
	// Static is the page host's folder (web/static) that is copied into
	// Out as it is; its files are kept too. Empty means none.
	Static string
	// Compress writes a .gz sibling, as Options.Compress does.
	Compress bool
}

// WriteServiceWorker writes sw.js at the root of Out: the list of files to
// keep (the site's, the page host's and the runtime's) and a version that
// is a hash of their names and content, so any change to any of them makes
// a new worker that replaces the old copy. A runtime file not yet in Out is
// left out of the list. It returns the version.
func WriteServiceWorker(o OfflineOptions) (string, error) {
	set := map[string]string{} // relative path -> file to read
	for _, f := range o.Files {
		if f != ServiceWorkerFile && !strings.HasSuffix(f, ".gz") && !strings.HasSuffix(f, ".br") {
			set[f] = filepath.Join(o.Out, filepath.FromSlash(f))
		}
	}
	if o.Static != "" {
		err := filepath.WalkDir(o.Static, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(o.Static, p)
			if err != nil {
				return err
			}
			// A page the bundle gave modulepreload links is kept as
			// it is in Out.
			if _, ok := set[filepath.ToSlash(rel)]; !ok {
				set[filepath.ToSlash(rel)] = p
			}
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("site: service worker: %w", err)
		}
	}
	for _, f := range RuntimeFiles {
		p := filepath.Join(o.Out, f)
		if _, err := os.Stat(p); err == nil {
			set[f] = p
		}
	}
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(set[n])
		if err != nil {
			return "", fmt.Errorf("site: service worker: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
		h.Write(b)
	}
	list := names
	version := hex.EncodeToString(h.Sum(nil))[:16]
	src, err := serviceWorkerSource(version, list)
	if err != nil {
		return "", err
	}
	w := &writer{out: o.Out, compress: o.Compress}
	return version, w.file(ServiceWorkerFile, src)
}

func serviceWorkerSource(version string, files []string) ([]byte, error) {
	for _, f := range files {
		if strings.HasPrefix(f, "/") || strings.Contains(f, "://") || path.Clean("/"+f) == "/.." {
			return nil, fmt.Errorf("site: service worker: %q is not a relative path", f)
		}
	}
	list, err := json.Marshal(files)
	if err != nil {
		return nil, err
	}
	v, _ := json.Marshal(version)
	src := bytes.Replace(serviceWorker, []byte(`const VERSION = "dev";`), []byte("const VERSION = "+string(v)+";"), 1)
	src = bytes.Replace(src, []byte(`const FILES = [];`), []byte("const FILES = "+string(list)+";"), 1)
	if bytes.Contains(src, []byte(`const FILES = [];`)) || bytes.Contains(src, []byte(`const VERSION = "dev";`)) {
		return nil, fmt.Errorf("site: service worker: the template lost its VERSION or FILES line")
	}
	return src, nil
}
