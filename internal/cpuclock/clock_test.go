package cpuclock

import (
	"runtime"
	"testing"
	"time"
)

// The thread clock (-coldclock=thread, -budgetclock=thread) counts this thread's work, and
// not time spent asleep.
func TestThreadClock(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock, ok := Thread()
	if !ok {
		t.Skip("no thread CPU clock here")
	}
	t0 := clock()
	time.Sleep(30 * time.Millisecond)
	slept := clock().Sub(t0)
	t1 := clock()
	for x := 0; clock().Sub(t1) < 5*time.Millisecond; x++ {
		_ = x * x
	}
	if slept >= 15*time.Millisecond {
		t.Errorf("30 ms asleep counted %v", slept)
	}
	if busy := clock().Sub(t1); busy < 5*time.Millisecond || busy > time.Second {
		t.Errorf("5 ms of work counted %v", busy)
	}
}
