package main

import "fmt"

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Log(msg string) { l.lines = append(l.lines, l.prefix+msg) }

type Client struct {
	*Logger
	Name    string
	retries int
}

type Base struct{ ID int }

func (b Base) Describe() string { return fmt.Sprintf("base#%d", b.ID) }

type Derived struct {
	Base
	Extra string
}

func main() {
	c := Client{Logger: &Logger{prefix: "[c] "}, Name: "api"}
	c.Log("start")
	c.retries++
	c.Log(fmt.Sprint("retries=", c.retries))
	fmt.Println(c.lines, c.prefix)
	d := Derived{Base{7}, "x"}
	fmt.Println(d.Describe(), d.ID, d.Base.ID)
	fmt.Printf("%+v\n", d)
}
