package pclntab

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/wasm/internal/datasection"
	"github.com/flakylab/flakylab/wasm/internal/gowasm"
)

// probe exercises what the runtime reads from its function table: stack
// growth and shrinking (pcsp), garbage collection of stacks full of
// pointers (the stack maps in pcdata), panics unwound through deferred
// calls, goroutines, function names (runtime.Stack, FuncForPC); and it
// prints the one thing the line tables are for, on its own line.
const probe = `package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

type node struct {
	next *node
	val  [4]int
}

//go:noinline
func deep(n int, acc *node) int {
	if n == 0 {
		runtime.GC()
		s := 0
		for p := acc; p != nil; p = p.next {
			s += p.val[0]
		}
		return s
	}
	var pad [64]byte
	pad[n%64] = byte(n)
	return deep(n-1, &node{next: acc, val: [4]int{n, int(pad[n%64])}})
}

func risky(i int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	var xs []int
	return fmt.Errorf("%d", xs[i])
}

func main() {
	var wg sync.WaitGroup
	sums := make([]int, 8)
	for g := range sums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sums[g] = deep(2000+g, nil)
		}()
	}
	wg.Wait()
	fmt.Println(sums)
	fmt.Println(risky(3))
	buf := make([]byte, 1<<16)
	stack := string(buf[:runtime.Stack(buf, false)])
	fmt.Println(strings.Contains(stack, "main.main()"))
	pc, file, line, ok := runtime.Caller(0)
	fmt.Println(runtime.FuncForPC(pc).Name(), ok)
	fmt.Printf("line: %s:%d\n", file[strings.LastIndex(file, "/")+1:], line)
}
`

// A real module, merged with its line tables stripped, runs as before:
// only where the runtime reports file and line does it say "?:0".
func TestStrippedGoModuleRunsTheSame(t *testing.T) {
	dir := t.TempDir()
	orig := gowasm.Build(t, dir, probe)
	var st Stats
	stripped, _, err := datasection.MergeEdited(orig, func(mem []byte) (err error) {
		st, err = StripLines(mem)
		return err
	})
	require.NoError(t, err)
	assert.Greater(t, st.Funcs, 1000, "functions in a Go module's table")
	assert.Greater(t, st.Zeroed, 10000, "bytes of line tables zeroed")

	want := gowasm.Run(t, dir, "probe.wasm", orig)
	got := gowasm.Run(t, dir, "stripped.wasm", stripped)
	require.Contains(t, want, "recovered: runtime error: index out of range [3] with length 0\ntrue\nmain.main true\nline: main.go:", "the probe itself")
	wantHead, wantLine, _ := strings.Cut(want, "line: ")
	gotHead, gotLine, _ := strings.Cut(got, "line: ")
	assert.Equal(t, wantHead, gotHead, "everything but the line")
	assert.Equal(t, "?:0\n", gotLine, "runtime.Caller once the line tables are gone")
	assert.NotEqual(t, wantLine, gotLine)
}

// A memory image with no function table, or with its header but offsets
// that do not fit, is refused and left as it was.
func TestStripLinesRefusesWhatItCannotRead(t *testing.T) {
	hdr := func(nfunc uint64, offs ...uint64) []byte {
		b := append([]byte{}, header...)
		for _, v := range append([]uint64{nfunc, 0, 0}, offs...) {
			b = binary.LittleEndian.AppendUint64(b, v)
		}
		return b
	}
	cases := map[string][]byte{
		"no header":             make([]byte, 4096),
		"offsets out of order":  append(hdr(1, 200, 100, 300, 400, 500), make([]byte, 600)...),
		"offsets past memory":   append(hdr(1, 72, 80, 90, 100, 1<<40), make([]byte, 200)...),
		"no functions":          append(hdr(0, 72, 80, 90, 100, 110), make([]byte, 200)...),
		"functions past memory": append(hdr(1000, 72, 80, 90, 100, 110), make([]byte, 200)...),
		"two plausible headers": append(append(hdr(1, 72, 72, 72, 72, 72), make([]byte, 100)...), append(hdr(1, 72, 72, 72, 72, 72), make([]byte, 100)...)...),
		"table past the pctab":  corruptTable(hdr),
	}
	for name, mem := range cases {
		t.Run(name, func(t *testing.T) {
			before := append([]byte{}, mem...)
			_, err := StripLines(mem)
			require.Error(t, err)
			assert.Equal(t, before, mem, "memory unchanged")
		})
	}
}

// corruptTable is a table of one function whose pcfile table runs past the
// end of pctab.
func corruptTable(hdr func(uint64, ...uint64) []byte) []byte {
	const pctab, ftab = 100, 110
	mem := append(hdr(1, 72, 80, 90, pctab, ftab), make([]byte, 200)...)
	// pctab: a 0 at offset 0, then bytes with the continuation bit set.
	for i := pctab + 1; i < ftab; i++ {
		mem[i] = 0x80
	}
	binary.LittleEndian.PutUint32(mem[ftab+4:], 16) // funcoff: the record after the functab
	rec := ftab + 16
	mem[rec+funcPCFile] = 1 // pcfile at pctab offset 1
	return mem
}
