//go:build !unix

package serve

// fdLimit is the process's limit on open file descriptors, or 0 when it
// cannot be read (here: never).
func fdLimit() int { return 0 }
