//go:build !race

package sections

// raceSlowdown is how many times slower the race detector makes a render
// loop, for the time bounds of tests (1: it is off).
const raceSlowdown = 1
