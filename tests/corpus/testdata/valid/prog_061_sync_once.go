package main

import (
	"fmt"
	"sync"
)

type Config struct{ loaded int }

var (
	once sync.Once
	cfg  *Config
)

func get() *Config {
	once.Do(func() {
		cfg = &Config{}
		cfg.loaded++
	})
	return cfg
}

func main() {
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			get()
		}()
	}
	wg.Wait()
	fmt.Println(get().loaded)
	var rw sync.RWMutex
	rw.RLock()
	rw.RLock()
	rw.RUnlock()
	rw.RUnlock()
	rw.Lock()
	fmt.Println("locked")
	rw.Unlock()
}
