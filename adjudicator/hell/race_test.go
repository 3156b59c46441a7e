//go:build race

package hell

const raceEnabled = true
