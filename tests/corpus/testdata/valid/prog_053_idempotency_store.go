package main

import (
	"fmt"
	"sort"
)

type Response struct {
	Status int
	Body   string
}

type Store struct {
	seen map[string]Response
	runs int
}

func (s *Store) Do(key string, handler func() Response) (Response, bool) {
	if r, ok := s.seen[key]; ok {
		return r, true
	}
	s.runs++
	r := handler()
	s.seen[key] = r
	return r, false
}

func main() {
	s := &Store{seen: map[string]Response{}}
	charge := func(amount int) func() Response {
		return func() Response { return Response{201, fmt.Sprintf("charged %d", amount)} }
	}
	for _, key := range []string{"k1", "k2", "k1", "k1", "k3"} {
		r, replay := s.Do(key, charge(len(key)*10))
		fmt.Printf("%s -> %+v replay=%v\n", key, r, replay)
	}
	keys := make([]string, 0)
	for k := range s.seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println(keys, s.runs)
}
