//go:build linux || darwin

package clock

import (
	"syscall"
	"time"
)

// cpu returns the user and system CPU time of the whole process.
func (process) cpu() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return time.Since(processStart)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
