package main

import (
	"container/list"
	"fmt"
)

type job interface{ ID() int }

type task struct{ id int }

func (t *task) ID() int { return t.id }

func newTask(id int) *task { return &task{id} }

func ids(js []job) []int {
	var out []int
	for _, j := range js {
		out = append(out, j.ID())
	}
	return out
}

func main() {
	var appended []job
	byID := map[int]job{}
	fixed := make([]job, 3)
	queue := make(chan job, 3)
	l := list.New()
	for i := 1; i <= 3; i++ {
		appended = append(appended, &task{i})
		byID[i] = newTask(i)
		fixed[i-1] = &task{i}
		queue <- &task{i}
		l.PushBack(job(&task{i}))
	}
	fmt.Println("appended:", ids(appended))
	fmt.Println("in a map:", ids([]job{byID[1], byID[2], byID[3]}))
	fmt.Println("by index:", ids(fixed))
	fmt.Println("sent:", ids([]job{<-queue, <-queue, <-queue}))
	var listed []job
	for e := l.Front(); e != nil; e = e.Next() {
		listed = append(listed, e.Value.(job))
	}
	fmt.Println("in a list:", ids(listed))
}
