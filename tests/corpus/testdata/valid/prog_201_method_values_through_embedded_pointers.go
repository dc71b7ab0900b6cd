package main

import "fmt"

// Method values taken through an embedded pointer and through a pointer
// field, returned from functions, then the promoted method called
// directly.

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Log(s string) { l.lines = append(l.lines, l.prefix+s) }

type Service struct {
	*Logger
	Name string
}

type Worker struct {
	Out  *Logger
	Name string
}

func logFuncOf(s Service) func(string) { return s.Logger.Log }

func (w *Worker) sink() func(string) { return w.Out.Log }

func main() {
	s := Service{&Logger{prefix: "[svc] "}, "api"}
	log := s.Log
	log("start")
	s.Logger = &Logger{prefix: "[new] "}
	log("bound to the first logger")
	s.Log("direct")
	viaFunc := logFuncOf(s)
	viaFunc("through a function")
	fmt.Println(s.lines)
	w := &Worker{Out: &Logger{prefix: "[w] "}, Name: "w1"}
	out := w.sink()
	w.Out = &Logger{prefix: "[w2] "}
	out("first")
	w.Out.Log("second")
	handlers := []func(string){s.Logger.Log, w.Out.Log}
	for i, h := range handlers {
		h(fmt.Sprint("handler ", i))
	}
	fmt.Println(s.lines, w.Out.lines)
}
