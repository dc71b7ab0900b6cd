// An init that never returns, with a goroutine printing alongside; the
// time limit stops it.
//
// endless: yes
// clean: yes
// busy: yes
package main

import (
	"fmt"
	"time"
)

func init() {
	go func() {
		for {
			fmt.Println("alongside")
			time.Sleep(time.Second)
		}
	}()
	for n := 0; ; n++ {
	}
}

func main() {}
