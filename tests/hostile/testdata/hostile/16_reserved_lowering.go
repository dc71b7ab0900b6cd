// Uses a name of the kind the front end's lowering adds.
//
// want: _fl_fmt: a name starting with flakylab_ or _fl_ is not supported by the playground
// clean: yes
package main

import _fl_fmt "fmt"

func main() {
	_fl_fmt.Println("shadowing the lowering")
}
