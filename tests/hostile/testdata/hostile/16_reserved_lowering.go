// Uses a name of the kind the front end's lowering adds.
//
// want: _fl_fmt is reserved by the playground
// clean: yes
package main

import _fl_fmt "fmt"

func main() {
	_fl_fmt.Println("shadowing the lowering")
}
