package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

type upper struct{ w io.Writer }

func (u upper) Write(p []byte) (int, error) {
	return u.w.Write([]byte(strings.ToUpper(string(p))))
}

func main() {
	fmt.Fprintln(os.Stdout, "to stdout through os.Stdout")
	fmt.Fprintln(os.Stderr, "to stderr: not in the stdout golden file")
	io.WriteString(os.Stdout, "io.WriteString\n")
	os.Stdout.WriteString("WriteString method\n")
	n, err := io.Copy(upper{os.Stdout}, strings.NewReader("copied and shouted\n"))
	fmt.Println(n, err)
	var w io.Writer = os.Stdout
	fmt.Fprintf(w, "%d args, first is a string: %t\n", len(os.Args), os.Args[0] != "")
	_, set := os.LookupEnv("FLAKYLAB_SURELY_UNSET")
	fmt.Println(os.Getenv("FLAKYLAB_SURELY_UNSET") == "", set)
	data, err := io.ReadAll(io.LimitReader(strings.NewReader("abcdef"), 3))
	fmt.Println(string(data), err, io.EOF)
	fmt.Println(io.Discard != nil)
}
