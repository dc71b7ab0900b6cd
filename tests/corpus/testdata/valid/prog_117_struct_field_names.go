package main

import (
	"fmt"
	"os"
	"time"
)

type cfg struct {
	retries int
	name    string
	Inner   struct{ a, B int }
}

type base struct{ id int }

type Item struct {
	base
	Tags  []string
	price float64
	owner *user
	when  time.Duration
}

type user struct {
	name  string
	admin bool
}

type grid [2][2]cell

type cell struct{ on bool }

func main() {
	c := cfg{retries: 3, name: "x"}
	fmt.Printf("%+v\n", c)
	fmt.Printf("%+v %+v\n", &c, []cfg{c, {retries: 1}})
	it := Item{base: base{7}, Tags: []string{"a", "b"}, price: 9.5, when: time.Second}
	fmt.Printf("%+v\n", it)
	fmt.Printf("%+v\n", map[string]user{"b": {"bob", false}, "a": {"ann", true}})
	fmt.Printf("%+v\n", grid{{{true}, {false}}, {{false}, {true}}})
	fmt.Printf("%+v\n", struct {
		n    int
		Name string
	}{1, "one"})
	fmt.Printf("[%+8v] [%-6v] [%+v]\n", user{"z", true}, base{3}, [1]base{{4}})
	s := fmt.Sprintf("%+v", c)
	fmt.Println(s, len(s))
	fmt.Fprintf(os.Stdout, "%+v\n", user{"out", false})
	err := fmt.Errorf("config %+v rejected", c)
	fmt.Println(err)
	var nilUser *user
	fmt.Printf("%+v %+v\n", nilUser, []*user{nil})
	fmt.Printf("%v %+v\n", c, c.Inner)
}
