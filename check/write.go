package check

import (
	"os"
	"path/filepath"

	"github.com/promptc/promptc/casetest"
)

// writeFileAtomic writes a golden the way case files are written
// (casetest.WriteCaseFile: a temporary file beside it, synced, renamed
// over it, the directory synced; never through a symbolic link), making
// its directory first.
func writeFileAtomic(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	return casetest.WriteCaseFile(name, data)
}
