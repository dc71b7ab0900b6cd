// Values taken when Go takes them: method values copy their receiver
// (and fail at once on a nil pointer), a select case sends a value with
// its type, a range over a string gives byte offsets even across invalid
// bytes, a function returned as an interface keeps its type, and a
// switch compares interface values as == does.
package main

import "fmt"

type Limit struct{ n int }

func (l Limit) Max() int { return l.n }

type Holder struct{ *Limit }

type Code int

func (Code) Retryable() bool { return true }

type Celsius float64

func pick(name string) any {
	if name == "self" {
		return pick
	}
	return name
}

func main() {
	l := Limit{3}
	max := l.Max
	l.n = 10
	fmt.Println(max(), l.Max())

	var p *Limit
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil) }()
		f := p.Max
		fmt.Println("not reached", f)
	}()
	var h Holder
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil) }()
		f := h.Max
		fmt.Println("not reached", f)
	}()

	ch := make(chan any, 1)
	done := make(chan bool)
	go func() {
		select {
		case ch <- Code(503):
		case <-done:
		}
	}()
	got := <-ch
	fmt.Printf("%T %v\n", got, got == Code(503))

	for i, r := range "a\xffb€" {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	var at int
	for at = range "\xca\xfeok" {
	}
	fmt.Println("last offset", at)

	switch f := pick("self").(type) {
	case func(string) any:
		fmt.Println("a function:", f("x"))
	default:
		fmt.Println("something else")
	}

	switch v := any(true); {
	case v:
		fmt.Println("tagless case on an interface")
	}
	switch x := any(1.0); x {
	case 1:
		fmt.Println("int 1")
	case Celsius(1):
		fmt.Println("Celsius 1")
	case 1.0:
		fmt.Println("float64 1")
	}
}
