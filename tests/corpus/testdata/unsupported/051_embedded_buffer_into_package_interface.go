// A struct of the program embedding *bytes.Buffer (or *strings.Builder)
// used as an io.Writer: the interpreter looks for the buffer's unexported
// methods on the program's type and fails to compile the program,
// without a position ("undefined selector: empty"). It is refused at the
// conversion; passing the embedded buffer itself works. Go prints
// "copied! 7".
package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

type LogBuffer struct {
	*bytes.Buffer
	lines int
}

func main() {
	lb := &LogBuffer{Buffer: new(bytes.Buffer)}
	io.Copy(lb, strings.NewReader("copied"))
	fmt.Fprint(lb, "!")
	fmt.Println(lb.String(), lb.Len())
}
