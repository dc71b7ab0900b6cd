package frontend

import (
	"go/ast"
	"go/types"
)

// The results of a call with several results, printed as they come:
// fmt.Println(store.Begin(key)), with Begin returning (Outcome, Response).
//
// The front end adjusts each operand of a print function that the
// interpreter would print otherwise than Go (fmtverbs.go); the results of
// such a call are not operands it can reach one by one. The interpreter
// printed an Outcome with a String method as its number. Such a print is
// refused at the call when one of the results needs adjusting.

// refuseTupleOperand refuses the print call when its operands after the
// first index are one call with several results of which one would not
// print as in Go. (A format's operands cannot be such a call.)
func (l *lowerer) refuseTupleOperand(call *ast.CallExpr, first int) bool {
	if len(call.Args) != first+1 {
		return false
	}
	op := call.Args[first]
	tuple, ok := l.typeOf(op).(*types.Tuple)
	if !ok || tuple.Len() < 2 {
		return false
	}
	for i := range tuple.Len() {
		t := tuple.At(i).Type()
		needs := l.ownPrintable(t) || l.ownErrorType(t) || l.hiddenMethods(t) || l.showOperandNeeds(t, 'v')
		if needs {
			qualify := func(p *types.Package) string { return p.Name() }
			l.unsupported(op.Pos(), "printing the results of a call straight away in a go or defer statement is not supported by the playground when one of them is of type "+
				l.typeString(t, qualify)+" (it would not print as in Go); assign the results to variables and print those")
			return true
		}
	}
	return false
}
