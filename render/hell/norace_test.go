//go:build !race

package hellmap

const raceEnabled = false
