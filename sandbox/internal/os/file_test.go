package os

import (
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWriter(t *testing.T) {
	var b strings.Builder
	f := NewWriter("/dev/stdout", &b)
	n, err := f.WriteString("hello ")
	require.NoError(t, err)
	require.Equal(t, 6, n)
	_, err = f.Write([]byte("world"))
	require.NoError(t, err)
	require.Equal(t, "hello world", b.String())
	require.Equal(t, "/dev/stdout", f.Name())
	require.NoError(t, f.Sync())
	_, err = f.Read(make([]byte, 1))
	require.Error(t, err, "reading an output stream")

	require.NoError(t, f.Close())
	_, err = f.WriteString("more")
	require.True(t, errors.Is(err, fs.ErrClosed), "write after Close: got %v", err)
	require.Equal(t, "write /dev/stdout: file already closed", err.Error())
	require.Error(t, f.Close(), "closing twice")
	require.Equal(t, "hello world", b.String(), "nothing written after Close")
}

func TestReader(t *testing.T) {
	f := NewReader("/dev/stdin")
	n, err := f.Read(make([]byte, 8))
	require.Equal(t, 0, n)
	require.Equal(t, io.EOF, err)
	_, err = f.WriteString("x")
	require.Error(t, err, "writing an input stream")
	var nilFile *File
	_, err = nilFile.Write([]byte("x"))
	require.True(t, errors.Is(err, fs.ErrInvalid), "write to a nil *File: got %v", err)
}
