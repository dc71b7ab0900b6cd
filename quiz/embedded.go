//go:build !(js && wasm)

package quiz

// checkEmbedded says whether Default validates the embedded bank: always,
// except in the browser runtime (embedded_js.go).
const checkEmbedded = true
