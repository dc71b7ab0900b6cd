package storm

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var updateREADME = flag.Bool("update-readme", false, "recompute the tables in README.md")

// Seeds the README tables average over.
const (
	readmeContentionSeeds = 50
	readmeOverloadSeeds   = 10
)

// TestUpdateREADME recomputes the result tables of README.md. It runs only
// when asked:
//
//	go test ./core/storm -run TestUpdateREADME -update-readme
func TestUpdateREADME(t *testing.T) {
	if !*updateREADME {
		t.Skip("run with -update-readme to recompute the README tables")
	}
	doc, err := os.ReadFile("README.md")
	require.NoError(t, err)
	doc = replaceBetween(t, doc, "contention", contentionTable(t))
	doc = replaceBetween(t, doc, "overload", overloadTable(t))
	require.NoError(t, os.WriteFile("README.md", doc, 0o644))
}

// replaceBetween replaces what lies between the markers
// <!-- begin name --> and <!-- end name --> with text.
func replaceBetween(t *testing.T, doc []byte, name, text string) []byte {
	begin, end := []byte("<!-- begin "+name+" -->\n"), []byte("<!-- end "+name+" -->")
	i, j := bytes.Index(doc, begin), bytes.Index(doc, end)
	require.True(t, i >= 0 && j > i, "README.md lacks the %s markers", name)
	var out bytes.Buffer
	out.Write(doc[:i+len(begin)])
	out.WriteString(text)
	out.Write(doc[j:])
	return out.Bytes()
}

var tableStrategies = []Strategy{Immediate, Exponential, FullJitter, EqualJitter, Decorrelated}

func contentionTable(t *testing.T) string {
	seeds := make([]uint64, readmeContentionSeeds)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	header := "| clients |"
	for _, s := range tableStrategies {
		header += " " + s.String() + " |"
	}
	header += "\n|---:|" + strings.Repeat("---:|", len(tableStrategies)) + "\n"
	var calls, times strings.Builder
	calls.WriteString(header)
	times.WriteString(header)
	for n := 10; n <= 190; n += 10 {
		fmt.Fprintf(&calls, "| %d |", n)
		fmt.Fprintf(&times, "| %d |", n)
		for _, s := range tableStrategies {
			c, d := mean(t, ContentionConfig{Clients: n, Strategy: s}, seeds)
			fmt.Fprintf(&calls, " %.0f |", c)
			fmt.Fprintf(&times, " %.2f s |", d.Seconds())
		}
		calls.WriteString("\n")
		times.WriteString("\n")
	}
	return fmt.Sprintf("Each figure is the mean of %d seeded runs.\n\nCalls (writes the row received):\n\n%s\nCompletion (when the last client finished):\n\n%s",
		readmeContentionSeeds, calls.String(), times.String())
}

func overloadTable(t *testing.T) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The default Config (100 clients, 150 requests/s, outage from 10 s to 25 s), each figure the mean of %d seeded runs.\n\n", readmeOverloadSeeds)
	b.WriteString("| strategy | calls | failed calls | requests not done | peak calls per 100 ms after the outage | completion |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|\n")
	for _, s := range Strategies() {
		var calls, failed, notDone, peak float64
		var done time.Duration
		for seed := range uint64(readmeOverloadSeeds) {
			r := run(t, Config{Strategy: s, Seed: seed + 1})
			calls += float64(r.TotalCalls)
			failed += float64(r.Failures)
			notDone += float64(r.GaveUp + r.Unfinished)
			peak += float64(peakOffered(r, DefaultOutageEnd, r.Completion+1))
			done += r.Completion
		}
		k := float64(readmeOverloadSeeds)
		fmt.Fprintf(&b, "| %s | %.0f | %.0f | %.0f | %.0f | %.1f s |\n",
			s, calls/k, failed/k, notDone/k, peak/k, done.Seconds()/k)
	}
	return b.String()
}
