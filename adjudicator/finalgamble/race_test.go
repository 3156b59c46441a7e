//go:build race

package finalgamble

const raceEnabled = true
