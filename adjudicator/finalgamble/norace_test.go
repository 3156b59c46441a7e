//go:build !race

package finalgamble

const raceEnabled = false
