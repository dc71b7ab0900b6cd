//go:build browser

package site

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlaygroundControlsShareALine: on a phone (390×844) the playground's
// Run, Stop, Format and Share sit on one line under the editor; Share used
// to wrap onto a line of its own.
func TestPlaygroundControlsShareALine(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newTab(t, 2*time.Minute)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)))
	load(t, ctx, srv.URL+"playground.html")
	tops := evalString(t, ctx, `["run", "stop", "format", "share"].map((id) => id + " " + Math.round(document.getElementById(id).getBoundingClientRect().top)).join(", ")`)
	run := evalString(t, ctx, `"run " + Math.round(document.getElementById("run").getBoundingClientRect().top)`)
	top := run[len("run "):]
	assert.Equal(t, "run "+top+", stop "+top+", format "+top+", share "+top, tops, "the tops of the playground's buttons at 390 px")
}
