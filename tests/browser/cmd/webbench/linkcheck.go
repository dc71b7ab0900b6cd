//go:build !js

package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

// checkSeconds is how long the check's download lasts at the setting.
const checkSeconds = 4

// linkRates are the effective rates, in Mbps, of one plain large download
// over a link under each emulation, from its first byte to its last (so
// the latency is left out).
type linkRates struct {
	shapedGo, shapedChromium, cdpChromium float64
}

// probePage is the page the browser fetches the big file from.
const probePage = "<!doctype html><title>link check</title>\n"

// checkLinks measures, for each link, the rate a Go client and Chromium
// get from the shaped server, and the rate Chromium gets under the CDP
// rule from a server that does not shape.
func checkLinks() (map[link]linkRates, error) {
	b, err := browser.Launch(context.Background())
	if err != nil {
		return nil, err
	}
	defer b.Close()
	out := map[link]linkRates{}
	for _, l := range links {
		dir, err := os.MkdirTemp("", "webbench-link-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		body := make([]byte, int(l.mbps*1e6/8*checkSeconds))
		rand.Read(body) // incompressible: the rate is the bytes' own
		if err := os.WriteFile(filepath.Join(dir, "big.bin"), body, 0o644); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "probe.html"), []byte(probePage), 0o644); err != nil {
			return nil, err
		}
		var r linkRates
		shaped, err := browser.ServeOver(dir, l.shaped())
		if err != nil {
			return nil, err
		}
		r.shapedGo, err = goDownloadRate(shaped.URL + "big.bin")
		if err == nil {
			r.shapedChromium, err = chromiumDownloadRate(b.Ctx, shaped.URL, link{})
		}
		shaped.Close()
		if err != nil {
			return nil, err
		}
		plain, err := browser.Serve(dir)
		if err != nil {
			return nil, err
		}
		r.cdpChromium, err = chromiumDownloadRate(b.Ctx, plain.URL, l)
		plain.Close()
		if err != nil {
			return nil, err
		}
		out[l] = r
	}
	return out, nil
}

// rate is Mbps from the bytes after the first read to the last one.
func rate(bytes int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(bytes) * 8 / d.Seconds() / 1e6
}

func goDownloadRate(url string) (float64, error) {
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	res, err := client.Get(url)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	buf := make([]byte, 64<<10)
	var first, last time.Time
	var rest int64
	for {
		n, err := res.Body.Read(buf)
		if n > 0 {
			last = time.Now()
			if first.IsZero() {
				first = last
			} else {
				rest += int64(n)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	return rate(rest, last.Sub(first)), nil
}

// chromiumDownloadRate fetches big.bin from a page of base in a new tab,
// under the CDP rule for l if l is set.
func chromiumDownloadRate(parent context.Context, base string, l link) (float64, error) {
	ctx, cancel := chromedp.NewContext(parent)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil {
		return 0, err
	}
	ctx, tcancel := context.WithTimeout(ctx, 2*time.Minute)
	defer tcancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"probe.html")); err != nil {
		return 0, err
	}
	if l.mbps > 0 {
		if err := emulateCDP(ctx, l); err != nil {
			return 0, err
		}
	}
	type read struct {
		Rest int64   `json:"rest"`
		Ms   float64 `json:"ms"`
	}
	r, err := eval[read](ctx, `(async () => {
		const res = await fetch("big.bin", {cache: "no-store"});
		const reader = res.body.getReader();
		let first = 0, last = 0, rest = 0;
		for (;;) {
			const {done, value} = await reader.read();
			if (done) break;
			last = performance.now();
			if (first === 0) first = last; else rest += value.length;
		}
		return {rest, ms: last - first};
	})()`)
	if err != nil {
		return 0, err
	}
	return rate(r.Rest, time.Duration(r.Ms*float64(time.Millisecond))), nil
}

// printLinkCheck prints the check's rates beside the settings.
func printLinkCheck(rates map[link]linkRates) {
	fmt.Printf("\nthe emulated links: effective rate of one plain download of %d s worth of random bytes, first byte to last\n", checkSeconds)
	fmt.Printf("%-18s %9s %18s %18s %18s\n", "link", "setting", "shaped, Go client", "shaped, Chromium", "CDP, Chromium")
	for _, l := range links {
		r := rates[l]
		cell := func(mbps float64) string { return fmt.Sprintf("%.2f (%3.0f %%)", mbps, mbps/l.mbps*100) }
		fmt.Printf("%-18s %9.2f %18s %18s %18s\n", l.name, l.mbps, cell(r.shapedGo), cell(r.shapedChromium), cell(r.cdpChromium))
	}
	fmt.Println("  (Mbps; shaped: the server sends every connection's bytes through one paced line, see browser.Link;")
	fmt.Println("   CDP: Network.emulateNetworkConditionsByRule on the tab, which leaves workers' and the service worker's requests alone)")
}
