package main

func main() {
	for i := range 3 {
		v := i * 2
	}
}
