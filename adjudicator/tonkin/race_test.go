//go:build race

package tonkin

const raceEnabled = true
