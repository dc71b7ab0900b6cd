package runtime

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBoundsAreTheRuntimesOwn(t *testing.T) {
	var arr [3]int
	s := make([]int, 2, 4)
	str := "abc"
	five, neg := 5, -1
	cases := []struct {
		name       string
		code, x, y int
		native     func()
	}{
		{"index", boundsIndex, 5, 2, func() { _ = s[five] }},
		{"negative index", boundsIndex, -1, 2, func() { _ = s[neg] }},
		{"string high", boundsSliceAlen, 5, 3, func() { _ = str[:five] }},
		{"slice high", boundsSliceAcap, 5, 4, func() { _ = s[:five] }},
		{"slice low", boundsSliceB, 5, 2, func() { _ = s[five:] }},
		{"slice low negative", boundsSliceB, -1, 2, func() { _ = s[neg:] }},
		{"array max", boundsSlice3Alen, 5, 3, func() { _ = arr[0:1:five] }},
		{"slice max", boundsSlice3Acap, 5, 4, func() { _ = s[0:1:five] }},
		{"slice3 high", boundsSlice3B, 5, 4, func() { _ = s[:five:4] }},
		{"slice3 low", boundsSlice3C, 3, 1, func() { _ = s[five-2 : 1 : 4] }},
	}
	for _, c := range cases {
		want := caught(c.native)
		got := Bounds(c.code, c.x, c.y)
		assert.Equal(t, fmt.Sprintf("%T %#v %v", want, want, want), fmt.Sprintf("%T %#v %v", got, got, got), c.name)
	}
}

func TestErrorIsTheRuntimesErrorString(t *testing.T) {
	var p *struct{ N int }
	want := caught(func() { _ = p.N })
	got := Error("invalid memory address or nil pointer dereference")
	assert.Equal(t, fmt.Sprintf("%T %#v %v", want, want, want), fmt.Sprintf("%T %#v %v", got, got, got))
	assert.Equal(t, want, got, "the same value, as Go's repanicked test compares")
}
