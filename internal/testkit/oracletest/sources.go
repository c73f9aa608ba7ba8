package oracletest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// DependOnModule makes the calling test's cached result depend on the
// module's sources: go test caches a result keyed by the files the test
// process opened, and a test that builds promptc with `go build` in a
// child process opens none of them itself. It opens every Go, YAML, JSON
// and TypeScript file below the module root (the directory holding
// go.mod above the working directory), outside testdata.
func DependOnModule() error {
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil // no module: nothing to depend on
		}
		dir = parent
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(p) {
		case ".go", ".yaml", ".json", ".ts", ".mod", ".sum", ".py":
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			return f.Close()
		}
		return nil
	})
}
