// Error and String methods that panic with a value of their own (a
// string, an error, a value of the program's type) while fmt prints
// them: fmt recovers each panic, prints its value in place of the
// method's text and the program goes on, in main and in a goroutine.
package main

import (
	"errors"
	"fmt"
)

type apiError struct{ code int }

func (e *apiError) Error() string {
	if e.code == 0 {
		panic("no code")
	}
	return fmt.Sprintf("api error %d", e.code)
}

type Endpoint string

func (n Endpoint) String() string {
	if n == "" {
		panic(errors.New("empty endpoint"))
	}
	return "/" + string(n)
}

type retryState struct{ tries int }

type limitError struct {
	limit int
	unit  string
}

func (l *limitError) Error() string { return fmt.Sprint("over the limit of ", l.limit, " ", l.unit) }

type Backoff int

func (b Backoff) String() string {
	if b < 0 {
		panic(retryState{int(-b)})
	}
	if b > 60000 {
		panic(&limitError{60000, "ms"})
	}
	return fmt.Sprintf("%dms", int(b))
}

func main() {
	var err error = &apiError{0}
	fmt.Println(err)
	fmt.Println(&apiError{503})
	fmt.Printf("%s|%d|%v\n", Endpoint(""), Endpoint("x"), Endpoint("orders"))
	s := fmt.Sprintf("%v", Backoff(-3))
	fmt.Println(s, len(s))
	fmt.Println(Backoff(250), fmt.Sprint(err), Backoff(90000))
	done := make(chan bool)
	go func() {
		fmt.Println("worker:", err, Endpoint(""))
		done <- true
	}()
	<-done
	fmt.Println("still running")
}
