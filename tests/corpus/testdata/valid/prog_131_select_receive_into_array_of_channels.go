package main

import "fmt"

// Two producers answer on channels kept in an array behind a pointer; the
// select receives into a variable that already exists.
func collect(reqs *[2]chan int, dats *[2]chan string) []string {
	var got []string
	var it string
	for i := range reqs {
		go func(i int) {
			for n := range reqs[i] {
				dats[i] <- fmt.Sprintf("p%d:%d", i, n)
			}
		}(i)
	}
	pending := 0
	for n := 0; n < 3; n++ {
		reqs[n%2] <- n
		pending++
		select {
		case it = <-dats[0]:
			got = append(got, it)
		case it = <-dats[1]:
			got = append(got, it)
		}
		pending--
	}
	return got
}

func main() {
	reqs := new([2]chan int)
	dats := new([2]chan string)
	for i := range reqs {
		reqs[i] = make(chan int)
		dats[i] = make(chan string)
	}
	fmt.Println(collect(reqs, dats))
}
