package bucket

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// ParseRateLimitPolicy parses a RateLimit-Policy field value such as
// "burst";q=100;w=60,"daily";q=1000;w=86400. The value is a structured-field
// List whose members are Strings naming a policy, with a required
// non-negative Integer q, an optional String qu, an optional positive
// Integer w and an optional Byte Sequence pk. Other parameters are skipped.
// A field split over several header lines is parsed after joining the
// lines with ", ". Any malformed input returns an error, which the draft
// says the client must treat as if the field were absent.
func ParseRateLimitPolicy(value string) ([]Policy, error) {
	items, err := parseList(HeaderRateLimitPolicy, value)
	if err != nil {
		return nil, err
	}
	out := make([]Policy, 0, len(items))
	for _, it := range items {
		p := Policy{Name: it.name}
		if p.Quota, err = it.integer("q", true); err != nil {
			return nil, err
		}
		if p.Window, err = it.integer("w", false); err != nil {
			return nil, err
		}
		if _, ok := it.params["w"]; ok && p.Window == 0 {
			return nil, it.errorf("parameter w must be > 0")
		}
		if p.Unit, err = it.str("qu"); err != nil {
			return nil, err
		}
		if p.PartitionKey, err = it.bytes("pk"); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// ParseRateLimit parses a RateLimit field value such as "default";r=50;t=30.
// The value is a structured-field List whose members are Strings naming a
// policy, with a required non-negative Integer r, an optional non-negative
// Integer t and an optional Byte Sequence pk. Other parameters are skipped.
// Malformed input returns an error, as for ParseRateLimitPolicy.
func ParseRateLimit(value string) ([]ServiceLimit, error) {
	items, err := parseList(HeaderRateLimit, value)
	if err != nil {
		return nil, err
	}
	out := make([]ServiceLimit, 0, len(items))
	for _, it := range items {
		l := ServiceLimit{Name: it.name}
		if l.Remaining, err = it.integer("r", true); err != nil {
			return nil, err
		}
		_, l.HasReset = it.params["t"]
		if l.Reset, err = it.integer("t", false); err != nil {
			return nil, err
		}
		if l.PartitionKey, err = it.bytes("pk"); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// value is a parsed bare item. Only the kinds the fields use keep their
// content; the others are checked for syntax and remembered by kind.
type value struct {
	kind byte // 'i' integer, 'd' decimal, 's' string, 'b' bytes, and others
	i    int64
	s    string
	b    []byte
}

// item is one list member: a String name with its parameters.
type item struct {
	field  string
	name   string
	params map[string]value
}

func (it item) errorf(format string, a ...any) error {
	return fmt.Errorf("bucket: %s: policy %q: %s", it.field, it.name, fmt.Sprintf(format, a...))
}

func (it item) integer(key string, required bool) (int64, error) {
	v, ok := it.params[key]
	switch {
	case !ok && required:
		return 0, it.errorf("parameter %s is missing", key)
	case !ok:
		return 0, nil
	case v.kind != 'i' || v.i < 0:
		return 0, it.errorf("parameter %s must be an Integer >= 0", key)
	}
	return v.i, nil
}

func (it item) str(key string) (string, error) {
	v, ok := it.params[key]
	if ok && v.kind != 's' {
		return "", it.errorf("parameter %s must be a String", key)
	}
	return v.s, nil
}

func (it item) bytes(key string) ([]byte, error) {
	v, ok := it.params[key]
	if ok && v.kind != 'b' {
		return nil, it.errorf("parameter %s must be a Byte Sequence", key)
	}
	return v.b, nil
}

// parser reads a structured field (RFC 9651) from s.
type parser struct {
	field string
	s     string
	i     int
}

func (p *parser) errorf(format string, a ...any) error {
	return fmt.Errorf("bucket: %s: %s at offset %d", p.field, fmt.Sprintf(format, a...), p.i)
}

func (p *parser) more() bool { return p.i < len(p.s) }
func (p *parser) peek() byte { return p.s[p.i] }

func (p *parser) skip(ows bool) {
	for p.more() && (p.peek() == ' ' || ows && p.peek() == '\t') {
		p.i++
	}
}

// parseList parses a List whose members are String items with parameters.
func parseList(field, s string) ([]item, error) {
	p := &parser{field: field, s: s}
	p.skip(false)
	if !p.more() {
		return nil, p.errorf("empty field")
	}
	var items []item
	for {
		if p.peek() != '"' {
			return nil, p.errorf("list member must be a String naming a policy")
		}
		name, err := p.parseString()
		if err != nil {
			return nil, err
		}
		it := item{field: field, name: name, params: map[string]value{}}
		if err := p.parseParams(it.params); err != nil {
			return nil, err
		}
		items = append(items, it)
		p.skip(true)
		if !p.more() {
			return items, nil
		}
		if p.peek() != ',' {
			return nil, p.errorf("want ',' between list members, got %q", p.peek())
		}
		p.i++
		p.skip(true)
		if !p.more() {
			return nil, p.errorf("trailing ','")
		}
	}
}

func (p *parser) parseParams(params map[string]value) error {
	for p.more() && p.peek() == ';' {
		p.i++
		p.skip(false)
		key, err := p.parseKey()
		if err != nil {
			return err
		}
		v := value{kind: '?'} // a bare key is Boolean true
		if p.more() && p.peek() == '=' {
			p.i++
			if v, err = p.parseBareItem(); err != nil {
				return err
			}
		}
		params[key] = v // a repeated key keeps its last value
	}
	return nil
}

func isLCAlpha(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool   { return '0' <= c && c <= '9' }
func isAlpha(c byte) bool   { return isLCAlpha(c) || 'A' <= c && c <= 'Z' }

func (p *parser) parseKey() (string, error) {
	start := p.i
	if !p.more() || !isLCAlpha(p.peek()) && p.peek() != '*' {
		return "", p.errorf("want a parameter key")
	}
	for p.more() {
		c := p.peek()
		if !isLCAlpha(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' && c != '*' {
			break
		}
		p.i++
	}
	return p.s[start:p.i], nil
}

func (p *parser) parseBareItem() (value, error) {
	if !p.more() {
		return value{}, p.errorf("want a value")
	}
	switch c := p.peek(); {
	case c == '-' || isDigit(c):
		return p.parseNumber()
	case c == '"':
		s, err := p.parseString()
		return value{kind: 's', s: s}, err
	case c == ':':
		b, err := p.parseBytes()
		return value{kind: 'b', b: b}, err
	case c == '?':
		if p.i+1 < len(p.s) && (p.s[p.i+1] == '0' || p.s[p.i+1] == '1') {
			p.i += 2
			return value{kind: '?'}, nil
		}
		return value{}, p.errorf("malformed Boolean")
	case c == '@':
		p.i++
		v, err := p.parseNumber()
		if err == nil && v.kind != 'i' {
			err = p.errorf("a Date must be an Integer")
		}
		return value{kind: '@'}, err
	case c == '%':
		return value{kind: '%'}, p.parseDisplayString()
	case isAlpha(c) || c == '*':
		p.parseToken()
		return value{kind: 't'}, nil
	default:
		return value{}, p.errorf("unexpected %q", c)
	}
}

// parseNumber reads an Integer (at most 15 digits) or a Decimal (at most
// 12 integer and 3 fraction digits).
func (p *parser) parseNumber() (value, error) {
	start := p.i
	if p.more() && p.peek() == '-' {
		p.i++
	}
	digits, dot := 0, -1
	for p.more() {
		c := p.peek()
		if c == '.' && dot < 0 {
			dot = digits
		} else if !isDigit(c) {
			break
		} else {
			digits++
		}
		p.i++
	}
	switch {
	case digits == 0 || dot == 0:
		return value{}, p.errorf("malformed number %q", p.s[start:p.i])
	case dot < 0 && digits > 15:
		return value{}, p.errorf("Integer %q has more than 15 digits", p.s[start:p.i])
	case dot > 0 && (dot > 12 || digits == dot || digits-dot > 3):
		return value{}, p.errorf("malformed Decimal %q", p.s[start:p.i])
	case dot > 0:
		return value{kind: 'd'}, nil
	}
	n, err := strconv.ParseInt(p.s[start:p.i], 10, 64)
	if err != nil { // unreachable: 15 digits always fit
		return value{}, p.errorf("malformed Integer %q", p.s[start:p.i])
	}
	return value{kind: 'i', i: n}, nil
}

func (p *parser) parseString() (string, error) {
	p.i++ // opening quote
	var buf []byte
	start := p.i
	for p.more() {
		c := p.peek()
		switch {
		case c == '"':
			s := p.s[start:p.i]
			if buf != nil {
				s = string(append(buf, s...))
			}
			p.i++
			return s, nil
		case c == '\\':
			if p.i+1 >= len(p.s) || p.s[p.i+1] != '"' && p.s[p.i+1] != '\\' {
				return "", p.errorf("bad escape in String")
			}
			buf = append(buf, p.s[start:p.i]...)
			p.i++
			start = p.i // keep the escaped character
		case c < 0x20 || c > 0x7e:
			return "", p.errorf("byte %#x not allowed in a String", c)
		}
		p.i++
	}
	return "", p.errorf("unterminated String")
}

func (p *parser) parseBytes() ([]byte, error) {
	p.i++ // opening colon
	start := p.i
	for p.more() && p.peek() != ':' {
		c := p.peek()
		if !isAlpha(c) && !isDigit(c) && c != '+' && c != '/' && c != '=' {
			return nil, p.errorf("byte %#x not allowed in a Byte Sequence", c)
		}
		p.i++
	}
	if !p.more() {
		return nil, p.errorf("unterminated Byte Sequence")
	}
	enc := p.s[start:p.i]
	p.i++
	b, err := base64.StdEncoding.DecodeString(enc)
	if err != nil { // RFC 9651 lets parsers accept missing padding
		b, err = base64.RawStdEncoding.DecodeString(enc)
	}
	if err != nil {
		return nil, p.errorf("malformed base64 in Byte Sequence")
	}
	if len(b) == 0 {
		return nil, nil
	}
	return b, nil
}

func (p *parser) parseToken() {
	for p.more() {
		c := p.peek()
		if !isAlpha(c) && !isDigit(c) && !isTokenSymbol(c) {
			return
		}
		p.i++
	}
}

func isTokenSymbol(c byte) bool {
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~', ':', '/':
		return true
	}
	return false
}

// parseDisplayString checks the syntax of a Display String: %"..." with
// non-ASCII bytes percent-encoded in lowercase hex and valid UTF-8 inside.
func (p *parser) parseDisplayString() error {
	if p.i+1 >= len(p.s) || p.s[p.i+1] != '"' {
		return p.errorf("malformed Display String")
	}
	p.i += 2
	var raw []byte
	for p.more() {
		c := p.peek()
		switch {
		case c == '"':
			p.i++
			if !utf8.Valid(raw) {
				return p.errorf("Display String is not UTF-8")
			}
			return nil
		case c == '%':
			if p.i+2 >= len(p.s) || !isLowerHex(p.s[p.i+1]) || !isLowerHex(p.s[p.i+2]) {
				return p.errorf("malformed escape in Display String")
			}
			h, _ := strconv.ParseUint(p.s[p.i+1:p.i+3], 16, 8)
			raw = append(raw, byte(h))
			p.i += 2
		case c < 0x20 || c > 0x7e:
			return p.errorf("byte %#x not allowed in a Display String", c)
		default:
			raw = append(raw, c)
		}
		p.i++
	}
	return p.errorf("unterminated Display String")
}

func isLowerHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' }
