// Package matrix is the differential matrix of values of the program's own
// types travelling through interfaces: every kind of type (kinds.go) held
// in every kind of place of interface type (a variable of type any, of a
// program's interface, error or fmt.Stringer, an element of []any or of a
// slice of a program's interface, a map value or key, a struct field, a
// function result, a channel, a closure capture, append in a loop), used
// in every way a learner uses such a value (printed with each verb,
// wrapped and unwrapped as an error, asserted, switched on, compared,
// called, ranged over).
//
// Each case is a small program. What `go run` prints for each is in
// testdata/golden.json, made by `go generate` (gen/ builds every case into
// one binary with the real toolchain and runs it once per case); a test
// fails when the file is stale. The test in this package runs every case
// through the playground's engine natively and classifies it: pass,
// refused at the construct's line, or wrong.
package matrix

//go:generate go run ./gen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// Case is one program of the matrix.
type Case struct {
	Name string
	// Decls are the top-level declarations the body needs.
	Decls []string
	// Body is the body of main.
	Body string
	// Imports are the packages the declarations and body use.
	Imports []string
}

// Source is the case as a program of its own.
func (c Case) Source() string {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, p := range c.Imports {
		b.WriteString("\t\"" + p + "\"\n")
	}
	b.WriteString(")\n\n")
	for _, d := range c.Decls {
		b.WriteString(d + "\n\n")
	}
	b.WriteString("func main() {\n" + c.Body + "}\n")
	return b.String()
}

// BodyLines are the first and last lines of main's body in Source.
func (c Case) BodyLines() (first, last int) {
	src := c.Source()
	head := strings.Index(src, "func main() {\n")
	first = strings.Count(src[:head], "\n") + 2
	return first, strings.Count(src, "\n") - 1
}

// Hash identifies the case's source in the golden file.
func (c Case) Hash() string {
	sum := sha256.Sum256([]byte(c.Source()))
	return hex.EncodeToString(sum[:6])
}

// holder is a place of interface type the value goes through: setup
// declares x, of the holder's interface type, holding the value made
// from 1, and c, what a print of the whole holder prints.
type holder struct {
	name      string
	applies   func(k kind) bool
	static    func(k kind) string // the interface type of x
	setup     func(k kind) string
	decls     func(k kind) []string
	container bool   // c is a container (or a struct) holding x
	ranged    string // a loop over the holder printing each value, or ""
}

func always(kind) bool       { return true }
func withMethod(k kind) bool { return k.method != "" }
func anyType(kind) string    { return "any" }
func ifaceType(k kind) string {
	return k.iface
}

// mk is the kind's value made from i.
func mk(k kind, i string) string { return fmt.Sprintf(k.mk, i) }

