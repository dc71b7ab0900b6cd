package sandbox_test

import (
	"context"
	"fmt"

	"github.com/flakylab/flakylab/sandbox"
)

// A snippet sleeps three virtual seconds: the run returns at once, and the
// program sees the time it would have seen.
func ExampleRun() {
	src := "time.Sleep(3 * time.Second)\nfmt.Println(\"slept\", time.Since(start))\n"
	res := sandbox.Run(context.Background(), "start := time.Now()\n"+src, sandbox.Options{})
	fmt.Print(res.Stdout)
	fmt.Println(res.VirtualElapsed, res.Err)
	// Output:
	// slept 3s
	// 3s <nil>
}

// A forbidden import is refused before anything runs, at the import's
// position.
func ExampleRun_forbiddenImport() {
	res := sandbox.Run(context.Background(), "import \"net\"\n\nfmt.Println(net.IPv4len)\n", sandbox.Options{})
	fmt.Println(res.Err.Kind, res.Err.Line, res.Err.Column)
	// Output:
	// import 1 8
}

func ExampleFormat() {
	out, err := sandbox.Format("x:=1\nfmt.Println( x )\n")
	fmt.Print(out)
	fmt.Println(err == nil)
	// Output:
	// x := 1
	// fmt.Println(x)
	// true
}
