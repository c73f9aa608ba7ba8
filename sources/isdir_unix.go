//go:build unix

package sources

import "syscall"

// errIsDir is the error of reading a directory as a file (EISDIR), which
// CheckRegular gives for any FS so that its text is the system's.
var errIsDir error = syscall.EISDIR
