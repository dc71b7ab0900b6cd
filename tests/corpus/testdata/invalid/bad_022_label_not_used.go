package main

func main() {
outer:
	for i := 0; i < 2; i++ {
	}
}
