// Package lazyre defers compiling a package's regular expressions to
// their first use: a package-level regexp.MustCompile runs in every
// promptc process at start-up, whether the command needs it or not.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr on its first call (panicking,
// as regexp.MustCompile does, on a bad expression) and returns that same
// *regexp.Regexp on every call, from any goroutine.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
