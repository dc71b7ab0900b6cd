package matrix

// A kind is a type of the program whose values the matrix puts into
// interfaces: a named non-struct type, a struct or a pointer to a struct,
// with a String, Error or interface method (value or pointer receiver) or
// no method at all.
type kind struct {
	name   string // short name, used in case names
	typ    string // the type of its values, as written in the program
	decl   string // its declaration and methods
	mk     string // a value made from an int i, written with %s for i
	raw    string // an expression of its data, written with %s for a value
	method string // String, Error, Show or "" (no method)
	iface  string // the program's interface it implements, or ""
}

// The program's interfaces a kind may implement.
var ifaceDecls = map[string]string{
	"Namer":  "type Namer interface{ String() string }",
	"Failer": "type Failer interface{ Error() string }",
	"Shower": "type Shower interface{ Show() string }",
}

var kinds = []kind{
	{name: "str_int", typ: "Code", method: "String", iface: "Namer",
		decl: "type Code int\n\nfunc (c Code) String() string { return fmt.Sprintf(\"code-%d\", int(c)) }",
		mk:   "Code(%s)", raw: "int(%s)"},
	{name: "str_struct", typ: "Point", method: "String", iface: "Namer",
		decl: "type Point struct{ X, Y int }\n\nfunc (p Point) String() string { return fmt.Sprintf(\"(%d,%d)\", p.X, p.Y) }",
		mk:   "Point{%[1]s, -%[1]s}", raw: "%s.X"},
	{name: "str_ptr", typ: "*Node", method: "String", iface: "Namer",
		decl: "type Node struct{ N int }\n\nfunc (n *Node) String() string { return fmt.Sprintf(\"node-%d\", n.N) }",
		mk:   "&Node{%s}", raw: "%s.N"},
	{name: "err_int", typ: "Errno", method: "Error", iface: "Failer",
		decl: "type Errno int\n\nfunc (e Errno) Error() string { return fmt.Sprintf(\"errno %d\", int(e)) }",
		mk:   "Errno(%s)", raw: "int(%s)"},
	{name: "err_struct", typ: "ValErr", method: "Error", iface: "Failer",
		decl: "type ValErr struct{ Code int }\n\nfunc (e ValErr) Error() string { return fmt.Sprintf(\"valerr %d\", e.Code) }",
		mk:   "ValErr{%s}", raw: "%s.Code"},
	{name: "err_ptr", typ: "*PtrErr", method: "Error", iface: "Failer",
		decl: "type PtrErr struct{ Code int }\n\nfunc (e *PtrErr) Error() string { return fmt.Sprintf(\"ptrerr %d\", e.Code) }",
		mk:   "&PtrErr{%s}", raw: "%s.Code"},
	{name: "show_int", typ: "Level", method: "Show", iface: "Shower",
		decl: "type Level int\n\nfunc (l Level) Show() string { return fmt.Sprint(\"level \", int(l)) }",
		mk:   "Level(%s)", raw: "int(%s)"},
	{name: "show_struct", typ: "Val", method: "Show", iface: "Shower",
		decl: "type Val struct{ N int }\n\nfunc (v Val) Show() string { return fmt.Sprint(\"val \", v.N) }",
		mk:   "Val{%s}", raw: "%s.N"},
	{name: "show_ptr", typ: "*Ref", method: "Show", iface: "Shower",
		decl: "type Ref struct{ N int }\n\nfunc (r *Ref) Show() string { return fmt.Sprint(\"ref \", r.N) }",
		mk:   "&Ref{%s}", raw: "%s.N"},
	{name: "plain_int", typ: "Plain", decl: "type Plain int", mk: "Plain(%s)", raw: "int(%s)"},
	{name: "plain_struct", typ: "Pt", decl: "type Pt struct{ N int }", mk: "Pt{%s}", raw: "%s.N"},
	{name: "plain_ptr", typ: "*Cell", decl: "type Cell struct{ N int }", mk: "&Cell{%s}", raw: "%s.N"},
}

// isPointer reports whether the kind's values are pointers.
func (k kind) isPointer() bool { return k.typ[0] == '*' }

// isInt reports whether the kind's underlying type is int.
func (k kind) isInt() bool { return k.raw == "int(%s)" }

// base is the kind's type name without the star.
func (k kind) base() string {
	if k.isPointer() {
		return k.typ[1:]
	}
	return k.typ
}
