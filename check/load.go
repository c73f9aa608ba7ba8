package check

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Find returns the checks file of the repository holding dir: the first
// .promptc/checks.yaml in dir or its ancestors.
func Find(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		p := filepath.Join(d, filepath.FromSlash(FileName))
		if _, err := os.Stat(p); err == nil {
			return p, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no %s in %s or above it (the minimal form is checks: [{pipeline: default, cwd: .}])", FileName, abs)
		}
	}
}

// Load reads and parses the checks file at path.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}
