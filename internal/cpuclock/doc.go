// Package cpuclock reads the CPU time of the calling thread, for the
// benchmarks that must hold a budget on a machine others share (the cold
// map's -coldclock=thread, the budget benchmarks' -budgetclock=thread):
// the wall clock counts the other processes' turns, the thread's own CPU
// time does not.
package cpuclock
