//go:build browser

package site

import (
	"os"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestStormScreenshots saves, under $CONTENT_SHOTS (a folder), the
// retry-storm charts at desktop size (1280×800) and on a phone (390×844),
// for a person to look at. It runs only when CONTENT_SHOTS is set; the
// review cards' pictures come from TestReviewCardsAnswerable.
func TestStormScreenshots(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("CONTENT_SHOTS")
	if dir == "" {
		t.Skip("set CONTENT_SHOTS to a folder to save pictures of the storm charts")
	}
	srv := startServer(t, mustDist(t), "/")
	ctx := newBrowser(t)
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.width, size.height)); err != nil {
			t.Fatal(err)
		}
		for _, page := range []string{"intro.html", "backoff-and-jitter.html", "retry-storms.html"} {
			load(t, ctx, srv.URL+page)
			n, _ := strconv.Atoi(evalString(t, ctx, `document.querySelectorAll('figure[data-sim="storm"]').forEach((f, j) => { f.dataset.shot = String(j) }), String(document.querySelectorAll('figure[data-sim="storm"]').length)`))
			for i := range n {
				fig := `figure[data-sim="storm"][data-shot="` + strconv.Itoa(i) + `"]`
				saveElementShot(t, ctx, dir, "storm-"+shotName(page)+"-"+strconv.Itoa(i)+"-study-"+size.name, fig)
				evalString(t, ctx, `document.querySelector('`+fig+` [role="tab"][data-view="overload"]').click(), ""`)
				saveElementShot(t, ctx, dir, "storm-"+shotName(page)+"-"+strconv.Itoa(i)+"-outage-"+size.name, fig)
			}
		}
	}
}
