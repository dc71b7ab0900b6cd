// go p.M() for a value method M and a pointer p copies *p at the go
// statement: the goroutine does not see what the program changes in *p
// afterwards. The interpreter handed the goroutine the pointer, and it
// printed the changed values.
package main

import (
	"fmt"
	"sync"
)

type reading struct {
	sensor string
	value  int
}

func (r reading) report(wg *sync.WaitGroup, ready <-chan bool, out chan<- string) {
	defer wg.Done()
	<-ready
	out <- fmt.Sprint(r.sensor, "=", r.value)
}

func main() {
	var wg sync.WaitGroup
	ready := make(chan bool)
	out := make(chan string, 4)
	r := &reading{"temp", 21}
	wg.Add(1)
	go r.report(&wg, ready, out)
	r.value = 99
	for i := range 3 {
		p := &reading{fmt.Sprint("s", i), i}
		wg.Add(1)
		go p.report(&wg, ready, out)
		p.value = -1
	}
	close(ready)
	wg.Wait()
	close(out)
	var got []string
	for s := range out {
		got = append(got, s)
	}
	for _, want := range []string{"temp=21", "s0=0", "s1=1", "s2=2"} {
		found := false
		for _, s := range got {
			found = found || s == want
		}
		fmt.Println(want, found)
	}
}
