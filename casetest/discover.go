package casetest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CaseFile names a case file to run.
type CaseFile struct {
	// Path is the file as found: the argument, or the directory argument
	// joined with the file's path below it.
	Path string
	// Name is the path relative to the directory searched (the file's
	// base name for a file argument), slash-separated, without ".txtar".
	Name string
}

// Discover lists the case files that args name: a file is one case, a
// directory holds every *.txtar file below it (directories whose name
// starts with "." or "_" are skipped), in lexical order. A path that does
// not exist, a directory without cases, or a named file that is not a
// regular file (a [NotCaseFileError]: a named pipe, a device) is an
// error; files found below a directory that are not regular are skipped.
// Nothing is opened here: the runner reads each case with [ReadCaseFile].
func Discover(args []string) ([]CaseFile, error) {
	var out []CaseFile
	seen := map[string]bool{}
	add := func(cf CaseFile) {
		if !seen[cf.Path] {
			seen[cf.Path] = true
			out = append(out, cf)
		}
	}
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			if !info.Mode().IsRegular() {
				return nil, &NotCaseFileError{Path: arg, Mode: info.Mode()}
			}
			add(CaseFile{Path: arg, Name: strings.TrimSuffix(filepath.Base(arg), ".txtar")})
			continue
		}
		n := 0
		err = filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != arg && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".txtar") || !d.Type().IsRegular() {
				return nil
			}
			rel, err := filepath.Rel(arg, p)
			if err != nil {
				return err
			}
			n++
			add(CaseFile{Path: p, Name: strings.TrimSuffix(filepath.ToSlash(rel), ".txtar")})
			return nil
		})
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, fmt.Errorf("%s: no case files (*.txtar)", arg)
		}
	}
	return out, nil
}
