package sandbox

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// resolveCases are programs where a selector's x is, or is not, shadowed
// by something the file declares, in every kind of scope the parser's
// object resolution knows.
var resolveCases = []string{
	`package main
import "time"
var d = time.Second
func main() { time := 3; _ = time; _ = d }`,
	`package main
import "time"
func f(time int) int { return time }
func g() { _ = time.UTC; func(time struct{ UTC int }) { _ = time.UTC }(struct{ UTC int }{}) }
func main() { f(1); g() }`,
	`package main
import ("fmt"; "time")
type T struct{ time time.Duration }
func (t T) M() { fmt.Println(t.time, time.UTC) }
func (time T) N() { fmt.Println(time.time) }
func main() {
	for time := range 3 { fmt.Println(time) }
	if time := 1; time > 0 { fmt.Println(time) } else { fmt.Println(time.UTC) }
	switch time := any(1).(type) { case int: fmt.Println(time) }
	var x any = 1
	switch v := x.(type) { case time.Duration: fmt.Println(v, time.UTC) }
	select { default: time := 2; fmt.Println(time) }
	fmt.Println(time.UTC)
}`,
	`package main
import "fmt"
var fmt2 = fmt.Sprint
type fmt3[fmt any] struct{ x fmt }
func (r fmt3[fmt]) M() { _ = fmt.Sprint }
type (
	A[T any] int
	strings struct{ Builder int }
)
func h() { _ = strings.Builder } // parsed, never type-checked
func main() { var fmt = struct{ Println func(...any) }{}; fmt.Println(fmt2(1)); _ = strings{}.Builder }`,
	`package main
import "fmt"
func main() {
	x := fmt.Sprint(1)
	fmt := x
	_ = fmt
	{ var fmt = 1; _ = fmt }
	for fmt, y := range []int{} { _, _ = fmt, y }
}`,
}

// sameAsParser checks localRefs on src against the parser's object
// resolution, for every selector's x; it reports whether src parsed.
func sameAsParser(t *testing.T, name string, src []byte) bool {
	t.Helper()
	resolved, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
	if err != nil {
		return false
	}
	plain, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: parses with object resolution but not without: %v", name, err)
	}
	want, got := selectorBases(resolved), selectorBases(plain)
	if len(want) != len(got) {
		t.Fatalf("%s: %d selectors, then %d", name, len(want), len(got))
	}
	names := map[string]bool{}
	for _, id := range got {
		names[id.Name] = true
	}
	refs := localRefs(plain, string(src), names)
	for i, id := range got {
		if w := want[i].Obj != nil; refs[id] != w {
			t.Errorf("%s: %s at offset %d: local %v, the parser says %v", name, id.Name, id.Pos()-plain.FileStart, refs[id], w)
		}
	}
	return true
}

func TestLocalRefsAgreeWithTheParser(t *testing.T) {
	for i, src := range resolveCases {
		if !sameAsParser(t, "case"+string(rune('0'+i))+".go", []byte(src)) {
			t.Fatalf("case %d does not parse", i)
		}
	}
	// The engine's own source is a large, varied body of Go.
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob("frontend/*.go")
	for _, name := range append(files, more...) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sameAsParser(t, name, src)
	}
}

// TestLocalRefsAgreeOnGoTests compares with the parser on Go's own test
// programs (where go env GOROOT answers), whose scopes are tortuous: a
// file that declares none of the names looked for is not parsed again.
func TestLocalRefsAgreeOnGoTests(t *testing.T) {
	if testing.Short() {
		t.Skip("reads thousands of files")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skip("no go command: ", err)
	}
	root := filepath.Join(strings.TrimSpace(string(out)), "test")
	n := 0
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if sameAsParser(t, p, src) {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Skip("no Go test programs under ", root)
	}
	t.Logf("%d files", n)
}

func TestLocalRefsSkipsFilesThatDeclareNoneOfTheNames(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "", resolveCases[0], parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if refs := localRefs(f, resolveCases[0], map[string]bool{"fmt": true}); refs != nil {
		t.Errorf("got %v, want nil", refs)
	}
	if refs := localRefs(f, resolveCases[0], map[string]bool{"time": true}); len(refs) != 0 {
		t.Errorf("time.Second is the package's: got %v", refs)
	}
}
