package main

import "fmt"

type MyInt int
type Celsius float64
type Code int
type Names []string

type Status int

func (s Status) Failed() bool { return s != 0 }

type Point struct{ X, Y int }
type Vector struct{ X, Y int }

type click struct{ x int }
type key struct{ r rune }

func kind(x any) string {
	switch v := x.(type) {
	case int:
		return fmt.Sprint("int ", v)
	case MyInt:
		return fmt.Sprint("MyInt ", v)
	case float64:
		return "float64"
	case Celsius:
		return "Celsius"
	case Status:
		return fmt.Sprint("Status failed=", v.Failed())
	case Point:
		return "Point"
	case Vector:
		return "Vector"
	case []string:
		return "[]string"
	case Names:
		return fmt.Sprint("Names ", len(v))
	}
	return "other"
}

func event(e any) string {
	switch e.(type) {
	case click:
		return "click"
	case key:
		return "key"
	case *click:
		return "*click"
	}
	return "unknown"
}

func main() {
	fmt.Println(kind(MyInt(1)), kind(1), kind(Celsius(2)), kind(2.0), kind(Status(1)))
	fmt.Println(kind(Point{}), kind(Vector{}), kind(Names{"a"}), kind([]string{}))
	var c any = Celsius(3)
	f, ok := c.(float64)
	fmt.Println(f, ok)
	_, ok = c.(Celsius)
	fmt.Println(ok)
	fmt.Println(any(Code(1)) == 1, any(Code(1)) == Code(1), any(1) == any(MyInt(1)))
	s := Status(1)
	a := any(s)
	st, ok := a.(Status)
	fmt.Println(st, ok, a == any(1), a == any(s))
	m := map[any]string{}
	m[1] = "int"
	m[MyInt(1)] = "myint"
	fmt.Println(len(m), m[1], m[MyInt(1)])
	var e any = MyInt(5)
	if v, ok := e.(int); ok {
		fmt.Println("wrongly int", v)
	} else {
		fmt.Println("not int")
	}
	fmt.Printf("%T %v %T %T\n", e, e, any(Point{}), a)
	fmt.Println(event(click{1}), event(key{'a'}), event(&click{2}), event(3))
}
