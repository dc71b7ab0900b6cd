package bucket_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
)

func TestParseRateLimitPolicy(t *testing.T) {
	cases := []struct {
		in   string
		want []bucket.Policy
	}{
		{`"default";q=100;w=10`, []bucket.Policy{{Name: "default", Quota: 100, Window: 10}}},
		{`"burst";q=100;w=60,"daily";q=1000;w=86400`, []bucket.Policy{
			{Name: "burst", Quota: 100, Window: 60}, {Name: "daily", Quota: 1000, Window: 86400}}},
		{`"peruser";q=100;w=60;pk=:cHsdsRa894==:`, []bucket.Policy{
			{Name: "peruser", Quota: 100, Window: 60, PartitionKey: []byte{0x70, 0x7b, 0x1d, 0xb1, 0x16, 0xbc, 0xf7}}}},
		{`"peruser";q=65535;qu="content-bytes";w=10;pk=:sdfjLJUOUH==:`, []bucket.Policy{
			{Name: "peruser", Quota: 65535, Window: 10, Unit: "content-bytes", PartitionKey: []byte{0xb1, 0xd7, 0xe3, 0x2c, 0x95, 0x0e, 0x50}}}},
		{`  "a";q=1 ,	"b";q=2  `, []bucket.Policy{{Name: "a", Quota: 1}, {Name: "b", Quota: 2}}},
		{`"a";q=1;q=7`, []bucket.Policy{{Name: "a", Quota: 7}}},
		{`"a";q=0;pk=::`, []bucket.Policy{{Name: "a"}}},
		{`"a";q=3;pk=:AQ:`, []bucket.Policy{{Name: "a", Quota: 3, PartitionKey: []byte{1}}}},
		{`"esc\"ape\\";q=1`, []bucket.Policy{{Name: `esc"ape\`, Quota: 1}}},
		{`"";q=1`, []bucket.Policy{{Name: "", Quota: 1}}},
		// Other parameters of every type are skipped.
		{`"x";q=1;acme-burst=5;f=1.25;n=-3;tok=foo/bar:baz;b=?0;bare;d=@1659578233;ds=%"f%c3%bc";s="s";*k=:AQ==:`,
			[]bucket.Policy{{Name: "x", Quota: 1}}},
	}
	for _, c := range cases {
		got, err := bucket.ParseRateLimitPolicy(c.in)
		require.NoError(t, err, "ParseRateLimitPolicy(%q)", c.in)
		assert.Equal(t, c.want, got, "ParseRateLimitPolicy(%q)", c.in)
	}
}

func TestParseRateLimit(t *testing.T) {
	cases := []struct {
		in   string
		want []bucket.ServiceLimit
	}{
		{`"default";r=50;t=30`, []bucket.ServiceLimit{{Name: "default", Remaining: 50, Reset: 30, HasReset: true}}},
		{`"default";r=999;pk=:dHJpYWwxMjEzMjM=:`, []bucket.ServiceLimit{
			{Name: "default", Remaining: 999, PartitionKey: []byte("trial121323")}}},
		{`"default";r=300000000;t=60;pk=:QXBwLTk5OQ==:`, []bucket.ServiceLimit{
			{Name: "default", Remaining: 300000000, Reset: 60, HasReset: true, PartitionKey: []byte("App-999")}}},
		{`"a";r=0;t=0, "b";r=999999999999999`, []bucket.ServiceLimit{
			{Name: "a", HasReset: true}, {Name: "b", Remaining: 999999999999999}}},
	}
	for _, c := range cases {
		got, err := bucket.ParseRateLimit(c.in)
		require.NoError(t, err, "ParseRateLimit(%q)", c.in)
		assert.Equal(t, c.want, got, "ParseRateLimit(%q)", c.in)
	}
}

func TestParseRejectsMalformed(t *testing.T) {
	cases := []struct {
		field string // "policy" or "limit"
		in    string
		want  string // part of the error
	}{
		{"policy", ``, "empty field"},
		{"policy", `   `, "empty field"},
		{"policy", `default;q=1`, "must be a String"},
		{"policy", `("a" "b");q=1`, "must be a String"},
		{"policy", `"a";w=60`, "parameter q is missing"},
		{"policy", `"a";q=-1`, "parameter q must be an Integer >= 0"},
		{"policy", `"a";q=1.5`, "parameter q must be an Integer >= 0"},
		{"policy", `"a";q="1"`, "parameter q must be an Integer >= 0"},
		{"policy", `"a";q`, "parameter q must be an Integer >= 0"},
		{"policy", `"a";q=1;w=0`, "parameter w must be > 0"},
		{"policy", `"a";q=1;w=-5`, "parameter w must be an Integer >= 0"},
		{"policy", `"a";q=1;qu=requests`, "parameter qu must be a String"},
		{"policy", `"a";q=1;pk="k"`, "parameter pk must be a Byte Sequence"},
		{"policy", `"a";q=1,`, "trailing ','"},
		{"policy", `"a";q=1 "b";q=2`, "want ','"},
		{"policy", `"a";q=1;`, "want a parameter key"},
		{"policy", `"a";Q=1`, "want a parameter key"},
		{"policy", `"a";q=`, "want a value"},
		{"policy", `"a";q=1;x=@`, "malformed number"},
		{"policy", `"a";q=1;x=@1.5`, "a Date must be an Integer"},
		{"policy", `"a";q=1234567890123456`, "more than 15 digits"},
		{"policy", `"a";q=1;x=1234567890123.1`, "malformed Decimal"},
		{"policy", `"a";q=1;x=1.1234`, "malformed Decimal"},
		{"policy", `"a";q=1;x=1.`, "malformed Decimal"},
		{"policy", `"a";q=1;x=-`, "malformed number"},
		{"policy", `"a";q=1;x=-.5`, "malformed number"},
		{"policy", `"a";q=1;x=?2`, "malformed Boolean"},
		{"policy", `"a";q=1;x=?`, "malformed Boolean"},
		{"policy", `"a";q=1;x=%"a`, "unterminated Display String"},
		{"policy", `"a";q=1;x=%a`, "malformed Display String"},
		{"policy", `"a";q=1;x=%"%C3"`, "malformed escape in Display String"},
		{"policy", `"a";q=1;x=%"%c3"`, "not UTF-8"},
		{"policy", "\"a\";q=1;x=%\"\t\"", "not allowed in a Display String"},
		{"policy", `"a";q=1;x=#`, "unexpected '#'"},
		{"policy", `"a`, "unterminated String"},
		{"policy", `"a\n";q=1`, "bad escape"},
		{"policy", `"a\`, "bad escape"},
		{"policy", "\"caf\xc3\xa9\";q=1", "not allowed in a String"},
		{"policy", `"a";q=1;pk=:AQ==`, "unterminated Byte Sequence"},
		{"policy", `"a";q=1;pk=:A*==:`, "not allowed in a Byte Sequence"},
		{"policy", `"a";q=1;pk=:A:`, "malformed base64"},
		{"limit", `"a";t=5`, "parameter r is missing"},
		{"limit", `"a";r=1;t=-1`, "parameter t must be an Integer >= 0"},
		{"limit", `"a";r=1;pk=1`, "parameter pk must be a Byte Sequence"},
		{"limit", `"a";r=1,,"b";r=2`, "must be a String"},
		{"limit", "\t\"a\";r=1", "must be a String"}, // only SP may lead a field
	}
	for _, c := range cases {
		var err error
		prefix := "bucket: RateLimit-Policy: "
		if c.field == "limit" {
			prefix = "bucket: RateLimit: "
			var got []bucket.ServiceLimit
			got, err = bucket.ParseRateLimit(c.in)
			assert.Nil(t, got, "ParseRateLimit(%q) result on error", c.in)
		} else {
			var got []bucket.Policy
			got, err = bucket.ParseRateLimitPolicy(c.in)
			assert.Nil(t, got, "ParseRateLimitPolicy(%q) result on error", c.in)
		}
		if assert.Error(t, err, "%s field %q: want an error containing %q", c.field, c.in, c.want) {
			assert.Contains(t, err.Error(), c.want, "%s field %q", c.field, c.in)
			assert.True(t, strings.HasPrefix(err.Error(), prefix), "%s field %q: error %q should start with %q", c.field, c.in, err, prefix)
		}
	}
}
