//go:build !linux

package golden

import "time"

// threadClock: no thread CPU clock outside Linux.
func threadClock() (clock func() time.Time, ok bool) { return nil, false }
