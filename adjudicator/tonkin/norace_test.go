//go:build !race

package tonkin

const raceEnabled = false
