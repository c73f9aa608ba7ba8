//go:build !unix

package main

import "time"

// processCPU is 0 where there is no getrusage: no cpu-ms/op is reported.
func processCPU() time.Duration { return 0 }
