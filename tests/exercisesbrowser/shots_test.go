//go:build browser

package exercisesbrowser

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/exercises"
)

// shots saves an exercise page after a failed check, light, dark and
// 360 px wide, for a person to look at.
func shots(t *testing.T, ctx context.Context, base string) {
	e, err := exercises.Get("token-bucket")
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, base, e.Slug)
	submit(t, ctx, e.Slug, e.Wrong["no-capacity-cap.go"])
	for _, s := range []struct {
		name  string
		width int64
		dark  bool
	}{{"exercise-light", 1200, false}, {"exercise-dark", 1200, true}, {"exercise-360", 360, false}} {
		feature := "light"
		if s.dark {
			feature = "dark"
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.width, 900)); err != nil {
			t.Fatal(err)
		}
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: feature}},
		})
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
		if p := screenshot(t, ctx, s.name); p != "" {
			t.Logf("saved %s", p)
		}
	}
}
