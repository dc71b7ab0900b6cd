//go:build browser

package browser_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chatty writes many short lines, then one line to stderr, then one more
// line to stdout.
const chatty = `package main

import (
	"fmt"
	"os"
)

func main() {
	for i := 0; i < 20000; i++ {
		fmt.Println("line", i)
	}
	fmt.Fprintln(os.Stderr, "then stderr")
	fmt.Println("and stdout again")
}
`

// TestOutputFloodArrivesBatchedInOrder: a program that writes twenty
// thousand times reaches the page in far fewer messages (each one is a task
// on the page's main thread), every byte arrives, and stdout and stderr keep
// their order.
func TestOutputFloodArrivesBatchedInOrder(t *testing.T) {
	ctx, p := keptPlayground(t)

	type outcome struct {
		Events   []string `json:"events"` // "o" or "e" per chunk, in arrival order
		Stdout   string   `json:"stdout"`
		Stderr   string   `json:"stderr"`
		Chunks   int      `json:"chunks"`
		Error    string   `json:"error"`
		Returned string   `json:"returned"`
	}
	got := eval[outcome](t, ctx, `(async () => {
		const o = {events: [], stdout: "", stderr: "", chunks: 0};
		const r = await playground.runtime.run(`+js(chatty)+`, {timeoutMs: 120000,
			onStdout: (c) => { o.events.push("o"); o.stdout += c; o.chunks++; },
			onStderr: (c) => { o.events.push("e"); o.stderr += c; }});
		o.error = r.error ? r.error.kind + ": " + r.error.message : "";
		o.returned = r.stdout;
		return o;
	})()`)
	require.Empty(t, got.Error, "the run failed")

	var want strings.Builder
	for i := range 20000 {
		want.WriteString("line " + strconv.Itoa(i) + "\n")
	}
	want.WriteString("and stdout again\n")
	assert.Equal(t, want.String(), got.Stdout, "stdout as the handler saw it")
	assert.Equal(t, want.String(), got.Returned, "stdout in the result")
	assert.Equal(t, "then stderr\n", got.Stderr)
	// 20001 writes: batched, they come in far fewer chunks (one per 16 ms
	// of output or per 64 KiB), however slow the machine.
	assert.Less(t, got.Chunks, 2000, "stdout chunks for 20001 writes")
	// stderr comes after every line before it and before the line after it.
	seq := strings.Join(got.Events, "")
	require.Equal(t, 1, strings.Count(seq, "e"), "chunk order %s", seq)
	assert.True(t, strings.HasSuffix(seq, "eo"), "stderr then the last stdout chunk, got order …%s", seq[max(0, len(seq)-20):])
	assert.Empty(t, p.All())
}
