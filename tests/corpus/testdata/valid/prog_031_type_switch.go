package main

import (
	"errors"
	"fmt"
)

type Temporary interface{ Temporary() bool }

type netErr struct{}

func (*netErr) Error() string   { return "net" }
func (*netErr) Temporary() bool { return true }

func kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v", x)
	case string:
		return "string of " + fmt.Sprint(len(x))
	case []int:
		return fmt.Sprintf("slice len %d", len(x))
	case error:
		return "error " + x.Error()
	case fmt.Stringer:
		return "stringer"
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func main() {
	for _, v := range []any{nil, 3, int64(4), "abc", []int{1}, errors.New("e"), 2.5} {
		fmt.Println(kind(v))
	}
	var t any = &netErr{}
	if tmp, ok := t.(Temporary); ok {
		fmt.Println("temporary", tmp.Temporary())
	}
}
