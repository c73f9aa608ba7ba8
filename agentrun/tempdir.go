package agentrun

import (
	"os"
)

// NewPrivateDir makes the directory of one run's hand-over files: mode
// 0700 under the system temp dir (or tmp), named promptc-run-*. The
// caller removes it with os.RemoveAll when the run ends, whatever the
// outcome.
func NewPrivateDir(tmp string) (string, error) {
	d, err := os.MkdirTemp(tmp, "promptc-run-")
	if err != nil {
		return "", err
	}
	if err := os.Chmod(d, 0o700); err != nil {
		os.RemoveAll(d)
		return "", err
	}
	return d, nil
}
