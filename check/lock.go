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
// directory; unlock releases it and removes the lock file. A lock held by
// another run is a *LockedError, at once (no waiting). The lock is the
// operating system's (flock on Unix), so a run that dies releases it; a
// lock file its holder removed while this run waited for it is not taken
// (this run opens the new one).
func Lock(c *Config) (unlock func(), err error) {
	if err := os.MkdirAll(c.GoldenDir, 0o777); err != nil {
		return nil, err
	}
	name := filepath.Join(c.GoldenDir, LockName)
	for range 10 {
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
		mine, err1 := f.Stat()
		now, err2 := os.Stat(name)
		if err1 == nil && err2 == nil && os.SameFile(mine, now) {
			return func() { _ = os.Remove(name); _ = unlockFile(f); _ = f.Close() }, nil
		}
		f.Close() // the holder removed it as we took it: take the new one
	}
	return nil, &LockedError{Path: c.rel(name)}
}
