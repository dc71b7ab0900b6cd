package main

import "fmt"

func main() {
	cfg := struct {
		Retries int
		Jitter  bool
	}{3, true}
	fmt.Printf("%v %+v\n", cfg, cfg)
	points := []struct{ X, Y int }{{1, 2}, {3, 4}}
	for _, p := range points {
		fmt.Print(p.X+p.Y, " ")
	}
	fmt.Println()
	type key struct {
		host string
		port int
	}
	seen := map[key]bool{{"a", 80}: true}
	fmt.Println(seen[key{"a", 80}], seen[key{"a", 81}])
	fmt.Println(key{"a", 1} == key{"a", 1})
}
