// Package amd64math checks the runtime's replacements for two functions of
// the math package (wasm/_amd64math), which the GOOS=js GOARCH=wasm build
// takes through -overlay so that math.Exp and math.Log give, digit for
// digit, what go run gives on amd64. It has no code of its own: its test
// builds the replacements natively beside a copy of the checks below and
// compares them with the amd64 assembly versions.
package amd64math
