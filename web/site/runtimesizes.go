package site

import (
	"os"
	"path/filepath"
)

// runtimeSizes are the sizes in bytes of the runtime as built
// (flakylab.wasm) and of its precompressed siblings, 0 where unknown. The
// pages carry them (data-runtime-* on the runtime's status line) so that
// the download bar counts the bytes that cross the network, which a
// response alone does not always say: a host that compresses as it sends
// gives no Content-Length.
type runtimeSizes struct {
	Raw, Brotli, Gzip int64
}

// readRuntimeSizes reads the sizes in out. A sibling counts only when it
// carries the runtime's own modification time, as web/precompress stamps
// it: an older one belongs to an older runtime and is not what a server
// sends.
func readRuntimeSizes(out string) runtimeSizes {
	wasm := filepath.Join(out, "flakylab.wasm")
	info, err := os.Stat(wasm)
	if err != nil {
		return runtimeSizes{}
	}
	sibling := func(ext string) int64 {
		si, err := os.Stat(wasm + ext)
		if err != nil || !si.ModTime().Equal(info.ModTime()) {
			return 0
		}
		return si.Size()
	}
	return runtimeSizes{Raw: info.Size(), Brotli: sibling(".br"), Gzip: sibling(".gz")}
}
