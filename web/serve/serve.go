// Package serve is the static file server for the built course (dist/).
//
// It does what a careful static host does and nothing more: explicit MIME
// types (application/wasm for the runtime, text/javascript for modules),
// precompressed .br and .gz siblings chosen from Accept-Encoding, validators
// (ETag, Last-Modified) so unchanged files cost a 304, long-lived caching only
// for content-hashed names, index.html for directories and never a listing,
// nothing outside the folder (Dir), and SecurityHeaders on every response.
package serve

import (
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// UncompressedLengthHeader names the response header that carries the size of
// the file before compression when a precompressed sibling is served. Fetch
// hands pages the decoded bytes while Content-Length counts the encoded ones,
// so a download progress bar needs the decoded total.
const UncompressedLengthHeader = "X-Uncompressed-Length"

// contentTypes pins the types that matter to the site; Go's mime table
// depends on the host's /etc/mime.types, which may lack wasm or map .js to
// application/javascript.
var contentTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".htm":   "text/html; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".wasm":  "application/wasm",
	".json":  "application/json",
	".map":   "application/json",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".jpg":   "image/jpeg",
	".jpeg":  "image/jpeg",
	".gif":   "image/gif",
	".webp":  "image/webp",
	".ico":   "image/x-icon",
	".txt":   "text/plain; charset=utf-8",
	".md":    "text/markdown; charset=utf-8",
	".xml":   "application/xml",
	".woff":  "font/woff",
	".woff2": "font/woff2",
	".gz":    "application/gzip",
	".br":    "application/x-brotli",
}

// ContentType returns the Content-Type for a file name.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// encodings lists the precompressed siblings the handler looks for, in order
// of preference when the client accepts both.
var encodings = []struct{ name, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// compressible reports whether a file type is worth looking for a
// precompressed sibling; images and fonts are compressed already.
func compressible(contentType string) bool {
	return strings.HasPrefix(contentType, "text/") ||
		strings.HasPrefix(contentType, "application/wasm") ||
		strings.HasPrefix(contentType, "application/json") ||
		strings.HasPrefix(contentType, "application/xml") ||
		strings.HasPrefix(contentType, "image/svg+xml")
}

// hashedName matches names that carry a content hash, such as
// app.3f9a1c2e.js or chunk-5D1E0B7A.css: their content never changes, so
// browsers may keep them for a year without asking again.
var hashedName = regexp.MustCompile(`[.-][0-9a-fA-F]{8,}\.[a-z0-9]+$`)

// CacheControl returns the Cache-Control value for a file name. HTML and
// every name without a content hash must be revalidated on each use (a cheap
// 304 thanks to the validators), so a new deploy shows up at once.
func CacheControl(name string) string {
	if hashedName.MatchString(path.Base(name)) && !strings.HasSuffix(name, ".html") {
		return "public, max-age=31536000, immutable"
	}
	return "no-cache"
}

// Handler serves the files of a file system tree. The zero value is not
// usable; build one with Dir or New. It is safe for concurrent use.
type Handler struct {
	fsys fs.FS
	root *os.Root
}

// New returns a Handler serving fsys. Dir is the one to use for a folder:
// os.DirFS follows symbolic links wherever they point.
func New(fsys fs.FS) *Handler {
	return &Handler{fsys: fsys}
}

// Dir returns a Handler serving the folder dir through an os.Root, so no
// request reaches a file outside it, through a symbolic link or otherwise;
// links that stay inside the folder work. Close releases the folder.
func Dir(dir string) (*Handler, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	return &Handler{fsys: root.FS(), root: root}, nil
}

// Close releases the folder of a Handler made by Dir; it does nothing for
// one made by New.
func (h *Handler) Close() error {
	if h.root == nil {
		return nil
	}
	return h.root.Close()
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header())
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	urlPath := r.URL.Path
	if !strings.HasPrefix(urlPath, "/") {
		urlPath = "/" + urlPath
	}
	name := strings.TrimPrefix(path.Clean(urlPath), "/")
	if name == "" {
		name = "."
	}
	if !fs.ValidPath(name) || hidden(name) {
		http.NotFound(w, r)
		return
	}

	info, err := fs.Stat(h.fsys, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if info.IsDir() {
		// A directory is served by its index.html and nothing else. The
		// trailing slash matters: relative URLs in the page resolve
		// against it.
		index := path.Join(name, "index.html")
		if _, err := fs.Stat(h.fsys, index); err != nil {
			http.NotFound(w, r)
			return
		}
		if !strings.HasSuffix(urlPath, "/") {
			redirect(w, r, path.Base(urlPath)+"/")
			return
		}
		name = index
	} else if strings.HasSuffix(urlPath, "/") {
		// /file.js/ is not a directory; do not let relative URLs
		// resolve against it.
		redirect(w, r, "../"+path.Base(name))
		return
	}
	h.serveFile(w, r, name)
}

// hidden reports whether any element of the path starts with a dot, so
// files such as .git or .env never leave the server.
func hidden(name string) bool {
	for elem := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(elem, ".") && elem != "." {
			return true
		}
	}
	return false
}