var holders = []holder{
	{name: "var_any", applies: always, static: anyType,
		setup: func(k kind) string { return "var x any = " + mk(k, "1") + "\nc := x\n" }},
	{name: "var_iface", applies: withMethod, static: ifaceType,
		setup: func(k kind) string { return "var x " + k.iface + " = " + mk(k, "1") + "\nc := x\n" }},
	{name: "var_error", applies: func(k kind) bool { return k.method == "Error" }, static: func(kind) string { return "error" },
		setup: func(k kind) string { return "var x error = " + mk(k, "1") + "\nc := x\n" }},
	{name: "var_stringer", applies: func(k kind) bool { return k.method == "String" }, static: func(kind) string { return "fmt.Stringer" },
		setup: func(k kind) string { return "var x fmt.Stringer = " + mk(k, "1") + "\nc := x\n" }},
	{name: "any_from_error", applies: func(k kind) bool { return k.method == "Error" }, static: anyType,
		setup: func(k kind) string { return "var viaErr error = " + mk(k, "1") + "\nvar x any = viaErr\nc := x\n" }},
	{name: "any_from_stringer", applies: func(k kind) bool { return k.method == "String" }, static: anyType,
		setup: func(k kind) string { return "var viaStr fmt.Stringer = " + mk(k, "1") + "\nx := any(viaStr)\nc := x\n" }},
	{name: "slice_any", applies: always, static: anyType, container: true,
		setup:  func(k kind) string { return "c := []any{" + mk(k, "1") + ", " + mk(k, "2") + "}\nx := c[0]\n" },
		ranged: "for i, v := range c {\nfmt.Println(i, v)\n}\n"},
	{name: "slice_iface", applies: withMethod, static: ifaceType, container: true,
		setup: func(k kind) string {
			return "c := []" + k.iface + "{" + mk(k, "1") + ", " + mk(k, "2") + "}\nx := c[0]\n"
		},
		ranged: "for i, v := range c {\nfmt.Println(i, v)\n}\n"},
	{name: "map_any", applies: always, static: anyType, container: true,
		setup: func(k kind) string {
			return "c := map[string]any{\"a\": " + mk(k, "1") + ", \"b\": " + mk(k, "2") + "}\nx := c[\"a\"]\n"
		},
		ranged: "var lines []string\nfor key, v := range c {\nlines = append(lines, fmt.Sprint(key, \"=\", v))\n}\nsort.Strings(lines)\nfmt.Println(lines)\n"},
	{name: "map_key", applies: always, static: anyType, container: true,
		setup: func(k kind) string {
			return "c := map[any]int{" + mk(k, "1") + ": 1}\nvar x any\nfor key := range c {\nx = key\n}\n"
		},
		ranged: "for key, v := range c {\nfmt.Println(key, v)\n}\n"},
	{name: "struct_field", applies: always, static: anyType, container: true,
		decls: func(kind) []string { return []string{"type Box struct {\n\tV   any\n\tTag string\n}"} },
		setup: func(k kind) string { return "c := Box{V: " + mk(k, "1") + ", Tag: \"t\"}\nx := c.V\n" }},
	{name: "func_any", applies: always, static: anyType,
		decls: func(k kind) []string {
			return []string{"func make" + k.base() + "Any(i int) any { return " + mk(k, "i") + " }"}
		},
		setup: func(k kind) string { return "x := make" + k.base() + "Any(1)\nc := x\n" }},
	{name: "func_iface", applies: withMethod, static: ifaceType,
		decls: func(k kind) []string {
			return []string{"func make" + k.base() + "Iface(i int) " + k.iface + " { return " + mk(k, "i") + " }"}
		},
		setup: func(k kind) string { return "x := make" + k.base() + "Iface(1)\nc := x\n" }},
	{name: "chan_any", applies: always, static: anyType,
		setup: func(k kind) string {
			return "ch := make(chan any, 2)\nch <- " + mk(k, "1") + "\nch <- " + mk(k, "2") + "\nclose(ch)\nx := <-ch\nc := x\n"
		},
		ranged: "for v := range ch {\nfmt.Println(v)\n}\n"},
	{name: "closure", applies: always, static: anyType,
		setup: func(k kind) string {
			return "captured := " + mk(k, "1") + "\nf := func() any { return captured }\nx := f()\nc := x\n"
		}},
	{name: "append_any", applies: always, static: anyType, container: true,
		setup: func(k kind) string {
			return "var c []any\nfor i := 1; i <= 3; i++ {\nc = append(c, " + mk(k, "i") + ")\n}\nx := c[0]\n"
		},
		ranged: "for i, v := range c {\nfmt.Println(i, v)\n}\n"},
	{name: "append_iface", applies: withMethod, static: ifaceType, container: true,
		setup: func(k kind) string {
			return "var c []" + k.iface + "\nfor i := 1; i <= 3; i++ {\nc = append(c, " + mk(k, "i") + ")\n}\nx := c[0]\n"
		},
		ranged: "for i, v := range c {\nfmt.Println(i, v)\n}\n"},
}

// Cases are every case of the matrix, sorted by name.
func Cases() []Case {
	var out []Case
	for _, k := range kinds {
		for _, h := range holders {
			if !h.applies(k) {
				continue
			}
			for _, u := range uses {
				body, ok := u.body(k, h)
				if !ok {
					continue
				}
				decls := []string{k.decl}
				if k.iface != "" && (strings.Contains(body, k.iface) || strings.Contains(h.setup(k), k.iface) || h.decls != nil && strings.Contains(strings.Join(h.decls(k), ""), k.iface)) {
					decls = append(decls, ifaceDecls[k.iface])
				}
				if h.decls != nil {
					decls = append(decls, h.decls(k)...)
				}
				full := h.setup(k) + "_ = x\n_ = c\n" + body
				c := Case{Name: k.name + "/" + h.name + "/" + u.name, Decls: decls, Body: indent(full)}
				c.Imports = imports(strings.Join(decls, "\n") + full)
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// imports are the packages src names.
func imports(src string) []string {
	var out []string
	for _, p := range []string{"errors", "fmt", "sort"} {
		if strings.Contains(src, p+".") {
			out = append(out, p)
		}
	}
	return out
}

// indent indents every line of a body by a tab.
func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	depth := 1
	for _, l := range lines {
		if l == "" {
			continue
		}
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "}") {
			depth--
		}
		b.WriteString(strings.Repeat("\t", depth) + t + "\n")
		if strings.HasSuffix(t, "{") {
			depth++
		}
	}
	return b.String()
}
