package datasection

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/wasm/internal/gowasm"
)

// module assembles a minimal module: a memory section and a data section
// holding segs, plus a custom section that must come through untouched.
func module(t *testing.T, segs []Segment) []byte {
	t.Helper()
	var b bytes.Buffer
	b.Write(magic)
	writeSection(&b, 5, []byte{1, 0, 1})               // memory: one, min 1 page
	writeSection(&b, 0, []byte{4, 'n', 'o', 't', 'e'}) // custom section "note"
	writeSection(&b, sectionData, encodeSegments(segs))
	return b.Bytes()
}

func sections(t *testing.T, m []byte) map[byte][]byte {
	t.Helper()
	got := map[byte][]byte{}
	for pos := len(magic); pos < len(m); {
		size, n, err := uleb(m[pos+1:])
		require.NoError(t, err)
		got[m[pos]] = m[pos+1+n : pos+1+n+int(size)]
		pos += 1 + n + int(size)
	}
	return got
}

func TestMergeWritesTheSameMemoryAsOneSegment(t *testing.T) {
	cases := []struct {
		name string
		segs []Segment
	}{
		{"gaps between segments", []Segment{{16, []byte("abc")}, {40, []byte{1, 2}}, {100, []byte("tail")}}},
		{"segments out of order", []Segment{{100, []byte("tail")}, {16, []byte("abc")}}},
		{"adjacent segments", []Segment{{8, []byte("ab")}, {10, []byte("cd")}}},
		{"empty segment", []Segment{{8, nil}, {9, []byte("x")}}},
		{"one segment", []Segment{{1024, []byte("only")}}},
		{"offset past 2^20", []Segment{{1 << 20, []byte("hi")}, {1<<20 + 300, []byte("there")}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := module(t, tc.segs)
			out, st, err := Merge(in)
			require.NoError(t, err)
			before, after := sections(t, in), sections(t, out)
			for id, body := range before {
				if id != sectionData {
					require.Equal(t, body, after[id], "section %d must come through untouched", id)
				}
			}
			segs, err := Segments(after[sectionData])
			require.NoError(t, err)
			require.Len(t, segs, 1, "merged segments of %v", tc.segs)
			wantBase, want, err := Image(tc.segs)
			require.NoError(t, err)
			require.Equal(t, wantBase, segs[0].Offset, "where the memory image starts")
			require.Equal(t, want, segs[0].Data, "the memory image")
			require.Equal(t, len(tc.segs), st.Segments)
			// Merging again changes nothing.
			again, _, err := Merge(out)
			require.NoError(t, err)
			require.Equal(t, out, again)
		})
	}
}

func TestImagePlacesEveryByte(t *testing.T) {
	base, mem, err := Image([]Segment{{10, []byte{7}}, {13, []byte{8, 9}}})
	require.NoError(t, err)
	require.Equal(t, uint32(10), base)
	require.Equal(t, []byte{7, 0, 0, 8, 9}, mem)
}

func TestMergeRefusesWhatItCannotRewriteFaithfully(t *testing.T) {
	overlap := module(t, []Segment{{10, []byte("abcd")}, {12, []byte("xy")}})
	passive := append(bytes.Clone(magic), sectionData, 4, 1, 1, 1, 'p')
	globalOffset := append(bytes.Clone(magic), sectionData, 7, 1, 0, 0x23, 0, 0x0b, 1, 'g')
	noData := append(bytes.Clone(magic), 5, 3, 1, 0, 1)
	truncated := module(t, []Segment{{10, []byte("abcdef")}})
	truncated = truncated[:len(truncated)-3]
	cases := []struct {
		name, want string
		in         []byte
	}{
		{"overlapping segments", "overlap", overlap},
		{"passive segment", "only active segments", passive},
		{"offset from a global", "not an i32.const", globalOffset},
		{"no data section", "no data section", noData},
		{"truncated module", "past the end", truncated},
		{"not wasm", "not a WebAssembly module", []byte("\x7fELF....")},
		{"huge segment count", "segments in", append(bytes.Clone(magic), sectionData, 6, 0xff, 0xff, 0xff, 0xff, 0x0f, 0)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := Merge(tc.in)
			require.ErrorContains(t, err, tc.want, "input % x", tc.in)
			require.Nil(t, out)
		})
	}
}

func TestLEB128RoundTrips(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 127, 128, 1 << 20, 1<<31 - 1, -1 << 31} {
		got, n, err := sleb32(appendSLEB(nil, v))
		require.NoError(t, err)
		require.Equal(t, v, got, "sleb %d", v)
		require.Equal(t, len(appendSLEB(nil, v)), n)
	}
	for _, v := range []uint64{0, 1, 127, 128, 16383, 16384, 1<<32 - 1} {
		got, _, err := uleb(appendULEB(nil, v))
		require.NoError(t, err)
		require.Equal(t, v, got, "uleb %d", v)
	}
	_, _, err := uleb([]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x01})
	require.Error(t, err, "a u32 takes at most 5 bytes")
}

func FuzzMerge(f *testing.F) {
	f.Add(module(&testing.T{}, []Segment{{16, []byte("abc")}, {40, []byte{1, 2}}}))
	f.Add(append(bytes.Clone(magic), sectionData, 1, 0))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, _, err := Merge(in)
		if err != nil {
			return
		}
		// Whatever was accepted keeps its memory image.
		var segsIn, segsOut []Segment
		for id, body := range sections(t, in) {
			if id == sectionData {
				segsIn, _ = Segments(body)
			}
		}
		for id, body := range sections(t, out) {
			if id == sectionData {
				segsOut, err = Segments(body)
				require.NoError(t, err)
			}
		}
		b1, m1, err1 := Image(segsIn)
		b2, m2, err2 := Image(segsOut)
		require.NoError(t, err1)
		require.NoError(t, err2)
		if len(m1) > 0 {
			require.Equal(t, b1, b2)
		}
		require.Equal(t, m1, m2)
	})
}

// A real module from the Go toolchain, merged, runs and prints exactly what
// it printed before: its data (strings, tables, a map literal, type
// descriptors) is where the program expects it.
func TestMergedGoModuleRunsTheSame(t *testing.T) {
	dir := t.TempDir()
	src := `package main

import (
	"fmt"
	"sort"
	"strings"
)

var table = map[string][]int{"primes": {2, 3, 5, 7, 11}, "squares": {1, 4, 9, 16}, "empty": nil}

type shape interface{ Area() float64 }
type square struct{ side float64 }

func (s square) Area() float64 { return s.side * s.side }

func main() {
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-8s %v %T\n", k, table[k], table[k])
	}
	var s shape = square{1.5}
	fmt.Printf("%#v %.2f %s\n", s, s.Area(), strings.Repeat("=", 12))
}
`
	orig := gowasm.Build(t, dir, src)
	merged, st, err := Merge(orig)
	require.NoError(t, err)
	require.Greater(t, st.Segments, 100, "the Go linker writes many data segments")
	want := gowasm.Run(t, dir, "probe.wasm", orig)
	require.Contains(t, want, "primes   [2 3 5 7 11] []int")
	require.Equal(t, want, gowasm.Run(t, dir, "merged.wasm", merged))
}
