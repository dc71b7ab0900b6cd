package gosrc

import (
	stdcmp "cmp"
	"fmt"
	"io/fs"
	stdmaps "maps"
	"math"
	stdslices "slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/internal/gosrc/maps"
	"github.com/flakylab/flakylab/sandbox/internal/gosrc/slices"
)

func TestFSLayout(t *testing.T) {
	for _, pkg := range Packages {
		entries, err := fs.ReadDir(FS(), "src/"+pkg)
		require.NoError(t, err, "ReadDir src/%s", pkg)
		require.Len(t, entries, 1, "src/%s: want exactly the package file", pkg)
		b, err := fs.ReadFile(FS(), "src/"+pkg+"/"+entries[0].Name())
		require.NoError(t, err)
		assert.True(t, strings.Contains(string(b), "package "+pkg+"\n"), "src/%s has no package clause %q", pkg, pkg)
	}
	_, err := FS().Open("other/x.go")
	assert.ErrorIs(t, err, fs.ErrNotExist, "paths outside src/ do not exist")
	_, err = FS().Open("../x")
	assert.ErrorIs(t, err, fs.ErrInvalid)
}

func TestSortMatchesStandardLibrary(t *testing.T) {
	cases := [][]float64{
		nil, {}, {1}, {3, 1, 2}, {2, 2, 1, 1}, {math.NaN(), 1, -1, math.Inf(1), math.NaN(), 0},
		{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1},
	}
	for _, in := range cases {
		got, want := append([]float64{}, in...), append([]float64{}, in...)
		slices.Sort(got)
		stdslices.Sort(want)
		assert.Equal(t, fmtFloats(want), fmtFloats(got), "Sort(%v)", in)
		assert.True(t, slices.IsSorted(got), "IsSorted after Sort(%v): got %v", in, got)
		for _, target := range []float64{-1, 0, 1.5, 3, 100} {
			gi, gf := slices.BinarySearch(got, target)
			wi, wf := stdslices.BinarySearch(want, target)
			assert.Equal(t, []any{wi, wf}, []any{gi, gf}, "BinarySearch(%v, %v)", got, target)
		}
	}
}

// fmtFloats renders floats so that NaNs compare equal.
func fmtFloats(s []float64) []string {
	out := make([]string, len(s))
	for i, f := range s {
		out[i] = fmt.Sprint(f)
	}
	return out
}

type pair struct {
	k string
	v int
}

func TestSortStableFuncKeepsOrder(t *testing.T) {
	in := []pair{{"b", 1}, {"a", 1}, {"c", 0}, {"d", 1}, {"e", 0}}
	got, want := append([]pair{}, in...), append([]pair{}, in...)
	byV := func(a, b pair) int { return stdcmp.Compare(a.v, b.v) }
	slices.SortStableFunc(got, byV)
	stdslices.SortStableFunc(want, byV)
	assert.Equal(t, want, got, "SortStableFunc(%v) by v", in)
}

func TestSliceFunctionsMatchStandardLibrary(t *testing.T) {
	s := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	assert.Equal(t, stdslices.Contains(s, 9), slices.Contains(s, 9))
	assert.Equal(t, stdslices.Contains(s, 7), slices.Contains(s, 7))
	assert.Equal(t, stdslices.Index(s, 5), slices.Index(s, 5))
	assert.Equal(t, stdslices.Min(s), slices.Min(s))
	assert.Equal(t, stdslices.Max(s), slices.Max(s))
	assert.Equal(t, stdslices.Compact([]int{1, 1, 2, 2, 2, 1}), slices.Compact([]int{1, 1, 2, 2, 2, 1}))
	assert.Equal(t, stdslices.Insert([]int{1, 2}, 1, 7, 8), slices.Insert([]int{1, 2}, 1, 7, 8))
	assert.Equal(t, stdslices.Delete([]int{1, 2, 3, 4}, 1, 3), slices.Delete([]int{1, 2, 3, 4}, 1, 3))
	odd := func(x int) bool { return x%2 == 1 }
	assert.Equal(t, stdslices.DeleteFunc(stdslices.Clone(s), odd), slices.DeleteFunc(slices.Clone(s), odd))
	assert.Equal(t, stdslices.Repeat([]int{1, 2}, 3), slices.Repeat([]int{1, 2}, 3))
	assert.Equal(t, stdslices.Compare([]int{1, 2}, []int{1, 3}), slices.Compare([]int{1, 2}, []int{1, 3}))
	assert.Equal(t, stdslices.Compare([]int{1, 2}, []int{1}), slices.Compare([]int{1, 2}, []int{1}))
	assert.Nil(t, slices.Clone([]int(nil)), "Clone(nil)")
	r := []int{1, 2, 3}
	slices.Reverse(r)
	assert.Equal(t, []int{3, 2, 1}, r, "Reverse")
	assert.Panics(t, func() { slices.Min([]int{}) }, "Min of empty")
}

func TestMapsAndIterators(t *testing.T) {
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	assert.Equal(t, stdslices.Sorted(stdmaps.Keys(m)), slices.Sorted(maps.Keys(m)))
	assert.Equal(t, stdslices.Sorted(stdmaps.Values(m)), slices.Sorted(maps.Values(m)))
	assert.Equal(t, m, maps.Collect(maps.All(m)))
	c := maps.Clone(m)
	assert.True(t, maps.Equal(m, c), "Equal(m, Clone(m))")
	maps.DeleteFunc(c, func(k string, v int) bool { return v > 1 })
	assert.Equal(t, map[string]int{"a": 1}, c, "DeleteFunc v > 1")
	maps.Copy(c, map[string]int{"z": 26})
	assert.Equal(t, map[string]int{"a": 1, "z": 26}, c, "Copy")
	assert.Nil(t, maps.Clone(map[string]int(nil)))
	first := slices.Collect(func(yield func(int) bool) {
		for i := 0; i < 10 && yield(i); i++ {
		}
	})
	assert.Len(t, first, 10)
	assert.Equal(t, []string{"x", "y"}, slices.SortedFunc(slices.Values([]string{"y", "x"}), strings.Compare))
}
