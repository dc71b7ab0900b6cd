package main

import (
	"errors"
	"fmt"
)

func safeDivide(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("recovered: division failed")
		}
	}()
	return a / b, nil
}

func order() {
	for i := range 3 {
		defer fmt.Println("deferred", i)
	}
	fmt.Println("body")
}

func main() {
	fmt.Println(safeDivide(10, 2))
	fmt.Println(safeDivide(1, 0))
	order()
	func() {
		defer func() {
			fmt.Println("got:", recover())
		}()
		panic("boom")
	}()
}
