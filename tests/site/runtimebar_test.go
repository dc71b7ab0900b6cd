//go:build browser

package site

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
	"github.com/flakylab/flakylab/web/serve"
)

// recordRuntimeStatus runs before the page's own scripts and keeps every
// state of the runtime's status line: its text and its bar ("value/max",
// "-" without a value).
const recordRuntimeStatus = `window.__runtimeStatus = [];
new MutationObserver(() => {
  const text = document.querySelector('[data-role="runtime-text"]');
  const bar = document.querySelector('[data-role="runtime-progress"]');
  if (!text || !bar) return;
  const now = text.textContent + " | " + (bar.hasAttribute("value") ? bar.value + "/" + bar.max : "-");
  const seen = window.__runtimeStatus;
  if (seen[seen.length - 1] !== now) seen.push(now);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });`

var downloading = regexp.MustCompile(`^Downloading the Go runtime: (\d+\.\d) of (\d+\.\d) MB… \| (\d+)/(\d+)$`)

func fileSize(t *testing.T, dir, name string) int64 {
	t.Helper()
	fi, err := os.Stat(filepath.Join(dir, name))
	require.NoError(t, err)
	return fi.Size()
}

// TestRuntimeBarCountsWhatMoves: the runtime's download bar counts the
// bytes that cross the network. Served with brotli by the site's server
// (over an emulated 40 Mbps link, so the bar moves through several
// states), a lesson's and an exercise's bar end at the size of
// flakylab.wasm.br and never name the decoded module's size; served
// without compression, the raw size is what moves and what the bar counts
// to.
func TestRuntimeBarCountsWhatMoves(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	raw := fileSize(t, dist, "flakylab.wasm")
	br := fileSize(t, dist, "flakylab.wasm.br")
	shaped := shapedServer(t, dist, browser.Link{Mbps: 40, RTT: 10 * time.Millisecond})
	site, err := serve.Dir(dist)
	require.NoError(t, err)
	t.Cleanup(func() { site.Close() })
	// A host that does not compress: the browser's Accept-Encoding is
	// ignored, so every file comes as it is.
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("Accept-Encoding")
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(plain.Close)

	cases := []struct {
		name, url string
		moved     int64 // the bytes of flakylab.wasm that cross the network
		decoded   int64 // what they decode to: never named when it differs
	}{
		{"lesson, brotli", shaped.URL + "token-bucket.html", br, raw},
		{"exercise, brotli", shaped.URL + "exercise-token-bucket.html", br, raw},
		{"lesson, uncompressed", plain.URL + "/token-bucket.html", raw, raw},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newBrowser(t)
			_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordRuntimeStatus})
			require.NoError(t, err)
			load(t, ctx, tc.url)
			if got := evalString(t, ctx, runtimeState); got != "ready" {
				failWithShot(t, ctx, "runtime-bar", "%s: the Go runtime is %q, not ready", tc.url, got)
			}
			seen := evalString(t, ctx, `window.__runtimeStatus.join("\n")`)
			total := fmt.Sprintf("%.1f", float64(tc.moved)/1e6)
			var shown []string
			last := -1.0
			var started []string
			for _, line := range strings.Split(seen, "\n") {
				if strings.HasPrefix(line, "Starting") {
					started = append(started, line)
					continue
				}
				if !strings.HasPrefix(line, "Downloading") {
					continue
				}
				m := downloading.FindStringSubmatch(line)
				if !assert.NotNil(t, m, "%s: status %q is not %q", tc.url, line, downloading) {
					continue
				}
				shown = append(shown, m[1])
				got, _ := strconv.ParseFloat(m[1], 64)
				assert.Equal(t, total, m[2], "%s: status %q: the total is not flakylab.wasm's %d bytes as sent", tc.url, line, tc.moved)
				assert.Equal(t, strconv.FormatInt(tc.moved, 10), m[4], "%s: status %q: the bar's max", tc.url, line)
				assert.GreaterOrEqual(t, got, last, "%s: status %q went back", tc.url, line)
				last = got
			}
			if len(shown) == 0 {
				// Under load the page's scripts can come up after the
				// download has ended: then only the line below is shown,
				// and it alone is checked.
				t.Logf("%s: the download ended before the status showed it; it showed:\n%s", tc.url, seen)
			}
			// Once the last byte is in, the line says so with the total.
			moved := strconv.FormatInt(tc.moved, 10)
			want := fmt.Sprintf("Starting the Go runtime (%s MB downloaded)… | %s/%s", total, moved, moved)
			assert.Equal(t, []string{want}, started, "%s: the status once downloaded; all:\n%s", tc.url, seen)
			if tc.decoded != tc.moved {
				for _, unit := range []float64{1e6, 1 << 20} {
					assert.NotContains(t, seen, fmt.Sprintf("%.1f", float64(tc.decoded)/unit), "%s: the status names the decoded module's size", tc.url)
				}
			}
			if len(shown) > 0 {
				t.Logf("%s: %d states of the download shown, the last at %s MB", tc.url, len(shown), shown[len(shown)-1])
			}
		})
	}
	var sent []string
	for _, r := range shaped.Responses() {
		if r.Path == "/flakylab.wasm" && r.Status == http.StatusOK {
			sent = append(sent, fmt.Sprintf("%d %q", r.Status, r.Encoding))
		}
	}
	assert.Equal(t, []string{`200 "br"`, `200 "br"`}, sent, "flakylab.wasm as the shaped server sent it whole to the two pages")
}
