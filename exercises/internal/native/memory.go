package native

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// watchMemory kills proc once its resident memory goes over limit,
// recording the size it saw in over, until done is closed. It reads
// /proc/<pid>/status, so it works on Linux; elsewhere only the child's
// own runtime memory limit applies.
func watchMemory(proc *os.Process, limit int64, over *atomic.Int64, done <-chan struct{}) {
	if limit <= 0 {
		return
	}
	tick := time.NewTicker(memoryPoll)
	defer tick.Stop()
	status := fmt.Sprintf("/proc/%d/status", proc.Pid)
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		rss, ok := residentBytes(status)
		if !ok {
			continue
		}
		if rss > limit {
			over.Store(rss)
			_ = proc.Kill()
			return
		}
	}
}

// residentBytes reads VmRSS from a /proc status file.
func residentBytes(status string) (int64, bool) {
	f, err := os.Open(status)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		rest, ok := strings.CutPrefix(s.Text(), "VmRSS:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0, false
		}
		return kb << 10, true
	}
	return 0, false
}

// AvailableMemory reads MemAvailable from /proc/meminfo; 0 when unknown.
func AvailableMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		rest, ok := strings.CutPrefix(s.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}

// SafeParallel is how many checks may run at once: one per CPU, at most
// four, and no more than half the available memory allows at memory bytes
// each.
func SafeParallel(cpus int, memory, available int64) int {
	n := min(cpus, 4)
	if memory > 0 && available > 0 {
		n = min(n, int(available/2/memory))
	}
	return max(n, 1)
}
