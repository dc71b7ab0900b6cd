// An error of a package (errors.New's, fmt.Errorf's) asserted or
// type-switched to an interface the program declares whose methods error
// already has, from an error or from any. The interpreter does not see
// the methods of a package's unexported type there and answered false.
package main

import (
	"errors"
	"fmt"
)

type errorer interface{ Error() string }

func describe(err error) string {
	switch e := err.(type) {
	case nil:
		return "no error"
	case errorer:
		return "errorer: " + e.Error()
	}
	return "unreachable"
}

func main() {
	err := errors.New("quota exceeded")
	e, ok := err.(errorer)
	fmt.Println(ok, e.Error())

	var a any = err
	_, ok = a.(errorer)
	fmt.Println(ok)

	wrapped := fmt.Errorf("call failed: %w", err)
	fmt.Println(describe(wrapped), describe(nil))

	var none error
	_, ok = none.(errorer)
	fmt.Println(ok)

	var s any = "not an error"
	_, ok = s.(errorer)
	fmt.Println(ok, err.(errorer).Error())
}
