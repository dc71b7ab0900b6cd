package main

func main() {
	s := "abc"
	s[0] = 'x'
}
