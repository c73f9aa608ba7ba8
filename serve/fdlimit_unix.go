//go:build unix

package serve

import "syscall"

// fdLimit is the process's limit on open file descriptors, or 0 when it
// cannot be read.
func fdLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil || r.Cur > 1<<30 {
		return 0
	}
	return int(r.Cur)
}
