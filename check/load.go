package check

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
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

// Load reads and parses the checks file at path. A named pipe, device or
// directory is an error at once, never a hang (readRegular).
func Load(path string) (*Config, error) {
	data, err := readRegular(path, path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// readRegular reads a file promptc check names (the checks file, a
// golden) by the rule project files are read by: opened once without
// blocking, a regular file of at most host.MaxFileBytes (sources.ReadFileMax).
// Errors name the file as shown.
func readRegular(name, shown string) ([]byte, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, err
	}
	data, err := sources.ReadFileMax(osfs.Root(), filepath.ToSlash(abs), host.MaxFileBytes)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, &fs.PathError{Op: pe.Op, Path: shown, Err: pe.Err}
	}
	return data, err
}
