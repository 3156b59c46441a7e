//go:build !race

package lostvalley

const raceEnabled = false
