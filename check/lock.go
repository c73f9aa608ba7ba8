package check

import (
	"fmt"
	"os"
	"path/filepath"
)

// LockName is the lock file of --update, in the golden directory.
const LockName = ".lock"

// LockedError is a golden directory another promptc check --update is
// writing.
type LockedError struct{ Path string }

func (e *LockedError) Error() string {
	return fmt.Sprintf("%s: another promptc check --update is writing these goldens; run again once it ends", e.Path)
}

// Lock takes the golden directory's lock for an update, creating the
// directory; unlock releases it. A lock held by another run is a
// *LockedError, at once (no waiting). The lock is the operating system's
// (flock on Unix), so a run that dies releases it.
func Lock(c *Config) (unlock func(), err error) {
	if err := os.MkdirAll(c.GoldenDir, 0o777); err != nil {
		return nil, err
	}
	name := filepath.Join(c.GoldenDir, LockName)
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	held, err := tryLock(f)
	if err != nil || !held {
		f.Close()
		if err == nil {
			err = &LockedError{Path: c.rel(name)}
		}
		return nil, err
	}
	return func() { _ = unlockFile(f); _ = f.Close() }, nil
}
