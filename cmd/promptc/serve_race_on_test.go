//go:build race

package main

// raceServer: under -race the load tests run a race-built server too, so
// that a data race inside the server fails them.
const raceServer = true
