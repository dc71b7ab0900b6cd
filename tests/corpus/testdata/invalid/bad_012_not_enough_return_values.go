package main

func parse(s string) (int, error) {
	return 0
}

func main() {
	_, _ = parse("x")
}
