package main

import (
	"fmt"
	"sort"
	"strings"
)

type Codes []int

func (c Codes) Len() int           { return len(c) }
func (c Codes) Less(i, j int) bool { return c[i] < c[j] }
func (c Codes) Swap(i, j int)      { c[i], c[j] = c[j], c[i] }

func (c Codes) Retryable() Codes {
	var out Codes
	for _, code := range c {
		if code == 429 || code >= 500 {
			out = append(out, code)
		}
	}
	return out
}

type Headers map[string]string

func (h Headers) Get(k string) string { return h[strings.ToLower(k)] }

func main() {
	c := Codes{503, 200, 429, 500, 404}
	sort.Sort(c)
	fmt.Println(c, c.Retryable(), len(c))
	h := Headers{"retry-after": "120"}
	fmt.Println(h.Get("Retry-After"), len(h))
}
