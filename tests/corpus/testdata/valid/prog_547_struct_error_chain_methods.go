// A value-receiver Is method and an interface (Temporary) asserted from
// error, errors.AsType, unexported struct and array fields, a case
// listing a pointer type and a struct type, and == of errors holding
// struct values.
package main

import (
	"errors"
	"fmt"
)

type Addr struct {
	Host string
	Port int
}

type dialError struct {
	addr    Addr
	attempt int
	codes   [2]int
}

func (d dialError) Error() string {
	return fmt.Sprintf("dial %s:%d (attempt %d)", d.addr.Host, d.addr.Port, d.attempt)
}

type RateLimited struct {
	RetryAfter int
}

func (r RateLimited) Error() string   { return "rate limited" }
func (r RateLimited) Temporary() bool { return true }
func (r RateLimited) Is(target error) bool {
	t, ok := target.(RateLimited)
	return ok && (t.RetryAfter == 0 || t.RetryAfter == r.RetryAfter)
}

type temporary interface{ Temporary() bool }

type PErr struct{ N int }

func (p *PErr) Error() string { return fmt.Sprint("perr ", p.N) }

func attempt(i int) error {
	switch i {
	case 0:
		return dialError{Addr{"db", 5432}, i, [2]int{1, 2}}
	case 1:
		return fmt.Errorf("op: %w", RateLimited{30})
	case 2:
		return &PErr{2}
	case 3:
		return errors.Join(errors.New("x"), fmt.Errorf("y: %w", dialError{Addr{"cache", 6379}, i, [2]int{}}))
	}
	return nil
}

func main() {
	var saved []error
	for i := 0; i < 5; i++ {
		err := attempt(i)
		saved = append(saved, err)
		var de dialError
		if errors.As(err, &de) {
			fmt.Printf("%d dial %v | %+v | %s %d %v\n", i, de, de, de.addr.Host, de.attempt, de.codes)
		}
		if d, ok := errors.AsType[dialError](err); ok {
			fmt.Println(i, "astype", d.addr)
		}
		var t temporary
		if errors.As(err, &t) {
			fmt.Println(i, "temporary", t.Temporary())
		}
		if tt, ok := errors.Unwrap(err).(temporary); ok {
			fmt.Println(i, "unwrapped temporary", tt.Temporary())
		}
		fmt.Println(i, errors.Is(err, RateLimited{}), errors.Is(err, RateLimited{30}), errors.Is(err, RateLimited{5}))
		var rl RateLimited
		if errors.As(err, &rl) {
			fmt.Println(i, "retry after", rl.RetryAfter, rl == RateLimited{30})
		}
		switch e := err.(type) {
		case *PErr, dialError:
			fmt.Printf("%d ptr or dial: %v\n", i, e)
		case nil:
			fmt.Println(i, "nil")
		}
	}
	for i, e := range saved {
		for j, f := range saved {
			if i < j && e == f {
				fmt.Println("same", i, j)
			}
		}
	}
	fmt.Println(saved[0] == dialError{Addr{"db", 5432}, 0, [2]int{1, 2}}, saved[0] != dialError{})
}
