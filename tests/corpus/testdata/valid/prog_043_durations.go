package main

import (
	"fmt"
	"time"
)

func main() {
	d := 1500 * time.Millisecond
	fmt.Println(d, d.Seconds(), d.Milliseconds())
	fmt.Println(2*time.Minute+30*time.Second, time.Duration(90)*time.Second)
	parsed, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(parsed, err, parsed.Round(time.Minute), parsed.Truncate(time.Hour))
	t0 := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	t1 := t0.Add(36 * time.Hour)
	fmt.Println(t1.Format(time.RFC3339), t1.Sub(t0), t1.After(t0), t1.Weekday())
	deadline := t0.Add(5 * time.Second)
	fmt.Println(deadline.Sub(t0) > 4*time.Second)
	fmt.Println(t0.Format("2006-01-02 15:04"), t0.Unix())
}
