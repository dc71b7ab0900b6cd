package bucket_test

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

var fieldSeeds = []string{
	`"default";r=50;t=30`,
	`"default";q=100;w=60`,
	`"burst";q=100;w=60,"daily";q=1000;w=86400`,
	`"peruser";q=65535;qu="content-bytes";w=10;pk=:sdfjLJUOUH==:`,
	`"default";r=999;pk=:dHJpYWwxMjEzMjM=:`,
	`"a";r=0;t=0, "b";r=1;t=2;q=3;w=4`,
	`"x";q=1;acme=5;f=1.25;n=-3;tok=a/b:c;b=?0;bare;d=@1659578233;ds=%"f%c3%bc";s="s"`,
	`"esc\"ape\\";r=1;q=1`,
	`"";q=0;r=0`,
	``, `,`, `"a";q=1,`, `("a");q=1`, `"a";q=1.`, `"a";q=-`, `"a`, `"a";pk=:A:`, `"a";x=%"%c3"`,
}

// joinItems writes parsed items back as one field value.
func joinItems[T interface{ String() string }](items []T) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.String()
	}
	return strings.Join(parts, ", ")
}

// Whatever the input, ParseRateLimit returns an error or items that write
// back to a field parsing to the same items.
func FuzzParseRateLimit(f *testing.F) {
	for _, s := range fieldSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		items, err := bucket.ParseRateLimit(in)
		if err != nil {
			if items != nil || !strings.HasPrefix(err.Error(), "bucket: RateLimit: ") {
				t.Fatalf("ParseRateLimit(%q) = %v, %q: want nil items and a bucket: RateLimit: error", in, items, err)
			}
			return
		}
		out := joinItems(items)
		again, err := bucket.ParseRateLimit(out)
		if err != nil || !sameLimits(items, again) {
			t.Fatalf("ParseRateLimit(%q) = %+v, written back as %q, parses to %+v, %v", in, items, out, again, err)
		}
	})
}

// As FuzzParseRateLimit, for RateLimit-Policy.
func FuzzParseRateLimitPolicy(f *testing.F) {
	for _, s := range fieldSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		items, err := bucket.ParseRateLimitPolicy(in)
		if err != nil {
			if items != nil || !strings.HasPrefix(err.Error(), "bucket: RateLimit-Policy: ") {
				t.Fatalf("ParseRateLimitPolicy(%q) = %v, %q: want nil items and a bucket: RateLimit-Policy: error", in, items, err)
			}
			return
		}
		out := joinItems(items)
		again, err := bucket.ParseRateLimitPolicy(out)
		if err != nil || !samePolicies(items, again) {
			t.Fatalf("ParseRateLimitPolicy(%q) = %+v, written back as %q, parses to %+v, %v", in, items, out, again, err)
		}
	})
}

func sameLimits(a, b []bucket.ServiceLimit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Name != y.Name || x.Remaining != y.Remaining || x.HasReset != y.HasReset ||
			x.Reset != y.Reset || string(x.PartitionKey) != string(y.PartitionKey) {
			return false
		}
	}
	return true
}

func samePolicies(a, b []bucket.Policy) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Name != y.Name || x.Quota != y.Quota || x.Window != y.Window ||
			x.Unit != y.Unit || string(x.PartitionKey) != string(y.PartitionKey) {
			return false
		}
	}
	return true
}

// What Headers writes for any decision of any bucket parses back to the
// same numbers, and Retry-After is never earlier than the reset parameter.
func FuzzHeadersRoundTrip(f *testing.F) {
	f.Add(3.0, 1.0, 3.0, int64(300), 1.0, "default")
	f.Add(100.0, 100.0/60, 100.0, int64(300), 1.0, "")
	f.Add(10.0, 2.0, 0.0, int64(60_000), 15.0, "quick check")
	f.Add(1.0, 0.0, 1.0, int64(5), 1.0, `we"ird\`)
	f.Add(1e20, 1e-20, 1e19, int64(1), 5e19, "big")
	f.Fuzz(func(t *testing.T, capacity, rate, spend float64, afterMs int64, n float64, name string) {
		b, err := bucket.New(capacity, rate)
		if err != nil {
			return
		}
		b.AllowNAt(t0, spend)
		d := b.TakeAt(t0.Add(time.Duration(afterMs)*time.Millisecond), n)
		p := bucket.PolicyFor(name, capacity, rate)
		h := map[string]string{}
		for _, kv := range d.Headers(p) {
			h[kv[0]] = kv[1]
		}
		where := func() string { return strconv.Quote(name) + " " + strconv.FormatFloat(n, 'g', -1, 64) }

		policies, err := bucket.ParseRateLimitPolicy(h["RateLimit-Policy"])
		if err != nil || len(policies) != 1 || policies[0].Quota != p.Quota || policies[0].Window != p.Window {
			t.Fatalf("%s: RateLimit-Policy %q parses to %+v, %v; want q=%d w=%d", where(), h["RateLimit-Policy"], policies, err, p.Quota, p.Window)
		}
		limits, err := bucket.ParseRateLimit(h["RateLimit"])
		want := d.ServiceLimit(p)
		if err != nil || len(limits) != 1 || limits[0].Remaining != want.Remaining ||
			limits[0].HasReset != want.HasReset || limits[0].Reset != want.Reset || limits[0].Name != policies[0].Name {
			t.Fatalf("%s: RateLimit %q parses to %+v, %v; want %+v", where(), h["RateLimit"], limits, err, want)
		}
		if want.Remaining != int64(math.Min(math.Floor(d.Remaining), 999_999_999_999_999)) {
			t.Fatalf("%s: r=%d for %v tokens left", where(), want.Remaining, d.Remaining)
		}
		if got := h["X-RateLimit-Remaining"]; got != strconv.FormatInt(want.Remaining, 10) {
			t.Fatalf("%s: X-RateLimit-Remaining %q, want %d", where(), got, want.Remaining)
		}
		if got := h["X-RateLimit-Limit"]; got != strconv.FormatInt(p.Quota, 10) {
			t.Fatalf("%s: X-RateLimit-Limit %q, want %d", where(), got, p.Quota)
		}
		ra, hasRA := h["Retry-After"]
		if hasRA != (!d.Allowed && d.RetryAfter != bucket.Never) {
			t.Fatalf("%s: Retry-After %q present=%v for %+v", where(), ra, hasRA, d)
		}
		if hasRA {
			secs, err := strconv.ParseInt(ra, 10, 64)
			if err != nil || int(secs) != d.RetryAfterSeconds() || secs < limits[0].Reset {
				t.Fatalf("%s: Retry-After %q for %+v with t=%d", where(), ra, d, limits[0].Reset)
			}
		}
	})
}
