package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

const blocksSource = `package p

const half = 1 - 0x1p-1

var limit = 3 * 4

func f(u float64, ch chan int) int {
	switch {
	case !(u > 0):
		return 0
	case u >= 1:
		return 1 - 1
	}
	select {
	case ch <- 1 + 1:
	default:
	}
	if u < 2 {
		return 2
	}
	return 3
}
`

func TestOutsideBlocks(t *testing.T) {
	lines := strings.Split(blocksSource, "\n")
	at := func(line int, token string) (int, int) {
		col := strings.Index(lines[line-1], token)
		if col < 0 {
			t.Fatalf("no %q on line %d", token, line)
		}
		return line, col + 1
	}
	tests := []struct {
		name  string
		line  int
		token string
		want  bool
	}{
		{"package-level const", 3, "-", true},
		{"package-level var", 5, "*", true},
		{"case expression", 9, ">", true},
		{"second case expression", 11, ">=", true},
		{"statement in a case body", 12, "-", false},
		{"select case", 15, "+", true},
		{"if condition", 18, "<", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, col := at(tt.line, tt.token)
			assert.Equal(t, tt.want, outsideBlocks([]byte(blocksSource), line, col), "%d:%d %q", line, col, lines[line-1])
		})
	}
	assert.False(t, outsideBlocks([]byte(blocksSource), 99, 1), "a line past the end")
	assert.False(t, outsideBlocks([]byte("not go"), 1, 1), "a file that does not parse")
}

func TestMarkNoBlock(t *testing.T) {
	ms := []mutant{
		{File: "p.go", Line: 9, Column: 13, Status: statusNotCovered},
		{File: "p.go", Line: 18, Column: 7, Status: statusNotCovered},
		{File: "p.go", Line: 11, Column: 9, Status: statusKilled},
	}
	markNoBlock(ms, func(string) []byte { return []byte(blocksSource) })
	assert.Equal(t, []string{statusNoBlock, statusNotCovered, statusKilled},
		[]string{ms[0].Status, ms[1].Status, ms[2].Status})
}
