package gotest

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// DefaultTimeout is each program's time limit.
const DefaultTimeout = 20 * time.Second

// GorootTest returns $(go env GOROOT)/test.
func GorootTest() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", errors.New("go env GOROOT: " + err.Error())
	}
	return filepath.Join(strings.TrimSpace(string(out)), "test"), nil
}

// ModuleRoot returns the directory of the flakylab module (go env GOMOD).
func ModuleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", errors.New("go env GOMOD: " + err.Error())
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == "/dev/null" {
		return "", errors.New("not inside the flakylab module")
	}
	return filepath.Dir(mod), nil
}
