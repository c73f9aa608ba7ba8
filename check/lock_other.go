//go:build !unix

package check

import (
	"errors"
	"os"
)

// tryLock is not available off Unix: promptc check --update says so
// rather than write goldens unlocked.
func tryLock(*os.File) (bool, error) {
	return false, errors.New("promptc check --update locks its goldens with flock, which this system lacks")
}

func unlockFile(*os.File) error { return nil }
