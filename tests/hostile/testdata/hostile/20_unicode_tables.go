// Changes the tables the unicode package shares with every program: a
// range of a table, a table in a map, an entry of a slice. Within the run
// that is what Go does too; afterwards they are put back.
//
// want: false false true
// clean: no
package main

import (
	"fmt"
	"unicode"
)

func main() {
	for i := range unicode.Lu.R16 {
		unicode.Lu.R16[i] = unicode.Range16{Lo: 1, Hi: 1, Stride: 1}
	}
	unicode.Latin.R16[0].Lo = 0x7000
	delete(unicode.Categories, "Lu")
	unicode.Scripts["Greek"] = unicode.Latin
	unicode.CaseRanges[0].Lo = 0x7fff
	fmt.Println(unicode.IsUpper('Ā'), unicode.Is(unicode.Latin, 'A'), unicode.Categories["Lu"] == nil)
}
