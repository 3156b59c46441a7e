//go:build !linux

package cpuclock

import "time"

// Thread: no thread CPU clock outside Linux.
func Thread() (clock func() time.Time, ok bool) { return nil, false }
