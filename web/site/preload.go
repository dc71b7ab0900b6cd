package site

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// chunkGraph is what esbuild's metafile says of the files it wrote, by
// path relative to the site folder: the files each one imports statically
// and, for the chunks that are entry points of a dynamic import(), the
// source file they come from.
type chunkGraph struct {
	static map[string][]string
	entry  map[string]string // output -> source entry point (repository path)
}

func readChunkGraph(meta, root, out string) (chunkGraph, error) {
	g := chunkGraph{static: map[string][]string{}, entry: map[string]string{}}
	b, err := os.ReadFile(meta)
	if err != nil {
		return g, fmt.Errorf("site: esbuild metafile: %w", err)
	}
	var m struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			Imports    []struct {
				Path     string `json:"path"`
				Kind     string `json:"kind"`
				External bool   `json:"external"`
			} `json:"imports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return g, fmt.Errorf("site: esbuild metafile: %w", err)
	}
	rel := func(p string) (string, error) {
		abs := filepath.FromSlash(p)
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(root, abs)
		}
		abs, err := filepath.Abs(abs)
		if err != nil {
			return "", err
		}
		absOut, err := filepath.Abs(out)
		if err != nil {
			return "", err
		}
		r, err := filepath.Rel(absOut, abs)
		return filepath.ToSlash(r), err
	}
	for p, o := range m.Outputs {
		name, err := rel(p)
		if err != nil {
			return g, err
		}
		g.entry[name] = o.EntryPoint
		for _, imp := range o.Imports {
			if imp.External || imp.Kind != "import-statement" {
				continue
			}
			dep, err := rel(imp.Path)
			if err != nil {
				return g, err
			}
			g.static[name] = append(g.static[name], dep)
		}
	}
	return g, nil
}

// closure is name and every file it imports statically, directly or not,
// in a stable order.
func (g chunkGraph) closure(name string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(n string) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, d := range g.static[n] {
			walk(d)
		}
	}
	walk(name)
	files := make([]string, 0, len(seen))
	for n := range seen {
		files = append(files, n)
	}
	slices.Sort(files)
	return files
}

// examplesEntry is the module a lesson loads with import() when it has
// examples: the editor and the output panel.
const examplesEntry = "web/site/js/example.js"

// preloadChunks gives every page of out whose script is one of the
// bundles a <link rel="modulepreload"> for each chunk that script imports,
// and a lesson with examples one for the examples' chunk and its imports
// too: the browser asks for all of them with the page's own script,
// instead of one level of the module graph per round trip. It returns the
// pages it changed.
func preloadChunks(g chunkGraph, out string) ([]string, error) {
	pages, err := filepath.Glob(filepath.Join(out, "*.html"))
	if err != nil {
		return nil, err
	}
	var examples string
	for name, src := range g.entry {
		if src == examplesEntry {
			examples = name
		}
	}
	var changed []string
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			return nil, fmt.Errorf("site: %w", err)
		}
		html := string(b)
		for _, entry := range BundleEntries {
			script := "js/" + filepath.Base(entry)
			tag := `<script type="module" src="` + script + `"></script>`
			at := strings.Index(html, tag)
			if at < 0 || strings.Contains(html, `<link rel="modulepreload" href="js/chunk-`) {
				continue
			}
			deps := g.closure(script)
			if examples != "" && strings.Contains(html, ` data-example="`) {
				deps = append(deps, g.closure(examples)...)
			}
			var links strings.Builder
			seen := map[string]bool{script: true}
			for _, d := range deps {
				if !seen[d] {
					seen[d] = true
					fmt.Fprintf(&links, "<link rel=\"modulepreload\" href=\"%s\">\n", d)
				}
			}
			html = html[:at] + links.String() + html[at:]
			if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
				return nil, fmt.Errorf("site: %w", err)
			}
			rel, err := filepath.Rel(out, page)
			if err != nil {
				return nil, err
			}
			changed = append(changed, filepath.ToSlash(rel))
			break
		}
	}
	return changed, nil
}
