// A struct error with a value-receiver Unwrap() []error holding struct
// errors, behind %w: errors.As, errors.Is (a sentinel and struct
// targets), errors.AsType and assertions of what it holds.
package main

import (
	"errors"
	"fmt"
)

var ErrTimeout = errors.New("timeout")

type Multi struct {
	Op   string
	Errs []error
}

func (m Multi) Error() string   { return fmt.Sprintf("%s: %d errors", m.Op, len(m.Errs)) }
func (m Multi) Unwrap() []error { return m.Errs }

type Status struct{ Code int }

func (s Status) Error() string { return fmt.Sprint("status ", s.Code) }

func main() {
	m := Multi{"batch", []error{Status{429}, fmt.Errorf("x: %w", ErrTimeout), Status{503}}}
	err := fmt.Errorf("run: %w", m)
	var s Status
	fmt.Println(errors.As(err, &s), s.Code)
	fmt.Println(errors.Is(err, ErrTimeout), errors.Is(err, Status{503}), errors.Is(err, Status{500}))
	var mm Multi
	fmt.Println(errors.As(err, &mm), mm.Op, len(mm.Errs))
	if got, ok := errors.AsType[Multi](err); ok {
		fmt.Println("astype", got.Op)
	}
	switch e := errors.Unwrap(err).(type) {
	case Multi:
		for _, x := range e.Errs {
			if st, ok := x.(Status); ok {
				fmt.Println("status in multi", st.Code)
			}
		}
	}
}
