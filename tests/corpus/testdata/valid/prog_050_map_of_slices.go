package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	byHost := map[string][]int{}
	log := []string{"a:500", "b:200", "a:503", "c:429", "a:200"}
	for _, entry := range log {
		host, code, _ := strings.Cut(entry, ":")
		var n int
		fmt.Sscanf(code, "%d", &n)
		byHost[host] = append(byHost[host], n)
	}
	hosts := make([]string, 0, len(byHost))
	for h := range byHost {
		hosts = append(hosts, h)
	}
	sort.Strings(hosts)
	for _, h := range hosts {
		fmt.Println(h, byHost[h], len(byHost[h]))
	}
}
