//go:build !race

package hell

const raceEnabled = false
