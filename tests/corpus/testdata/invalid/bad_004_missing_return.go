package main

import "fmt"

func classify(code int) string {
	if code >= 500 {
		return "retry"
	}
}

func main() {
	fmt.Println(classify(503))
}
