package main

import "fmt"

type I interface{ M() }

type T struct{ S string }

func (t *T) M() { fmt.Println(t.S) }

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

func describe(i I) { fmt.Printf("(%v, %T)\n", i, i) }

func kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case *T:
		return "T " + x.S
	case Rect:
		return fmt.Sprint("rect ", x.W)
	case error:
		return "error " + x.Error()
	case int:
		return "int"
	}
	return "other"
}

func log(vs ...any) {
	for _, v := range vs {
		if err, ok := v.(error); ok {
			fmt.Print("err:", err, " ")
			continue
		}
		fmt.Print(kind(v), " ")
	}
	fmt.Println()
}

func asAny(s Shape) any { return s }

func main() {
	var i I
	describe(i)
	fmt.Println(kind(i))
	i = &T{"hello"}
	describe(i)
	fmt.Println(kind(i))

	var s Shape
	var a any = s
	n, ok := a.(int)
	fmt.Println(n, ok, a == nil)
	_, ok = a.(Rect)
	fmt.Println(ok)
	_, ok = asAny(s).(*Rect)
	fmt.Println(ok)
	fmt.Printf("%v %T\n", s, s)

	var err error
	log(s, err, Shape(Rect{2, 3}), fmt.Errorf("boom"), 7)
	list := []any{s, err}
	m := map[string]any{"s": s, "e": err}
	fmt.Println(kind(list[0]), kind(list[1]), kind(m["s"]), kind(m["e"]))
	var ae any = err
	_, ok = ae.(interface{ Error() string })
	fmt.Println(ok)
}
