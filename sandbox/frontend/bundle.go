package frontend

import (
	_ "embed"
	"sync"

	"github.com/flakylab/flakylab/sandbox/frontend/internal/apidata"
)

//go:generate go run gen_export.go

// exportData holds the type information of every package in Allowed, as
// built for GOOS=js GOARCH=wasm, in the project's own format (see
// internal/apidata; internal/exportgen writes it). TestExportDataFresh
// fails when it no longer matches the sources, and TestBundleMatchesCompiler
// compares every object it describes with the compiler's export data.
//
//go:embed exportdata.bin
var exportData []byte

var (
	sharedOnce     sync.Once
	sharedImporter *apidata.Importer
	sharedErr      error
)

// importer returns the process-wide importer of the allowed packages.
// Packages are decoded on first use and shared by every later check: a
// types.Package is never changed once complete.
func importer() (*apidata.Importer, error) {
	sharedOnce.Do(func() {
		sharedImporter, sharedErr = apidata.NewImporter(exportData)
	})
	return sharedImporter, sharedErr
}