// redirect answers with a relative redirect that keeps the query string, so
// it works behind a proxy that mounts the site under a sub-path.
func redirect(w http.ResponseWriter, r *http.Request, target string) {
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	w.Header().Set("Location", target)
	w.WriteHeader(http.StatusMovedPermanently)
}

func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	f, err := h.fsys.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		http.NotFound(w, r)
		return
	}

	hdr := w.Header()
	ctype := ContentType(name)
	hdr.Set("Content-Type", ctype)
	hdr.Set("Cache-Control", CacheControl(name))

	var served fs.File = f
	servedInfo := info
	if compressible(ctype) {
		// Caches must key on Accept-Encoding whether or not this client
		// gets a compressed body.
		hdr.Add("Vary", "Accept-Encoding")
		if enc, sf, si := h.sibling(name, info, r.Header.Get("Accept-Encoding")); sf != nil {
			defer sf.Close()
			served, servedInfo = sf, si
			hdr.Set("Content-Encoding", enc)
			hdr.Set(UncompressedLengthHeader, strconv.FormatInt(info.Size(), 10))
			// ServeContent leaves Content-Length out once an encoding is
			// set, but the size of a precompressed file is known. Ranges
			// of a compressed body are of no use to a browser; send it
			// whole.
			hdr.Set("Content-Length", strconv.FormatInt(si.Size(), 10))
			r = r.Clone(r.Context())
			r.Header.Del("Range")
		}
	}
	// One validator per representation: the gzip and brotli bodies differ
	// from the plain one, so their ETags must too.
	hdr.Set("ETag", etag(servedInfo))

	rs, ok := served.(io.ReadSeeker)
	if !ok {
		http.Error(w, "file is not seekable", http.StatusInternalServerError)
		return
	}
	// ServeContent handles Range, If-None-Match, If-Modified-Since and HEAD,
	// and sets Content-Length from the body actually sent.
	http.ServeContent(w, r, name, info.ModTime(), rs)
}

// sibling opens the preferred precompressed sibling of name that the client
// accepts. A sibling older than the file itself is stale and ignored.
func (h *Handler) sibling(name string, info fs.FileInfo, acceptEncoding string) (string, fs.File, fs.FileInfo) {
	if acceptEncoding == "" {
		return "", nil, nil
	}
	accepted := parseAcceptEncoding(acceptEncoding)
	for _, e := range encodings {
		if !accepted.allows(e.name) {
			continue
		}
		sf, err := h.fsys.Open(name + e.suffix)
		if err != nil {
			continue
		}
		si, err := sf.Stat()
		if err != nil || si.IsDir() || si.ModTime().Before(info.ModTime()) {
			sf.Close()
			continue
		}
		return e.name, sf, si
	}
	return "", nil, nil
}

func etag(info fs.FileInfo) string {
	return fmt.Sprintf(`"%x-%x"`, info.ModTime().UnixNano(), info.Size())
}

// acceptEncoding is a parsed Accept-Encoding header: coding → q-value.
type acceptEncoding map[string]float64

func parseAcceptEncoding(header string) acceptEncoding {
	a := acceptEncoding{}
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				} else {
					q = 0
				}
			}
		}
		a[coding] = q
	}
	return a
}

// allows reports whether the coding has a non-zero q-value, directly or
// through the * wildcard.
func (a acceptEncoding) allows(coding string) bool {
	if q, ok := a[coding]; ok {
		return q > 0
	}
	if coding == "gzip" {
		if q, ok := a["x-gzip"]; ok {
			return q > 0
		}
	}
	if q, ok := a["*"]; ok {
		return q > 0
	}
	return false
}
