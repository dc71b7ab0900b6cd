package main

import "fmt"

type HTTPError struct{ Code int }

func (e HTTPError) Error() string { return fmt.Sprint("http ", e.Code) }

type Code int

func (c Code) Error() string { return "code" }

// Outer gets its Error method from HTTPError, so the front end does not
// look for HTTPError values through their Error method here, and in the
// interpreter's wrapper of error an HTTPError{503} is held as its Code
// field, an int: err == Code(503) was true (go run prints false).
type Outer struct{ HTTPError }

func main() {
	var err error = HTTPError{503}
	fmt.Println(err == Code(503))
	fmt.Println(Outer{}.Code)
}
