package bucket_test

import (
	"math"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/bucket"
)

func TestRetryAfterSeconds(t *testing.T) {
	cases := []struct {
		d    bucket.Decision
		want int
	}{
		{bucket.Decision{Allowed: true, RetryAfter: 5 * time.Second}, 0},
		{bucket.Decision{RetryAfter: 700 * ms}, 1},
		{bucket.Decision{RetryAfter: time.Second}, 1},
		{bucket.Decision{RetryAfter: time.Second + 1}, 2},
		{bucket.Decision{RetryAfter: 0}, 0},
		{bucket.Decision{RetryAfter: 90 * time.Minute}, 5400},
		{bucket.Decision{RetryAfter: bucket.Never}, math.MaxInt32},
	}
	for _, c := range cases {
		got := c.d.RetryAfterSeconds()
		assert.Equal(t, c.want, got, "RetryAfterSeconds of %+v: want %d, got %d", c.d, c.want, got)
	}
}

func TestPolicyFor(t *testing.T) {
	cases := []struct {
		name           string
		capacity, rate float64
		want           bucket.Policy
	}{
		{"default", 100, 100.0 / 60, bucket.Policy{Name: "default", Quota: 100, Window: 60}},
		{"burst", 10, 2, bucket.Policy{Name: "burst", Quota: 10, Window: 5}},
		{"frac", 3.9, 2, bucket.Policy{Name: "frac", Quota: 3, Window: 2}},
		{"once", 5, 0, bucket.Policy{Name: "once", Quota: 5}},
		{"open", 5, math.Inf(1), bucket.Policy{Name: "open", Quota: 5}},
		{"huge", 1e300, 1e-300, bucket.Policy{Name: "huge", Quota: 999_999_999_999_999, Window: 999_999_999_999_999}},
	}
	for _, c := range cases {
		got := bucket.PolicyFor(c.name, c.capacity, c.rate)
		assert.Equal(t, c.want, got, "PolicyFor(%q, %v, %v)", c.name, c.capacity, c.rate)
	}
}

func TestItemStrings(t *testing.T) {
	cases := []struct {
		in   interface{ String() string }
		want string
	}{
		{bucket.Policy{Name: "default", Quota: 100, Window: 60}, `"default";q=100;w=60`},
		{bucket.Policy{Quota: -5}, `"";q=0`},
		{bucket.Policy{Name: `a"b\c` + "\n\xff", Quota: 1, Unit: "content-bytes", PartitionKey: []byte("trial")},
			`"a\"b\\c??";q=1;qu="content-bytes";pk=:dHJpYWw=:`},
		{bucket.ServiceLimit{Name: "default", Remaining: 50, Reset: 30, HasReset: true}, `"default";r=50;t=30`},
		{bucket.ServiceLimit{Name: "default", Remaining: 999, Reset: 30}, `"default";r=999`},
		{bucket.ServiceLimit{Name: "x", Remaining: 1e18, PartitionKey: []byte{1}}, `"x";r=999999999999999;pk=:AQ==:`},
	}
	for _, c := range cases {
		got := c.in.String()
		assert.Equal(t, c.want, got, "String of %+v", c.in)
	}
}

func TestHeaders(t *testing.T) {
	policy := bucket.Policy{Name: "default", Quota: 100, Window: 60}
	cases := []struct {
		name string
		d    bucket.Decision
		p    bucket.Policy
		want [][2]string
	}{
		{"allowed", bucket.Decision{Allowed: true, Remaining: 41.7, Reset: 35 * time.Second, Limit: 100}, policy, [][2]string{
			{"RateLimit-Policy", `"default";q=100;w=60`},
			{"RateLimit", `"default";r=41;t=35`},
			{"X-RateLimit-Limit", "100"},
			{"X-RateLimit-Remaining", "41"},
			{"X-RateLimit-Reset", "35"},
		}},
		{"refused", bucket.Decision{Remaining: 0.4, RetryAfter: 4200 * ms, Reset: 59 * time.Second, Limit: 100}, policy, [][2]string{
			{"RateLimit-Policy", `"default";q=100;w=60`},
			{"RateLimit", `"default";r=0;t=5`},
			{"X-RateLimit-Limit", "100"},
			{"X-RateLimit-Remaining", "0"},
			{"X-RateLimit-Reset", "59"},
			{"Retry-After", "5"},
		}},
		{"refused for ever, burst-only bucket, unnamed policy", bucket.Decision{RetryAfter: bucket.Never, Reset: bucket.Never, Limit: 5}, bucket.Policy{Quota: 5}, [][2]string{
			{"RateLimit-Policy", `"default";q=5`},
			{"RateLimit", `"default";r=0`},
			{"X-RateLimit-Limit", "5"},
			{"X-RateLimit-Remaining", "0"},
		}},
	}
	for _, c := range cases {
		got := c.d.Headers(c.p)
		assert.Equal(t, c.want, got, "%s: Headers of %+v under %+v", c.name, c.d, c.p)

		h := http.Header{"Retry-After": {"stale"}}
		c.d.SetHeaders(h, c.p)
		for _, f := range c.want {
			assert.Equal(t, f[1], h.Get(f[0]), "%s: SetHeaders %s", c.name, f[0])
		}
	}
}

func TestServiceLimitFollowsDecision(t *testing.T) {
	b, _ := bucket.New(5, 1)
	p := bucket.Policy{Name: "p", Quota: 5, Window: 5, PartitionKey: []byte("k")}
	b.AllowNAt(t0, 5)
	got := b.TakeAt(t0.Add(300*ms), 1).ServiceLimit(p)
	want := bucket.ServiceLimit{Name: "p", Remaining: 0, Reset: 1, HasReset: true, PartitionKey: []byte("k")}
	assert.Equal(t, want, got, "refused: t is the wait (0.7s rounded up)")
	got = b.TakeAt(t0.Add(2500*ms), 2).ServiceLimit(p)
	want = bucket.ServiceLimit{Name: "p", Remaining: 0, Reset: 5, HasReset: true, PartitionKey: []byte("k")}
	assert.Equal(t, want, got, "allowed: t is the time until full (4.5s rounded up)")
}
