// A []any spread into Errorf with a %w verb in a program whose types have
// String or Error methods: the error the program wraps would not be
// found by errors.Is and errors.As as in Go; it is refused. Go prints
// load: http 503 true.
package main

import (
	"errors"
	"fmt"
)

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return fmt.Sprintf("http %d", e.Code) }

func wrap(format string, args ...any) error { return fmt.Errorf(format, args...) }

func main() {
	err := fmt.Errorf("load: %w", []any{&HTTPError{503}}...)
	var he *HTTPError
	fmt.Println(err, errors.As(err, &he))
	_ = wrap("x %v", 1)
}
