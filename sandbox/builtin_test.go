package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBuiltinPrintNilValues(t *testing.T) {
	var iface any
	tests := []struct {
		name string
		arg  any
		want string
	}{
		{"nil interface", iface, "(0x0,0x0)"},
		{"nil map", map[int]int(nil), "0x0"},
		{"nil slice", []int(nil), "[0/0]0x0"},
		{"nil pointer", (*int)(nil), "0x0"},
		{"float", 1.5, "1.5"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want+"\n", builtinPrint([]any{tt.arg}, true), "%s: input %#v", tt.name, tt.arg)
	}
}
