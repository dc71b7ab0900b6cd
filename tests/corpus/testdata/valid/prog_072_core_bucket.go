package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

func main() {
	b, err := bucket.New(3, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 6 {
		now := t0.Add(time.Duration(i) * 250 * time.Millisecond)
		fmt.Printf("t=%v allow=%v tokens=%.2f\n", now.Sub(t0), b.AllowAt(now), b.TokensAt(now))
	}
	wait, ok := b.WaitAt(t0.Add(1500*time.Millisecond), 1)
	fmt.Println("wait", wait, ok)
	_, err = bucket.New(-1, 1)
	fmt.Println(err)
}
