// Your first run: press Run. Then change the 3 to 5 and run it again.
package main

import "fmt"

func main() {
	for attempt := 1; attempt <= 3; attempt++ {
		fmt.Println("attempt", attempt, "failed, trying again")
	}
	fmt.Println("giving up: blind retries only add load")
}
