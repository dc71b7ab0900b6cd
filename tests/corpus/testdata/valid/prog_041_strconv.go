package main

import (
	"fmt"
	"strconv"
)

func main() {
	n, err := strconv.Atoi("123")
	fmt.Println(n+1, err)
	_, err = strconv.Atoi("12a")
	fmt.Println(err)
	f, _ := strconv.ParseFloat("2.5e3", 64)
	fmt.Println(f)
	b, _ := strconv.ParseBool("true")
	fmt.Println(b, strconv.Itoa(-45), strconv.Quote("tab\there"))
	fmt.Println(strconv.FormatInt(255, 2), strconv.FormatInt(255, 16), strconv.FormatFloat(1.0/3, 'f', 4, 64))
	v, err := strconv.ParseInt("7fffffffffffffff", 16, 64)
	fmt.Println(v, err)
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(err)
	secs, err := strconv.Atoi("120")
	fmt.Println("Retry-After seconds:", secs, err == nil)
}
