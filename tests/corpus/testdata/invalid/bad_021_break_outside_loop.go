package main

func main() {
	if true {
		break
	}
}
