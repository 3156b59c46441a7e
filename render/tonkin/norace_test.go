//go:build !race

package tonkinmap

const raceEnabled = false
