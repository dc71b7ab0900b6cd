package amd64math

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// shim gives the replacements, written as files of package math, the
// names they use from it.
const shim = `package main

import "math"

func FMA(x, y, z float64) float64     { return math.FMA(x, y, z) }
func Float64bits(f float64) uint64    { return math.Float64bits(f) }
func Float64frombits(b uint64) float64 { return math.Float64frombits(b) }
func Inf(sign int) float64            { return math.Inf(sign) }
func RoundToEven(x float64) float64   { return math.RoundToEven(x) }
`

// compare runs every argument class through both and prints each
// argument whose results differ in any bit.
const compare = `package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
)

func main() {
	_ = haveArchExp && haveArchLog
	bad := 0
	check := func(name string, x, got, want float64) {
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			if bad < 10 {
				fmt.Printf("%s(%v) = %v, amd64 gives %v\n", name, x, got, want)
			}
			bad++
		}
	}
	special := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.5, 2, 10, 709.78, 709.79, 710, -708, -720, -745, -745.2, -746,
		math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, 2.2e-308, 1e-300, -1e-300, 1e300, math.MaxFloat64, -math.MaxFloat64}
	for _, x := range special {
		check("Exp", x, archExp(x), math.Exp(x))
		check("Log", x, archLog(x), math.Log(x))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2_000_000; i++ {
		var x float64
		switch i % 6 {
		case 0:
			x = (r.Float64()*2 - 1) * 750
		case 1:
			x = (r.Float64()*2 - 1) * 10
		case 2:
			x = math.Float64frombits(r.Uint64())
		case 3:
			x = -708 - r.Float64()*40
		case 4:
			x = r.Float64() * 1e-305
		case 5:
			x = math.Float64frombits(r.Uint64() >> 12) // subnormal
		}
		check("Exp", x, archExp(x), math.Exp(x))
		check("Log", x, archLog(x), math.Log(x))
		check("Log", -x, archLog(-x), math.Log(-x))
	}
	if bad > 0 {
		fmt.Printf("%d results differ\n", bad)
		os.Exit(1)
	}
}
`

// TestReplacementsAreAmd64s: the replacements give amd64's results, bit for
// bit, on 2 million arguments of each kind and the special ones. amd64's
// Exp takes its FMA path on processors with AVX and FMA (what go run uses on
// any recent machine), which is the one replaced; elsewhere the test is
// skipped.
func TestReplacementsAreAmd64s(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("compares with amd64's assembly")
	}
	cpuinfo, err := os.ReadFile("/proc/cpuinfo")
	if err != nil || !regexp.MustCompile(`(?m)^flags\s*:.*\bfma\b`).Match(cpuinfo) || !regexp.MustCompile(`(?m)^flags\s*:.*\bavx\b`).Match(cpuinfo) {
		t.Skip("amd64's Exp takes its FMA path only with AVX and FMA")
	}
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"exp.go", "log.go"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "_amd64math", name))
		if err != nil {
			t.Fatal(err)
		}
		text := regexp.MustCompile(`(?m)^//go:build .*$`).ReplaceAllString(string(src), "")
		text = strings.Replace(text, "\npackage math\n", "\npackage main\n", 1)
		if !strings.Contains(text, "\npackage main\n") {
			t.Fatalf("%s is not a file of package math", name)
		}
		write(name, text)
	}
	write("shim.go", shim)
	write("main.go", compare)
	write("go.mod", "module check\n\ngo 1.26\n")
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOAMD64=v1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the replacements differ from amd64's math: %v\n%s", err, out)
	}
}
