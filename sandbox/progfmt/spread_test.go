package progfmt

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSpreadPlansOperandsByVerb(t *testing.T) {
	cases := []struct {
		format  string
		nils    []bool
		want    string
		src     []int
		classes string
		ok      bool
	}{
		{"%v %+v %#v %s %d %T %p", make([]bool, 7), "%v %+v %#v %s %d %s %p", []int{0, 1, 2, 3, 4, 5, 6}, "v+#sdTp", true},
		{"%*d|%q %x %X %f %z", make([]bool, 6), "%*d|%q %x %X %f %z", []int{0, 1, 2, 3, 4, 5}, "*dqxXd", true},
		{"%v", []bool{false, false, true}, "%v%%!(EXTRA %s=%v, <nil>)", []int{0, 1, 1}, "vNv", true},
		{"%[2]v %[1]v %[1]d %[1]T", []bool{false, false}, "%[4]v %[1]v %[2]d %[3]s", []int{0, 0, 0, 1}, "vdTv", true},
		{"%[1]v %[1]v", []bool{false, false}, "%[1]v %[1]v", []int{0, 1}, "v\x00", true},
		{"%v %v %v", []bool{false}, "%v %v %v", []int{0}, "v", true},
		{"%v %[1]d %*d", []bool{false, false, false}, "", nil, "", false},
		{"%v %", []bool{false, false}, "%v %%!(NOVERB)%%!(EXTRA %s=%v)", []int{0, 1, 1}, "vNv", true},
		{"%v %-", []bool{false}, "%v %-", []int{0}, "v", true},
		{"%v %*", []bool{false, false, false}, "", nil, "", false},
		{"%w", []bool{false}, "%w", []int{0}, "w", true},
	}
	for _, c := range cases {
		f, src, classes, ok := Spread(c.format, c.nils)
		assert.Equal(t, c.ok, ok, "format %q", c.format)
		if !c.ok {
			continue
		}
		assert.Equal(t, c.want, f, "format %q", c.format)
		assert.Equal(t, c.src, src, "format %q", c.format)
		assert.Equal(t, c.classes, classes, "format %q", c.format)
	}
}

func TestWrapVerbsMakesErrorsV(t *testing.T) {
	f, n := WrapVerbs("%w %v %w %[1]w", []bool{true, false, false})
	assert.Equal(t, "%v %v %w %[1]v", f)
	assert.Equal(t, 2, n)
}
