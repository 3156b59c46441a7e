//go:build !unix

package benchkit

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
