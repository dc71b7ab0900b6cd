package main

import (
	"fmt"
	"strings"
)

func main() {
	var b strings.Builder
	for i := range 3 {
		fmt.Fprintf(&b, "[%d]", i)
	}
	b.WriteString(" done")
	b.WriteByte('!')
	b.WriteRune('✓')
	fmt.Println(b.String(), b.Len())
	parts := strings.Split("a,b,,c", ",")
	fmt.Printf("%q %d\n", parts, len(parts))
	fmt.Println(strings.Fields("  retry   with  backoff "))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "-"))
	fmt.Println(strings.Repeat("ab", 3), strings.ToUpper("go"), strings.TrimSpace("  t  "))
	fmt.Println(strings.HasPrefix("Retry-After", "Retry"), strings.Contains("flaky", "ak"), strings.Index("chicken", "ken"))
	fmt.Println(strings.ReplaceAll("a-b-c", "-", "+"), strings.TrimPrefix("v1.2", "v"), strings.EqualFold("Go", "GO"))
	before, after, found := strings.Cut("key=value", "=")
	fmt.Println(before, after, found)
}
