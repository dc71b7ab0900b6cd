package bucket

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"
)

// DefaultPolicyName is the policy name written when a Policy has none.
const DefaultPolicyName = "default"

// maxInteger is the largest Integer a structured field can carry (15 digits).
const maxInteger = 999_999_999_999_999

// Policy is a quota policy: one member of the RateLimit-Policy field, such
// as "default";q=100;w=60. It is what SetHeaders advertises and what
// ParseRateLimitPolicy returns.
type Policy struct {
	// Name identifies the policy; RateLimit items refer to it. Headers
	// and SetHeaders write DefaultPolicyName for an empty Name.
	Name string
	// Quota is the q parameter: the quota units the policy allocates.
	Quota int64
	// Window is the w parameter: the time window in whole seconds, or 0
	// when the field leaves it out.
	Window int64
	// Unit is the qu parameter: "requests" (the default when empty),
	// "content-bytes" or "concurrent-requests".
	Unit string
	// PartitionKey is the pk parameter, or nil.
	PartitionKey []byte
}

// PolicyFor describes a bucket of the given capacity and rate as a Policy:
// the quota is the capacity in whole tokens, and the window is the time
// the bucket takes to refill from empty, rounded up to whole seconds, so
// that quota over window is the sustained rate. A bucket that never refills,
// or refills instantly, gets no window.
func PolicyFor(name string, capacity, rate float64) Policy {
	p := Policy{Name: name, Quota: clampInt(capacity)}
	if rate > 0 && rate <= math.MaxFloat64 {
		p.Window = clampInt(math.Ceil(capacity / rate))
	}
	return p
}

// String returns p as a structured-field item: "name";q=..;qu=..;w=..;pk=..
// Parameters at their defaults (Unit "", Window 0, no PartitionKey) are
// left out; a negative Quota is written as 0.
func (p Policy) String() string {
	var sb strings.Builder
	writeString(&sb, p.Name)
	writeInt(&sb, "q", p.Quota)
	if p.Unit != "" {
		sb.WriteString(";qu=")
		writeString(&sb, p.Unit)
	}
	if p.Window > 0 {
		writeInt(&sb, "w", p.Window)
	}
	writeBytes(&sb, p.PartitionKey)
	return sb.String()
}

// ServiceLimit is the current service limit under one policy: one member
// of the RateLimit field, such as "default";r=0;t=5. Decision.ServiceLimit
// builds it and ParseRateLimit returns it.
type ServiceLimit struct {
	// Name is the policy the limit belongs to.
	Name string
	// Remaining is the r parameter: the quota units left.
	Remaining int64
	// Reset is the t parameter: seconds until more quota is available.
	// It is meaningful only when HasReset is true.
	Reset int64
	// HasReset reports whether the t parameter is present.
	HasReset bool
	// PartitionKey is the pk parameter, or nil.
	PartitionKey []byte
}

// String returns l as a structured-field item: "name";r=..;t=..;pk=..
func (l ServiceLimit) String() string {
	var sb strings.Builder
	writeString(&sb, l.Name)
	writeInt(&sb, "r", l.Remaining)
	if l.HasReset {
		writeInt(&sb, "t", l.Reset)
	}
	writeBytes(&sb, l.PartitionKey)
	return sb.String()
}

// clampInt rounds x down to a whole number in [0, maxInteger]; NaN gives 0.
func clampInt(x float64) int64 {
	if !(x > 0) {
		return 0
	}
	if x >= maxInteger {
		return maxInteger
	}
	return int64(x)
}

// writeString writes s as a structured-field String. Such strings carry
// printable ASCII only, so any other byte is written as '?'.
func writeString(sb *strings.Builder, s string) {
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c < 0x20 || c > 0x7e:
			sb.WriteByte('?')
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
}

func writeInt(sb *strings.Builder, key string, v int64) {
	sb.WriteByte(';')
	sb.WriteString(key)
	sb.WriteByte('=')
	sb.WriteString(strconv.FormatInt(min(max(v, 0), maxInteger), 10))
}

func writeBytes(sb *strings.Builder, b []byte) {
	if len(b) == 0 {
		return
	}
	sb.WriteString(";pk=:")
	sb.WriteString(base64.StdEncoding.EncodeToString(b))
	sb.WriteByte(':')
}
