//go:build unix

package benchkit

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has spent, all its threads
// (the garbage collector's included): a figure a machine others share
// does not inflate as it does the wall clock.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
