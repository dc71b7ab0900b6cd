// Goroutines that print past the output cap, then keep printing.
//
// want: [output truncated
// clean: yes
package main

import "fmt"

func main() {
	for i := range 4 {
		go func() {
			for {
				fmt.Println("flood from", i)
			}
		}()
	}
	for {
		fmt.Println("flood from main")
	}
}
