package frontend

import (
	"go/types"
	"sort"
)

// Struct types with methods and the same fields.
//
// The interpreter makes two of the program's struct types with the same
// fields one reflect type. Without methods they are boxed apart in
// interfaces (boxing.go); with methods (their own or promoted from an
// embedded field) a box would lose them, and in an interface a value of
// the one passes for the other: with type A struct{ n int } and type B
// struct{ n int }, each with a method M, any(B{1}).(A) succeeds, %T
// prints main.A and any(B{1}) == any(A{1}) holds (calls of M still reach
// B's). Such a pair is refused, at the later declaration, when both go
// into interfaces (both as values, or both as pointers; an assertion to
// one counts) and the program tells types apart there (asserts or
// switches to that representation, compares interface values, keys a
// map by an interface or prints a type name).

// refuseMethodTwins refuses the struct types with methods that have the
// fields of another such type, when the program could tell them apart
// in an interface.
func (l *lowerer) refuseMethodTwins() {
	var withMethods []*types.TypeName
	for _, tn := range l.ownTypes() {
		t := tn.Type()
		if _, ok := t.Underlying().(*types.Struct); ok && types.NewMethodSet(types.NewPointer(t)).Len() > 0 {
			withMethods = append(withMethods, tn)
		}
	}
	if len(withMethods) < 2 {
		return
	}
	sort.Slice(withMethods, func(i, j int) bool { return withMethods[i].Pos() < withMethods[j].Pos() })
	all, observed := l.identityObserved()
	inIface := l.typesInInterfaces()
	held := func(t types.Type) bool { return containsIdentical(inIface, t) }
	// heldAlike: both values, or both pointers, go into interfaces.
	heldAlike := func(t, u types.Type) bool {
		return held(t) && held(u) || held(types.NewPointer(t)) && held(types.NewPointer(u))
	}
	for j, tn := range withMethods {
		t := tn.Type()
		if !all && !containsIdentical(observed, representation(t)) && !containsIdentical(observed, types.NewPointer(representation(t))) {
			continue
		}
		for _, other := range withMethods[:j] {
			if types.Identical(t.Underlying(), other.Type().Underlying()) && heldAlike(t, other.Type()) {
				l.unsupported(tn.Pos(), "struct types "+other.Name()+" and "+tn.Name()+", with methods and the same fields, told apart in an interface (a type assertion, type switch, == or %T) are not supported by the playground (the interpreter takes the one for the other); give one of them a field the other does not have")
				break
			}
		}
	}
}
