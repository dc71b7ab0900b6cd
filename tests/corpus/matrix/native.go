package matrix

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
)

// RunNatively builds every case into one binary with the go command and
// runs it once per case, a few at a time.
func RunNatively(cases []Case) (map[string]Want, error) {
	dir, err := os.MkdirTemp("", "matrix")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(Combined(cases)), 0o644); err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "matrix")
	build := exec.Command("go", "build", "-o", bin, src)
	build.Dir = dir
	build.Env = append(os.Environ(), "GO111MODULE=off", "GOOS=", "GOARCH=")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build: %v\n%s", err, out)
	}
	got := make(map[string]Want, len(cases))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(2, runtime.NumCPU()))
	var firstErr error
	for _, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			var stdout bytes.Buffer
			cmd := exec.Command(bin, c.Name)
			cmd.Stdout = &stdout
			exit := 0
			if err := cmd.Run(); err != nil {
				var ee *exec.ExitError
				if !errors.As(err, &ee) {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				exit = ee.ExitCode()
			}
			mu.Lock()
			got[c.Name] = Want{Hash: c.Hash(), Stdout: Normalize(stdout.String()), Exit: exit}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return got, firstErr
}
