package matrix

import "fmt"

// A use is what the program does with x (and c, the whole holder): its
// body, or false when it does not apply to the kind and holder.
type use struct {
	name string
	body func(k kind, h holder) (string, bool)
}

// raw is an expression of the data of v, of the kind's type, that prints
// without any method.
func raw(k kind, v string) string { return fmt.Sprintf(k.raw, v) }

// printf prints c with one verb.
func printf(verb string) func(kind, holder) (string, bool) {
	return func(kind, holder) (string, bool) {
		return "fmt.Printf(\"" + verb + "\\n\", c)\n", true
	}
}

var uses = []use{
	{name: "println", body: func(kind, holder) (string, bool) { return "fmt.Println(c)\n", true }},
	{name: "printf_v", body: printf("%v")},
	{name: "printf_plusv", body: printf("%+v")},
	{name: "printf_sharpv", body: printf("%#v")},
	{name: "printf_s", body: printf("%s")},
	{name: "printf_d", body: func(k kind, h holder) (string, bool) {
		if k.isPointer() && h.container {
			return "", false // the pointers' addresses, in decimal
		}
		return printf("%d")(k, h)
	}},
	{name: "printf_T", body: printf("%T")},
	{name: "sprint_elem", body: func(kind, holder) (string, bool) {
		return "s := fmt.Sprint(x)\nfmt.Println(len(s), s)\n", true
	}},
	{name: "errors", body: func(k kind, h holder) (string, bool) {
		if k.method != "Error" {
			return "", false
		}
		e := "x"
		if h.static(k) != "error" {
			e = "x.(error)"
		}
		return "e := " + e + "\nw := fmt.Errorf(\"wrap: %w\", e)\nfmt.Println(w, errors.Is(w, e), errors.Unwrap(w) == e)\n" +
			"var t " + k.typ + "\nif errors.As(w, &t) {\nfmt.Println(\"as\", " + raw(k, "t") + ")\n} else {\nfmt.Println(\"not as\")\n}\n", true
	}},
	{name: "assert", body: func(k kind, h holder) (string, bool) {
		return "v := x.(" + k.typ + ")\nfmt.Println(" + raw(k, "v") + ")\n", true
	}},
	{name: "commaok", body: func(k kind, h holder) (string, bool) {
		other := "string"
		if k.isInt() {
			other = "int"
		}
		if k.name == "plain_struct" || k.name == "show_struct" {
			other = "struct{ N int }"
		}
		if h.static(k) != "any" && other != "int" && other != "string" {
			other = "string"
		}
		if h.static(k) != "any" {
			return "v, ok := x.(" + k.typ + ")\nfmt.Println(ok, " + raw(k, "v") + ")\n", true
		}
		return "v, ok := x.(" + k.typ + ")\nfmt.Println(ok, " + raw(k, "v") + ")\n_, same := x.(" + other + ")\nfmt.Println(same)\n", true
	}},
	{name: "typeswitch", body: func(k kind, h holder) (string, bool) {
		first := ""
		if h.static(k) == "any" {
			first = "case int:\nfmt.Println(\"int\", v)\ncase string:\nfmt.Println(\"string\", v)\n"
		}
		return "switch v := x.(type) {\n" + first + "case " + k.typ + ":\nfmt.Println(\"" + k.typ + "\", " + raw(k, "v") + ")\ndefault:\nfmt.Println(\"other\")\n}\n", true
	}},
	{name: "equal", body: func(k kind, h holder) (string, bool) {
		s := h.static(k)
		b := "var y " + s + " = " + mk(k, "1") + "\nvar z " + s + " = " + mk(k, "2") + "\nfmt.Println(x == y, x == z, x != z)\n" +
			"w := " + mk(k, "1") + "\nfmt.Println(x == w, w != x)\n"
		if k.isInt() && s == "any" {
			b += "fmt.Println(x == any(1), x == 1)\n"
		}
		return b, true
	}},
	{name: "method", body: func(k kind, h holder) (string, bool) {
		if k.method == "" {
			return "", false
		}
		recv := "x"
		if s := h.static(k); s == "any" {
			recv = "x.(" + k.iface + ")"
		}
		return "fmt.Println(" + recv + "." + k.method + "())\n", true
	}},
	{name: "range", body: func(k kind, h holder) (string, bool) {
		if h.ranged == "" {
			return "", false
		}
		return h.ranged, true
	}},
}
