// Package nodeerr words a failed file-system call the way Node.js does, for
// the warnings of reference agents written for Node.
package nodeerr

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"github.com/promptc/promptc/sources"
)

// Message renders err the way Node.js formats a failed fs call, e.g.
// "EACCES: permission denied, open '/a/b'". Reference agents written for
// Node put this text in their warnings; promptc prints the same.
//
// The two failures promptc adds keep their own text: a file too large for
// a JavaScript string gets V8's message (what Node throws for it), and a
// file that is not a regular file says so (pi would block reading it).
func Message(err error, op, abs string) string {
	var tl *sources.TooLargeError
	if errors.As(err, &tl) {
		return tl.Error()
	}
	var nr *sources.NotRegularError
	if errors.As(err, &nr) {
		return nr.Error()
	}
	var or *sources.OutsideRootsError
	if errors.As(err, &or) {
		return or.Error()
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		if code, text, ok := errnoText(errno); ok {
			return fmt.Sprintf("%s: %s, %s '%s'", code, text, op, abs)
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("ENOENT: no such file or directory, %s '%s'", op, abs)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("EACCES: permission denied, %s '%s'", op, abs)
	}
	return fmt.Sprintf("%v, %s '%s'", err, op, abs)
}

func errnoText(e syscall.Errno) (code, text string, ok bool) {
	switch e {
	case syscall.EACCES:
		return "EACCES", "permission denied", true
	case syscall.ENOENT:
		return "ENOENT", "no such file or directory", true
	case syscall.EISDIR:
		return "EISDIR", "illegal operation on a directory", true
	case syscall.ENOTDIR:
		return "ENOTDIR", "not a directory", true
	case syscall.ELOOP:
		return "ELOOP", "too many symbolic links encountered", true
	case syscall.EPERM:
		return "EPERM", "operation not permitted", true
	case syscall.ENAMETOOLONG:
		return "ENAMETOOLONG", "name too long", true
	}
	return "", "", false
}
